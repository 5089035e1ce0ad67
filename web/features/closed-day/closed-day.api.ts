// The owner's closed days: the list, closing a date (or one meal of it) and opening it again. Each
// moves end dates, so like every owner write it refreshes every read.
import type { components } from '@generated/api';
import { byId, useApiMutation, useApiQuery } from '@web/api/query';

export type ClosedDay = components['schemas']['ClosedDay'];
export type ClosedDayCreate = components['schemas']['ClosedDayCreate'];

export const useClosedDays = () =>
  useApiQuery('/owner/closed-days/', undefined, { role: 'business' });

export const useCloseDay = () =>
  useApiMutation('post', '/owner/closed-days/', {
    init: (body: ClosedDayCreate) => ({ body }),
    refreshes: 'all',
  });

export const useRemoveClosedDay = () =>
  useApiMutation('post', '/owner/closed-days/{id}/remove/', {
    init: ({ id }: { id: number }) => byId(id),
    refreshes: 'all',
  });

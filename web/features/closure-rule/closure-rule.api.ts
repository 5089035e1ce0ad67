// The owner's weekly closures: the list, making one ("every Sunday dinner") and withdrawing it. Each
// closes or opens dates and so moves end dates: like every owner write it refreshes every read.
import type { components } from '@generated/api';
import { byId, useApiMutation, useApiQuery } from '@web/api/query';

export type ClosureRule = components['schemas']['ClosureRule'];
export type ClosureRuleCreate = components['schemas']['ClosureRuleCreate'];

export const useClosureRules = () =>
  useApiQuery('/owner/closure-rules/', undefined, { role: 'business' });

export const useCreateClosureRule = () =>
  useApiMutation('post', '/owner/closure-rules/', {
    init: (body: ClosureRuleCreate) => ({ body }),
    refreshes: 'all',
  });

export const useWithdrawClosureRule = () =>
  useApiMutation('post', '/owner/closure-rules/{id}/withdraw/', {
    init: ({ id }: { id: number }) => byId(id),
    refreshes: 'all',
  });

// The owner's staff: the list, adding a member (an SMS invite), changing a name or role, and the
// row's commands the staff machine offers (a new invite, deactivate, reactivate).
import type { components } from '@generated/api';
import type { StaffEventType } from '@machines/staff';
import { type ApiPath, apiFetch } from '@web/api/call';
import type { ApiClient } from '@web/api/client';
import { byId, useApiMutation, useApiQuery, useApiWrite } from '@web/api/query';

export type StaffMember = components['schemas']['StaffMember'];
export type StaffCreate = components['schemas']['StaffCreate'];
export type StaffUpdate = components['schemas']['StaffUpdate'];

const STAFF = '/owner/staff/' satisfies ApiPath<'get'>;

/** The staff list; `enabled` false for an account that may not read it (a manager). */
export const useStaff = (enabled = true) =>
  useApiQuery(STAFF, undefined, { role: 'business', enabled });

export const useAddStaff = () =>
  useApiMutation('post', '/owner/staff/', {
    init: (body: StaffCreate) => ({ body }),
    refreshes: [STAFF],
  });

export const useUpdateStaff = () =>
  useApiMutation('patch', '/owner/staff/{id}/', {
    init: ({ id, body }: { id: number; body: StaffUpdate }) => ({ ...byId(id), body }),
    refreshes: [STAFF],
  });

/** The row's commands that are one POST each (staff.update is a form: useUpdateStaff). */
export type StaffCommand = Exclude<StaffEventType, 'staff.update' | 'staff.claim'>;

/** Sends `command` for member `id`; the server answers the member as it now is. */
export function sendStaffCommand(
  api: ApiClient,
  { id, command }: { id: number; command: StaffCommand },
): Promise<StaffMember> {
  switch (command) {
    case 'staff.resend_invite':
      return apiFetch(api, 'post', '/owner/staff/{id}/resend_invite/', byId(id));
    case 'staff.deactivate':
      return apiFetch(api, 'post', '/owner/staff/{id}/deactivate/', byId(id));
    case 'staff.reactivate':
      return apiFetch(api, 'post', '/owner/staff/{id}/reactivate/', byId(id));
  }
}

export const useStaffCommand = () => useApiWrite(sendStaffCommand, { refreshes: [STAFF] });

// TEMPORARY, on the routes branch only: the staff operations (/owner/staff/…) are in the contract
// but their handlers come from the staff branch. Until that merges, they answer 501 so the app
// starts; registry.ts spreads these first, so the real handlers replace them. Delete on merge.
import { detailError } from './errors.js';
import type { Handlers } from './http.js';

const notBuiltYet = async (): Promise<never> => {
  throw detailError(501, 'Staff accounts are not built on this branch yet.', 'server_error');
};

export function staffPendingHandlers() {
  return {
    ownerListStaff: notBuiltYet,
    ownerAddStaff: notBuiltYet,
    ownerGetStaff: notBuiltYet,
    ownerUpdateStaff: notBuiltYet,
    ownerDeactivateStaff: notBuiltYet,
    ownerReactivateStaff: notBuiltYet,
    ownerResendStaffInvite: notBuiltYet,
  } satisfies Partial<Handlers>;
}

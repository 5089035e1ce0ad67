// TEMPORARY, on the routes branch only: the staff operations (/owner/staff/…) are in the contract
// but their handlers come from the staff branch. Until that merges, they refuse everyone (403, an
// answer the contract documents) so the app starts; registry.ts spreads these first, so the real
// handlers replace them. Delete on merge.
import { forbidden } from './errors.js';
import type { Handlers } from './http.js';

const notBuiltYet = async (): Promise<never> => {
  throw forbidden('Staff accounts are not built on this branch yet.');
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

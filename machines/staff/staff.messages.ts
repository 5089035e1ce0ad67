// Every sentence the staff lifecycle refuses with (machines/shared/refusals.ts), and how screens
// name its roles and statuses.
import type { RefusalTable } from '../shared/lifecycle';
import { refusal } from '../shared/refusals';
import type { StaffRole } from './staff.rules';
import type { StaffEvent, StaffStatus } from './staff.types';

export const staffRefusals = {
  states: {
    deactivated: refusal('staff.deactivated'),
  },
  events: {
    'staff.claim': refusal('staff.not_invited'),
    'staff.resend_invite': refusal('staff.not_invited'),
    'staff.update': refusal('staff.deactivated'),
    'staff.deactivate': refusal('staff.deactivated'),
    'staff.reactivate': refusal('staff.not_deactivated'),
  },
  guards: {},
} as const satisfies RefusalTable<StaffEvent, StaffStatus>;

export const STAFF_STATUS_LABELS: Readonly<Record<StaffStatus, string>> = {
  invited: 'Invited',
  active: 'Active',
  deactivated: 'Deactivated',
};

export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  manager: 'Manager',
  kitchen: 'Kitchen',
  delivery: 'Delivery',
};

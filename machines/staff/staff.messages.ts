// Every sentence the staff lifecycle refuses with (machines/shared/refusals.ts), and how screens
// name its roles and statuses.
import { labelsOf } from '../shared/labels';
import type { RefusalTable } from '../shared/lifecycle';
import { refusal } from '../shared/refusals';
import { STAFF_ROLES } from './staff.rules';
import { STAFF_STATUSES, type StaffEvent, type StaffStatus } from './staff.types';

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

export const STAFF_STATUS_LABELS = labelsOf(STAFF_STATUSES);

export const STAFF_ROLE_LABELS = labelsOf(STAFF_ROLES);

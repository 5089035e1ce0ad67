// The staff page's plain rules: which buttons a row offers (the staff machine's), where its invite
// stands, and which sentence a refusal shows (the refusal catalogue's, by error_code).
import { allowedEvents } from '@machines/shared';
import {
  STAFF_ROLES,
  staffFromApi,
  staffMachine,
  type StaffEventType,
  type StaffRole,
} from '@machines/staff';
import { ApiError, fieldErrors } from '@web/api/errors';
import type { StaffMember } from './staff.api';
import type { MessageId } from '@web/i18n/i18n';
import { apiRefusalText, refusalKeyText } from '@web/i18n/refusals';

/** The owner's buttons on a member's row, in the machine's order. */
export function staffRowActions(member: StaffMember): StaffEventType[] {
  return allowedEvents(staffMachine, staffFromApi(member));
}

/** Where an invited member's link stands at `nowMs`: usable, expired, or none (not invited). */
export function inviteState(member: StaffMember, nowMs: number): 'valid' | 'expired' | null {
  if (member.status !== 'invited' || member.invite_expires_at === null) return null;
  return Date.parse(member.invite_expires_at) > nowMs ? 'valid' : 'expired';
}

/** The refusal's sentence from the catalogue when the server names one, else its own or `fallback`. */
export const staffRefusal = apiRefusalText;

/**
 * The dialog's field errors: the server's per field, and a refusal that belongs to one field (a
 * phone that is taken) in the catalogue's words under that field.
 */
export function staffFieldErrors(error: unknown): Record<string, string> {
  const errors = fieldErrors(error);
  const code = error instanceof ApiError ? error.body?.error_code : undefined;
  if (code === 'staff.phone_taken') errors.phone = refusalKeyText(code);
  return errors;
}

/** Each role's one-line explanation in the add and change dialogs. */
export const STAFF_ROLE_HINTS: Readonly<Record<StaffRole, MessageId>> = {
  manager: 'staff.roleHint.manager',
  kitchen: 'staff.roleHint.kitchen',
  delivery: 'staff.roleHint.delivery',
};

export const ROLE_CHOICES: readonly StaffRole[] = STAFF_ROLES;

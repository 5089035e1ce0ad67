import { setup } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { staffRefusals } from './staff.messages';
import { staffActionProbes, type STAFF_STATUSES } from './staff.rules';

export type StaffStatus = (typeof STAFF_STATUSES)[number];
export type StaffStateValue = StaffStatus;

export type StaffEvent =
  /** The member claimed the SMS invite (phone OTP, then a username and password). */
  | { readonly type: 'staff.claim' }
  /** The owner sends a new invite link (the old one stops working). */
  | { readonly type: 'staff.resend_invite' }
  /** The owner changes the member's name or role. */
  | { readonly type: 'staff.update' }
  /** The owner deactivates the member: no sign-in, every session ends. */
  | { readonly type: 'staff.deactivate' }
  /** The owner lets a deactivated member back in. */
  | { readonly type: 'staff.reactivate' };

export type StaffEventType = StaffEvent['type'];

/** Whether the member ever claimed the invite (a reactivated member goes back to it). */
export interface StaffContext {
  readonly claimed: boolean;
}

// A staff account is added by the owner (invited), becomes active when its invite is claimed,
// and can be deactivated at any time and reactivated: back to active if it was ever claimed,
// otherwise invited again (with a new invite).
export const staffMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as StaffContext,
      events: {} as StaffEvent,
      input: {} as StaffContext,
      tags: {} as 'can_sign_in',
    },
    guards: {
      wasClaimed: ({ context }) => context.claimed,
    },
  }).createMachine({
    id: 'staff',
    initial: 'invited',
    context: ({ input }) => input,
    meta: lifecycleMeta<StaffEvent, StaffStateValue>({
      refusals: staffRefusals,
      actions: staffActionProbes,
    }),
    states: {
      invited: {
        on: {
          'staff.claim': { target: 'active' },
          'staff.resend_invite': { target: 'invited' },
          'staff.update': { target: 'invited' },
          'staff.deactivate': { target: 'deactivated' },
        },
      },
      active: {
        tags: ['can_sign_in'],
        on: {
          'staff.update': { target: 'active' },
          'staff.deactivate': { target: 'deactivated' },
        },
      },
      deactivated: {
        on: {
          'staff.reactivate': [{ target: 'active', guard: 'wasClaimed' }, { target: 'invited' }],
        },
      },
    },
  }),
);

export type StaffMachine = typeof staffMachine;

import { setup } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { staffRefusals } from './staff.messages';
import { staffActionProbes } from './staff.rules';
import type { StaffStatus, StaffEvent, StaffContext } from './staff.types';

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
    meta: lifecycleMeta<StaffEvent, StaffStatus>({
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

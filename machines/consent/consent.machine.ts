import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { consentRefusals } from './consent.messages';
import { consentActionProbes } from './consent.rules';
import type { ConsentStatus, ConsentContext, ConsentEvent } from './consent.types';

// Consent (DPDP Act; Meta's opt-in rule for WhatsApp) is given per channel and purpose and taken
// back at once by the same person. A grant the owner records for spoken consent names who recorded
// it. Withdrawn consent can be given again (a reply of START after STOP); each grant is its own
// record, so the history of yes and no is kept.
export const consentMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as ConsentContext,
      events: {} as ConsentEvent,
      input: {} as ConsentContext,
      tags: {} as 'consented',
    },
    actions: {
      recordGrant: assign(({ event }) => {
        assertEvent(event, 'consent.grant');
        return {
          method: event.method,
          recordedBy: event.method === 'owner_recorded' ? (event.recordedBy?.trim() ?? null) : null,
        };
      }),
      forgetGrant: assign({ method: null, recordedBy: null }),
    },
    guards: {
      hasRecorderName: ({ event }) =>
        event.type !== 'consent.grant' ||
        event.method !== 'owner_recorded' ||
        (event.recordedBy ?? '').trim().length > 0,
    },
  }).createMachine({
    id: 'consent',
    initial: 'none',
    context: ({ input }) => input,
    meta: lifecycleMeta<ConsentEvent, ConsentStatus>({
      refusals: consentRefusals,
      actions: consentActionProbes,
    }),
    states: {
      none: {
        on: {
          'consent.grant': { target: 'granted', guard: 'hasRecorderName', actions: 'recordGrant' },
        },
      },
      granted: {
        tags: ['consented'],
        on: { 'consent.withdraw': { target: 'withdrawn', actions: 'forgetGrant' } },
      },
      withdrawn: {
        on: {
          'consent.grant': { target: 'granted', guard: 'hasRecorderName', actions: 'recordGrant' },
        },
      },
    },
  }),
);

export type ConsentMachine = typeof consentMachine;

/** Messages of this channel and purpose may be sent. */
export const selectHasConsent = (snapshot: SnapshotFrom<ConsentMachine>) =>
  snapshot.hasTag('consented');

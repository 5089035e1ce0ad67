import { createActor, setup, type SnapshotFrom } from 'xstate';
import { defineMachine } from '../shared/lifecycle';
import type { ReminderStatus } from './reminder.rules';

/** What a claimed reminder is decided by when a run sends it (or retries it). */
export interface ReminderContext {
  /** The schedule still says it is due (dues still owed in the same episode; subscription still running). */
  readonly stillDue: boolean;
  /** The moment is inside quiet hours. */
  readonly quiet: boolean;
}

export type ReminderEvent =
  /** A scheduler run wins the unique insert of the reminder's key (or reclaims a stale one). */
  | { readonly type: 'reminder.claim' }
  /** The notifier took the message. */
  | { readonly type: 'reminder.sent' };

// One reminder: scheduled by the rules, claimed by exactly one run (the unique key), then sent, or
// skipped when it is no longer due by the time it is sent (the dues were paid). A claim in quiet
// hours stays queued until they end; a claim whose run died is retried by a later run.
export const reminderMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as ReminderContext,
      events: {} as ReminderEvent,
      input: {} as ReminderContext,
      tags: {} as 'pending' | 'done',
    },
    guards: {
      isNoLongerDue: ({ context }) => !context.stillDue,
      isOutsideQuietHours: ({ context }) => !context.quiet,
    },
  }).createMachine({
    id: 'reminder',
    initial: 'scheduled',
    context: ({ input }) => input,
    states: {
      scheduled: {
        tags: ['pending'],
        on: { 'reminder.claim': { target: 'queued' } },
      },
      // Claimed: the key is ours. Sent when still due and not quiet; skipped when no longer due.
      queued: {
        tags: ['pending'],
        always: [{ target: 'skipped', guard: 'isNoLongerDue' }],
        on: {
          'reminder.sent': {
            target: 'sent',
            guard: { type: 'isOutsideQuietHours' },
          },
        },
      },
      sent: { tags: ['done'], type: 'final' },
      skipped: { tags: ['done'], type: 'final' },
    },
  }),
);

export type ReminderMachine = typeof reminderMachine;

/** What a claimed reminder should do now: send it, wait (quiet hours), or skip it for good. */
export function reminderNextStep(context: ReminderContext): 'send' | 'wait' | 'skip' {
  const actor = createActor(reminderMachine, { input: context }).start();
  actor.send({ type: 'reminder.claim' });
  if (actor.getSnapshot().value === 'skipped') return 'skip';
  actor.send({ type: 'reminder.sent' });
  const step = actor.getSnapshot().value === 'sent' ? 'send' : 'wait';
  actor.stop();
  return step;
}

/** The stored status a snapshot stands for. */
export const reminderStatusOf = (snapshot: SnapshotFrom<ReminderMachine>): ReminderStatus =>
  snapshot.value === 'scheduled' ? 'queued' : (snapshot.value as ReminderStatus);

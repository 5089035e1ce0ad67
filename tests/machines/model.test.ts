// Model-based tests generated from the machines with @xstate/graph: the generated paths must cover
// every state and every transition of each machine definition.
import { createTestModel } from '@xstate/graph';
import type { StatePath, TestPath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, AnyEventObject } from 'xstate';
import {
  CheckoutDismissedError,
  decide,
  EffectError,
  feedbackMachine,
  leaveMachine,
  onboardingMachine,
  orderMachine,
  paymentMachine,
  paymentStatusMachine,
  type Persisted,
  refundMachine,
  restore,
  sessionMachine,
  subscriptionMachine,
} from '@machines';
import {
  coverageOf,
  definedStates,
  definedTransitions,
  extendToEveryTransition,
  initialSnapshotOf,
  transitionCoveringPaths,
} from './helpers/coverage';
import { jwt } from './helpers/tokens';
import { addDays } from '@machines/shared';

interface DomainModel {
  readonly name: string;
  readonly machine: AnyStateMachine;
  /** Where paths start: the machine's initial state for each input, plus restored records. */
  readonly starts: ReadonlyArray<
    { readonly input: unknown } | { readonly restore: Persisted<AnyStateMachine> }
  >;
  readonly events: readonly AnyEventObject[];
  /** Keeps path generation finite where an event grows the context. */
  readonly bound?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean;
}

const subscriptionInput = {
  durationDays: 30,
  startDate: null,
  baseEndDate: null,
  adjustedEndDate: null,
  leaveDays: 0,
  hasSuccessfulPayment: false,
  hasRefund: false,
  planActive: true,
};

const domainModels: DomainModel[] = [
  {
    name: 'leave',
    machine: leaveMachine,
    starts: [{ input: { startDate: '2025-03-10', endDate: '2025-03-12', adminComment: null } }],
    events: [
      { type: 'leave.approve', adminComment: 'Enjoy' },
      { type: 'leave.approve', adminComment: '   ' },
      { type: 'leave.reject', adminComment: 'Exams week' },
      { type: 'leave.reject', adminComment: '' },
      { type: 'leave.update', endDate: '2025-03-14' },
      { type: 'leave.update' },
      { type: 'leave.delete' },
    ],
  },
  {
    name: 'refund',
    machine: refundMachine,
    starts: [{ input: { adminComment: null, utr: null } }],
    events: [
      { type: 'refund.approve', adminComment: 'Approved' },
      { type: 'refund.approve', adminComment: ' ' },
      { type: 'refund.reject', adminComment: 'Used fully' },
      { type: 'refund.reject', adminComment: '' },
      { type: 'refund.mark_paid', adminComment: 'Sent', utr: 'UTR123' },
      { type: 'refund.mark_paid', adminComment: '' },
      { type: 'refund.update_payout' },
    ],
  },
  {
    name: 'subscription',
    machine: subscriptionMachine,
    starts: [
      { input: subscriptionInput },
      // A cancelled subscription whose refund was never created: only reachable from stored data.
      {
        restore: {
          value: 'CANCELLED',
          context: {
            ...subscriptionInput,
            startDate: '2025-01-01',
            baseEndDate: '2025-01-30',
            adjustedEndDate: '2025-01-30',
            hasSuccessfulPayment: true,
          },
        },
      },
    ],
    events: [
      { type: 'subscription.pay' },
      { type: 'subscription.delete' },
      { type: 'payment.succeeded', paidOn: '2025-01-01' },
      { type: 'subscription.request_leave' },
      { type: 'subscription.extend', days: 2 },
      { type: 'subscription.extend', days: 0 },
      { type: 'subscription.adjust', days: 2, reason: 'Kitchen closed', today: '2025-01-15' },
      { type: 'subscription.adjust', days: -2, reason: 'Opened early', today: '2025-01-15' },
      { type: 'subscription.adjust', days: 0, reason: 'Nothing', today: '2025-01-15' },
      // Queued (paid on 2025-01-01, asked the day before): moves; started: stays.
      { type: 'subscription.follow', days: 1, today: '2024-12-31' },
      { type: 'subscription.follow', days: 1, today: '2025-01-15' },
      { type: 'subscription.cancel' },
      { type: 'subscription.expire', today: '2025-01-15' },
      { type: 'subscription.expire', today: '2025-03-01' },
      { type: 'subscription.renew' },
      { type: 'subscription.request_refund' },
    ],
    bound: (snapshot, event) => {
      const context = snapshot.context as { leaveDays: number; adjustedEndDate: string | null };
      if (event.type === 'subscription.extend') return context.leaveDays < 2;
      if (event.type === 'subscription.follow') {
        return (context.adjustedEndDate ?? '') < addDays('2025-01-30', context.leaveDays + 2);
      }
      // The owner's extensions: at most one ahead of what leave added.
      if (event.type === 'subscription.adjust') {
        return (context.adjustedEndDate ?? '') < addDays('2025-01-30', context.leaveDays + 2);
      }
      return true;
    },
  },
  {
    name: 'feedback',
    machine: feedbackMachine,
    starts: [{ input: { hasResponse: false, canAddAttachments: null, attachmentCount: 0 } }],
    events: [
      { type: 'feedback.update' },
      { type: 'feedback.delete' },
      { type: 'feedback.add_attachment' },
      { type: 'feedback.remove_attachment' },
      { type: 'feedback.respond', response: 'Sorry, fixed it.' },
      { type: 'feedback.respond', response: '  ' },
      { type: 'feedback.set_status', status: 'resolved' },
      { type: 'feedback.set_status', status: 'resolved', response: 'Resolved.' },
      { type: 'feedback.set_status', status: 'closed' },
      { type: 'feedback.set_status', status: 'closed', response: 'Closing.' },
    ],
  },
  {
    name: 'paymentStatus',
    machine: paymentStatusMachine,
    starts: [{ input: { transactionId: null, failureReason: null } }],
    events: [
      { type: 'payment.mark_pending' },
      { type: 'payment.succeed', transactionId: 'pay_123' },
      { type: 'payment.succeed', transactionId: '' },
      { type: 'payment.fail', reason: 'Signature mismatch' },
      {
        type: 'payment.record_offline',
        transactionId: 'offline_123',
        offline: {
          amountPaise: 300000,
          amountDuePaise: 300000,
          mode: 'upi',
          reference: '412345678901',
          receivedOn: '2025-01-02',
          today: '2025-01-02',
          subscriptionCreatedOn: '2025-01-01',
        },
      },
      {
        type: 'payment.record_offline',
        transactionId: 'offline_124',
        offline: {
          amountPaise: 100000,
          amountDuePaise: 300000,
          mode: 'cash',
          reference: null,
          receivedOn: '2025-01-02',
          today: '2025-01-02',
          subscriptionCreatedOn: '2025-01-01',
        },
      },
    ],
  },
  {
    name: 'order',
    machine: orderMachine,
    starts: [
      { input: {} },
      // No event leads to failed (the server never writes it); stored data may hold it.
      { restore: { value: 'failed', context: {} } },
    ],
    events: [{ type: 'order.pay' }, { type: 'order.expire' }],
  },
  {
    name: 'onboarding',
    machine: onboardingMachine,
    starts: [{ input: { userType: 'student' } }, { input: { userType: 'regular' } }],
    events: [
      { type: 'onboarding.verify_otp' },
      {
        type: 'onboarding.complete_profile',
        profile: {
          isTiffinUser: true,
          isMessUser: false,
          studentProfile: {
            institute: 'KIET',
            studentId: 'S1',
            hostel: 'H1',
            year: '2nd',
            course: 'B.Tech',
          },
        },
      },
      {
        type: 'onboarding.complete_profile',
        profile: {
          isTiffinUser: false,
          isMessUser: true,
          regularProfile: {
            address: '1 Road',
            landmark: 'Temple',
            pincode: '201206',
            city: 'Ghaziabad',
          },
        },
      },
      { type: 'onboarding.complete_profile', profile: { isTiffinUser: true, isMessUser: true } },
    ],
  },
];

function eventsOf(path: StatePath<AnyMachineSnapshot, AnyEventObject>): AnyEventObject[] {
  return path.steps.slice(1).map((step) => step.event);
}

function expectFullCoverage(
  machine: AnyStateMachine,
  paths: ReadonlyArray<StatePath<AnyMachineSnapshot, AnyEventObject>>,
) {
  const covered = coverageOf(machine, paths);
  expect([...definedStates(machine)].filter((id) => !covered.states.has(id))).toEqual([]);
  expect(
    [...definedTransitions(machine).values()].filter((name) => !covered.transitions.has(name)),
  ).toEqual([]);
}

describe.each(domainModels)('$name: createTestModel paths', (model) => {
  const allPaths: Array<TestPath<AnyMachineSnapshot, AnyEventObject>> = [];
  for (const start of model.starts) {
    const fromState =
      'input' in start
        ? initialSnapshotOf(model.machine, start.input)
        : (restore(model.machine, start.restore) as AnyMachineSnapshot);
    const testModel = createTestModel(model.machine, {
      fromState,
      events: (snapshot: AnyMachineSnapshot) =>
        model.events.filter((event) => model.bound?.(snapshot, event) ?? true),
    } as never);
    const shortest = testModel.getShortestPaths({ allowDuplicatePaths: true }) as Array<
      TestPath<AnyMachineSnapshot, AnyEventObject>
    >;
    allPaths.push(
      ...extendToEveryTransition(model.machine, shortest, model.events, (prefix, event) => {
        const [path] = testModel.getPathsFromEvents([...eventsOf(prefix), event] as never, {
          fromState,
        }) as Array<TestPath<AnyMachineSnapshot, AnyEventObject>>;
        if (!path) throw new Error(`No path for ${JSON.stringify(event)}`);
        return path;
      }),
    );
  }

  it('covers every state and every transition of the definition', () => {
    expect(allPaths.length).toBeGreaterThan(0);
    expectFullCoverage(model.machine, allPaths);
  });

  it('replays every path through decide() on a stored record, and ends where the model does', async () => {
    for (const path of allPaths) {
      const first = path.steps[0]?.state;
      if (!first) throw new Error('empty path');
      // The "system under test" is a stored row: JSON in, decide(), JSON out.
      let record = JSON.parse(JSON.stringify({ value: first.value, context: first.context })) as {
        value: string;
        context: unknown;
      };
      const execute = ({ event }: { event: AnyEventObject }) => {
        const decision = decide(model.machine, record as never, event as never);
        if (decision.ok) {
          record = JSON.parse(JSON.stringify({ value: decision.next, context: decision.context }));
        }
      };
      await path.test({
        events: Object.fromEntries(model.events.map((event) => [event.type, execute])),
        states: {
          '*': (snapshot) => {
            expect(record.value).toEqual(snapshot.value);
            expect(record.context).toEqual(JSON.parse(JSON.stringify(snapshot.context)));
          },
        },
      });
    }
  });
});

const FRESH = jwt({ exp: Date.UTC(2100, 0, 1) / 1000 });
const EXPIRED = jwt({ exp: 1 });
const NO_EXP = jwt({ sub: '1' });

describe('session: shortest paths with explicit actor and delay events', () => {
  const events: AnyEventObject[] = [
    { type: 'xstate.done.actor.loadTokens', output: null },
    { type: 'xstate.done.actor.loadTokens', output: { access: FRESH, refresh: 'r1' } },
    { type: 'xstate.done.actor.loadTokens', output: { access: EXPIRED, refresh: 'r1' } },
    { type: 'xstate.done.actor.loadTokens', output: { access: EXPIRED, refresh: null } },
    { type: 'xstate.error.actor.loadTokens', error: new Error('unreadable') },
    { type: 'session.login', credentials: { username: 'asha', password: 'secret1' } },
    { type: 'xstate.done.actor.login', output: { access: FRESH, refresh: 'r1' } },
    { type: 'xstate.error.actor.login', error: new EffectError('refused', 'Bad password') },
    { type: 'session.tokens_received', tokens: { access: NO_EXP, refresh: null } },
    { type: 'session.tokens_received', tokens: { access: NO_EXP, refresh: 'r2' } },
    { type: 'xstate.after.checkInterval.session.loggedIn' },
    { type: 'session.unauthorized', requestId: 'req-1' },
    { type: 'xstate.done.actor.refreshTokens', output: { access: FRESH } },
    { type: 'xstate.error.actor.refreshTokens', error: new EffectError('session-expired') },
    // No signal: the check's refresh gets no answer, and the session stays.
    { type: 'xstate.error.actor.refreshTokens', error: new EffectError('network') },
    { type: 'session.logout' },
    { type: 'session.acknowledge' },
  ];
  const paths = transitionCoveringPaths(sessionMachine, { events });

  it('covers every state and every transition', () => {
    expectFullCoverage(sessionMachine, paths);
  });

  it('never keeps tokens in a signed-out state', () => {
    for (const path of paths) {
      for (const { state } of path.steps) {
        if (state.hasTag('signedOut')) {
          expect(state.context).toMatchObject({ accessToken: null, refreshToken: null });
        }
      }
    }
  });
});

describe('payment checkout: shortest paths with explicit actor events', () => {
  const order = { key: 'rzp_test', amount: 250000, currency: 'INR', order_id: 'order_1' };
  const checkout = {
    razorpay_payment_id: 'pay_1',
    razorpay_order_id: 'order_1',
    razorpay_signature: 'sig',
  };
  const events: AnyEventObject[] = [
    { type: 'payment.start', subscriptionId: 7 },
    { type: 'xstate.done.actor.createOrder', output: order },
    { type: 'xstate.error.actor.createOrder', error: new EffectError('network') },
    { type: 'xstate.done.actor.openCheckout', output: checkout },
    { type: 'xstate.error.actor.openCheckout', error: new CheckoutDismissedError() },
    { type: 'xstate.error.actor.openCheckout', error: new EffectError('refused', 'Card declined') },
    { type: 'xstate.done.actor.verifyPayment', output: { paymentId: 11 } },
    { type: 'xstate.error.actor.verifyPayment', error: new EffectError('refused') },
    { type: 'payment.retry' },
    { type: 'payment.reset' },
  ];
  const paths = transitionCoveringPaths(paymentMachine, { events });

  it('covers every state and every transition', () => {
    expectFullCoverage(paymentMachine, paths);
  });

  it('is busy exactly while an effect runs', () => {
    for (const path of paths) {
      for (const { state } of path.steps) {
        expect(state.hasTag('busy')).toBe(
          ['creatingOrder', 'awaitingCheckout', 'verifying'].includes(state.value as string),
        );
      }
    }
  });
});

describe('the coverage check itself', () => {
  it('fails when the generated paths miss a transition', () => {
    const events = [{ type: 'refund.approve', adminComment: 'ok' }];
    const paths = transitionCoveringPaths(refundMachine, {
      events,
      input: { adminComment: null, utr: null },
    });
    const covered = coverageOf(refundMachine, paths);
    const missing = [...definedTransitions(refundMachine).values()].filter(
      (name) => !covered.transitions.has(name),
    );
    expect(missing).toEqual([
      'refund.PENDING --refund.reject#0--> refund.REJECTED',
      'refund.PENDING --refund.update_payout#0--> refund.PENDING',
      'refund.APPROVED --refund.mark_paid#0--> refund.PAID',
    ]);
    expect(covered.states.has('refund.PAID')).toBe(false);
  });
});

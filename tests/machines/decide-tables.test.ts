// decide() and allowedEvents() for every domain machine × state × event: the table the server's
// agreement test and the web/CLI buttons rely on.
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyEventObject } from 'xstate';
import {
  allowedEvents,
  decide,
  feedbackMachine,
  leaveMachine,
  lifecycleOf,
  type OfflinePaymentFacts,
  onboardingMachine,
  orderMachine,
  paymentStatusMachine,
  refundMachine,
  type SubscriptionContext,
  subscriptionMachine,
} from '@machines';

/** Expected outcome: the next state value, or the refusal code. */
type Cell = { readonly next: string } | { readonly code: string };
const to = (next: string): Cell => ({ next });
const no = (code: string): Cell => ({ code });

interface Table {
  readonly name: string;
  readonly machine: AnyStateMachine;
  readonly context: Record<string, unknown>;
  /** One well-formed event per event type. */
  readonly events: readonly AnyEventObject[];
  readonly cells: Readonly<Record<string, Readonly<Record<string, Cell>>>>;
  readonly allowed: Readonly<Record<string, readonly string[]>>;
}

/** ₹3,000 in cash for a ₹3,000 subscription, received the day it was created: every rule holds. */
const cashInFull: OfflinePaymentFacts = {
  amountPaise: 300000,
  amountDuePaise: 300000,
  mode: 'cash',
  reference: null,
  receivedOn: '2025-01-01',
  today: '2025-01-03',
  subscriptionCreatedOn: '2025-01-01',
};

/** Paid, ended on 2025-01-30, refund possible: every guard passes where its state allows the event. */
const paidSubscription: SubscriptionContext = {
  durationDays: 30,
  startDate: '2025-01-01',
  baseEndDate: '2025-01-30',
  adjustedEndDate: '2025-01-30',
  leaveDays: 0,
  hasSuccessfulPayment: true,
  hasRefund: false,
  planActive: true,
};

const tables: Table[] = [
  {
    name: 'leave',
    machine: leaveMachine,
    context: { startDate: '2025-03-10', endDate: '2025-03-12', adminComment: null },
    events: [
      { type: 'leave.approve', adminComment: 'ok' },
      { type: 'leave.reject', adminComment: 'no' },
      { type: 'leave.update', endDate: '2025-03-13' },
      { type: 'leave.delete' },
    ],
    cells: {
      PENDING: {
        'leave.approve': to('APPROVED'),
        'leave.reject': to('REJECTED'),
        'leave.update': to('PENDING'),
        'leave.delete': to('DELETED'),
      },
      APPROVED: {
        'leave.approve': no('leave.not_pending'),
        'leave.reject': no('leave.not_pending'),
        'leave.update': no('leave.not_pending'),
        'leave.delete': no('leave.not_pending'),
      },
      REJECTED: {
        'leave.approve': no('leave.not_pending'),
        'leave.reject': no('leave.not_pending'),
        'leave.update': no('leave.not_pending'),
        'leave.delete': no('leave.not_pending'),
      },
      DELETED: {
        'leave.approve': no('leave.deleted'),
        'leave.reject': no('leave.deleted'),
        'leave.update': no('leave.deleted'),
        'leave.delete': no('leave.deleted'),
      },
    },
    allowed: {
      PENDING: ['leave.approve', 'leave.reject', 'leave.update', 'leave.delete'],
      APPROVED: [],
      REJECTED: [],
      DELETED: [],
    },
  },
  {
    name: 'refund',
    machine: refundMachine,
    context: { adminComment: null, utr: null },
    events: [
      { type: 'refund.approve', adminComment: 'ok' },
      { type: 'refund.reject', adminComment: 'no' },
      { type: 'refund.mark_paid', adminComment: 'paid', utr: 'UTR1' },
      { type: 'refund.update_payout' },
    ],
    cells: {
      PENDING: {
        'refund.approve': to('APPROVED'),
        'refund.reject': to('REJECTED'),
        'refund.mark_paid': no('refund.not_approved'),
        'refund.update_payout': to('PENDING'),
      },
      APPROVED: {
        'refund.approve': no('refund.not_pending'),
        'refund.reject': no('refund.not_pending'),
        'refund.mark_paid': to('PAID'),
        'refund.update_payout': no('refund.payout_locked'),
      },
      REJECTED: {
        'refund.approve': no('refund.not_pending'),
        'refund.reject': no('refund.not_pending'),
        'refund.mark_paid': no('refund.not_approved'),
        'refund.update_payout': no('refund.payout_locked'),
      },
      PAID: {
        'refund.approve': no('refund.not_pending'),
        'refund.reject': no('refund.not_pending'),
        'refund.mark_paid': no('refund.not_approved'),
        'refund.update_payout': no('refund.payout_locked'),
      },
    },
    allowed: {
      PENDING: ['refund.approve', 'refund.reject'],
      APPROVED: ['refund.mark_paid'],
      REJECTED: [],
      PAID: [],
    },
  },
  {
    name: 'subscription',
    machine: subscriptionMachine,
    context: { ...paidSubscription },
    events: [
      { type: 'subscription.pay' },
      { type: 'subscription.delete' },
      { type: 'payment.succeeded', paidOn: '2025-01-01' },
      { type: 'subscription.request_leave' },
      { type: 'subscription.cancel' },
      { type: 'subscription.expire', today: '2025-01-31' },
      { type: 'subscription.extend', days: 3 },
      { type: 'subscription.adjust', days: 2, reason: 'Kitchen closed', today: '2025-01-15' },
      // Queued behind another plan: before its first day, it moves with that plan's end.
      { type: 'subscription.follow', days: 2, today: '2024-12-20' },
      { type: 'subscription.renew' },
      { type: 'subscription.request_refund' },
    ],
    cells: {
      PENDING_PAYMENT: {
        'subscription.pay': to('PENDING_PAYMENT'),
        'subscription.delete': to('DELETED'),
        'payment.succeeded': to('ACTIVE'),
        'subscription.request_leave': no('subscription.not_active'),
        'subscription.cancel': no('subscription.not_active'),
        'subscription.expire': no('subscription.not_active'),
        'subscription.extend': no('subscription.not_active'),
        'subscription.adjust': no('subscription.not_active'),
        'subscription.follow': no('subscription.not_active'),
        'subscription.renew': no('subscription.not_expired'),
        'subscription.request_refund': no('subscription.not_cancelled'),
      },
      ACTIVE: {
        'subscription.pay': no('subscription.not_pending_payment'),
        'subscription.delete': no('subscription.not_pending_payment'),
        'payment.succeeded': no('subscription.not_pending_payment'),
        'subscription.request_leave': to('ACTIVE'),
        'subscription.cancel': to('CANCELLED'),
        'subscription.expire': to('EXPIRED'),
        'subscription.extend': to('ACTIVE'),
        'subscription.adjust': to('ACTIVE'),
        'subscription.follow': to('ACTIVE'),
        'subscription.renew': no('subscription.not_expired'),
        'subscription.request_refund': no('subscription.not_cancelled'),
      },
      EXPIRED: {
        'subscription.pay': no('subscription.not_pending_payment'),
        'subscription.delete': no('subscription.not_pending_payment'),
        'payment.succeeded': no('subscription.not_pending_payment'),
        'subscription.request_leave': no('subscription.not_active'),
        'subscription.cancel': no('subscription.not_active'),
        'subscription.expire': no('subscription.not_active'),
        'subscription.extend': no('subscription.not_active'),
        'subscription.adjust': no('subscription.not_active'),
        'subscription.follow': no('subscription.not_active'),
        'subscription.renew': to('EXPIRED'),
        'subscription.request_refund': no('subscription.not_cancelled'),
      },
      CANCELLED: {
        'subscription.pay': no('subscription.not_pending_payment'),
        'subscription.delete': no('subscription.not_pending_payment'),
        'payment.succeeded': no('subscription.not_pending_payment'),
        'subscription.request_leave': no('subscription.not_active'),
        'subscription.cancel': no('subscription.not_active'),
        'subscription.expire': no('subscription.not_active'),
        'subscription.extend': no('subscription.not_active'),
        'subscription.adjust': no('subscription.not_active'),
        'subscription.follow': no('subscription.not_active'),
        'subscription.renew': no('subscription.not_expired'),
        'subscription.request_refund': to('CANCELLED'),
      },
      DELETED: Object.fromEntries(
        [
          'subscription.pay',
          'subscription.delete',
          'payment.succeeded',
          'subscription.request_leave',
          'subscription.cancel',
          'subscription.expire',
          'subscription.extend',
          'subscription.adjust',
          'subscription.follow',
          'subscription.renew',
          'subscription.request_refund',
        ].map((type) => [type, no('subscription.deleted')]),
      ),
    },
    allowed: {
      PENDING_PAYMENT: ['subscription.pay', 'subscription.delete'],
      ACTIVE: ['subscription.request_leave', 'subscription.cancel'],
      EXPIRED: ['subscription.renew'],
      CANCELLED: ['subscription.request_refund'],
      DELETED: [],
    },
  },
  {
    name: 'feedback',
    machine: feedbackMachine,
    context: { hasResponse: true, canAddAttachments: null, attachmentCount: 0 },
    events: [
      { type: 'feedback.update' },
      { type: 'feedback.delete' },
      { type: 'feedback.add_attachment' },
      { type: 'feedback.remove_attachment' },
      { type: 'feedback.respond', response: 'Thanks' },
      { type: 'feedback.set_status', status: 'resolved' },
    ],
    cells: {
      open: {
        'feedback.update': to('open'),
        'feedback.delete': to('deleted'),
        'feedback.add_attachment': to('open'),
        'feedback.remove_attachment': no('feedback.no_attachment'),
        'feedback.respond': to('in_progress'),
        'feedback.set_status': to('resolved'),
      },
      ...Object.fromEntries(
        (['in_progress', 'resolved', 'closed'] as const).map((state) => [
          state,
          {
            'feedback.update': no('feedback.not_open'),
            'feedback.delete': no('feedback.not_open'),
            'feedback.add_attachment': no('feedback.not_open'),
            'feedback.remove_attachment': no('feedback.not_open'),
            'feedback.respond': to(state),
            'feedback.set_status': to('resolved'),
          },
        ]),
      ),
      deleted: {
        'feedback.update': no('feedback.deleted'),
        'feedback.delete': no('feedback.deleted'),
        'feedback.add_attachment': no('feedback.deleted'),
        'feedback.remove_attachment': no('feedback.deleted'),
        'feedback.respond': no('feedback.deleted'),
        'feedback.set_status': no('feedback.deleted'),
      },
    },
    allowed: {
      open: [
        'feedback.update',
        'feedback.delete',
        'feedback.add_attachment',
        'feedback.respond',
        'feedback.set_status',
      ],
      in_progress: ['feedback.respond', 'feedback.set_status'],
      resolved: ['feedback.respond', 'feedback.set_status'],
      closed: ['feedback.respond', 'feedback.set_status'],
      deleted: [],
    },
  },
  {
    name: 'paymentStatus',
    machine: paymentStatusMachine,
    context: { transactionId: null, failureReason: null },
    events: [
      { type: 'payment.mark_pending' },
      { type: 'payment.succeed', transactionId: 'pay_1' },
      { type: 'payment.fail', reason: 'bad signature' },
      { type: 'payment.record_offline', transactionId: 'offline_1', offline: cashInFull },
    ],
    cells: {
      INITIATED: {
        'payment.mark_pending': to('PENDING'),
        'payment.succeed': to('SUCCESS'),
        'payment.fail': to('FAILED'),
        'payment.record_offline': to('SUCCESS'),
      },
      PENDING: {
        'payment.mark_pending': no('payment.not_initiated'),
        'payment.succeed': to('SUCCESS'),
        'payment.fail': to('FAILED'),
        'payment.record_offline': no('payment.not_new'),
      },
      SUCCESS: {
        'payment.mark_pending': no('payment.not_initiated'),
        'payment.succeed': no('payment.already_settled'),
        'payment.fail': no('payment.already_settled'),
        'payment.record_offline': no('payment.not_new'),
      },
      FAILED: {
        'payment.mark_pending': no('payment.not_initiated'),
        'payment.succeed': no('payment.already_settled'),
        'payment.fail': no('payment.already_settled'),
        'payment.record_offline': no('payment.not_new'),
      },
    },
    allowed: { INITIATED: [], PENDING: [], SUCCESS: [], FAILED: [] },
  },
  {
    name: 'order',
    machine: orderMachine,
    context: {},
    events: [{ type: 'order.pay' }, { type: 'order.expire' }],
    cells: {
      created: { 'order.pay': to('paid'), 'order.expire': to('expired') },
      // The provider may capture after the order closed here: the money still counts.
      expired: { 'order.pay': to('paid'), 'order.expire': no('order.not_open') },
      failed: { 'order.pay': to('paid'), 'order.expire': no('order.not_open') },
      paid: { 'order.pay': no('order.already_paid'), 'order.expire': no('order.already_paid') },
    },
    allowed: { created: [], expired: [], failed: [], paid: [] },
  },
  {
    name: 'onboarding',
    machine: onboardingMachine,
    context: { userType: 'student' },
    events: [
      { type: 'onboarding.verify_otp' },
      {
        type: 'onboarding.complete_profile',
        profile: {
          isTiffinUser: false,
          isMessUser: true,
          studentProfile: {
            institute: 'ITS',
            studentId: '9',
            hostel: 'B',
            year: '3rd',
            course: 'MBA',
          },
        },
      },
    ],
    cells: {
      unverified: {
        'onboarding.verify_otp': to('registration_complete'),
        'onboarding.complete_profile': no('onboarding.otp_required'),
      },
      registration_complete: {
        'onboarding.verify_otp': no('onboarding.already_verified'),
        'onboarding.complete_profile': to('profile_complete'),
      },
      profile_complete: {
        'onboarding.verify_otp': no('onboarding.already_verified'),
        'onboarding.complete_profile': to('profile_complete'),
      },
    },
    allowed: {
      unverified: ['onboarding.verify_otp'],
      registration_complete: ['onboarding.complete_profile'],
      profile_complete: ['onboarding.complete_profile'],
    },
  },
];

function outcome(table: Table, state: string, event: AnyEventObject): Cell {
  const decision = decide(
    table.machine,
    { value: state, context: table.context } as never,
    event as never,
  );
  return decision.ok ? to(String(decision.next)) : no(decision.code);
}

describe.each(tables)('$name: decide() table', (table) => {
  const states = Object.keys(table.machine.root.states);
  const eventTypes = [...new Set(table.machine.events)].filter(
    (type) => !type.startsWith('xstate.'),
  );

  it('the table names every state and every event of the machine', () => {
    expect(Object.keys(table.cells).sort()).toEqual([...states].sort());
    expect(table.events.map((event) => event.type).sort()).toEqual([...eventTypes].sort());
    for (const state of states) {
      expect(Object.keys(table.cells[state] ?? {}).sort()).toEqual([...eventTypes].sort());
    }
  });

  const rows = states.flatMap((state) =>
    table.events.map((event) => ({ state, event, expected: table.cells[state]?.[event.type] })),
  );
  it.each(rows)('$state + $event.type', ({ state, event, expected }) => {
    expect(outcome(table, state, event)).toEqual(expected);
  });

  it.each(states)('allowedEvents(%s)', (state) => {
    expect(allowedEvents(table.machine, { value: state, context: table.context } as never)).toEqual(
      table.allowed[state],
    );
  });

  it('every refusal has a code under the machine and a sentence', () => {
    const { refusals } = lifecycleOf(table.machine);
    const all = [
      ...Object.values(refusals.states ?? {}),
      ...Object.values(refusals.events),
      ...Object.values(refusals.guards),
    ];
    for (const refusal of all) {
      expect(refusal?.code).toMatch(
        new RegExp(`^${table.name === 'paymentStatus' ? 'payment' : table.name}\\.[a-z_]+$`),
      );
      expect(refusal?.message.length).toBeGreaterThan(10);
    }
  });

  it('every guard that refuses is in the refusal table (routing guards excepted)', () => {
    const routing = new Set(['toResolved', 'toClosed']);
    const guards = Object.keys(table.machine.implementations.guards).filter(
      (name) => !routing.has(name),
    );
    expect(guards.filter((name) => !(name in lifecycleOf(table.machine).refusals.guards))).toEqual(
      [],
    );
  });
});

describe('guard refusals name the guard that refused', () => {
  const cases: Array<{
    name: string;
    machine: AnyStateMachine;
    value: string;
    context: Record<string, unknown>;
    event: AnyEventObject;
    code: string;
    message?: string;
  }> = [
    {
      name: 'approving a leave with a blank comment',
      machine: leaveMachine,
      value: 'PENDING',
      context: { startDate: '2025-03-10', endDate: '2025-03-12', adminComment: null },
      event: { type: 'leave.approve', adminComment: '   ' },
      code: 'leave.comment_required',
    },
    {
      name: 'approving an approved leave',
      machine: leaveMachine,
      value: 'APPROVED',
      context: { startDate: '2025-03-10', endDate: '2025-03-12', adminComment: 'ok' },
      event: { type: 'leave.approve', adminComment: 'again' },
      code: 'leave.not_pending',
      message: 'Only pending leave requests can be approved.',
    },
    ...(['refund.approve', 'refund.reject'] as const).map((type) => ({
      name: `${type} with an empty comment`,
      machine: refundMachine,
      value: 'PENDING',
      context: { adminComment: null, utr: null },
      event: { type, adminComment: '' },
      code: 'refund.comment_required',
    })),
    {
      name: 'marking an approved refund paid without a comment',
      machine: refundMachine,
      value: 'APPROVED',
      context: { adminComment: 'ok', utr: null },
      event: { type: 'refund.mark_paid', adminComment: '\n', utr: 'UTR' },
      code: 'refund.comment_required',
    },
    {
      name: 'expiring before the end date',
      machine: subscriptionMachine,
      value: 'ACTIVE',
      context: { ...paidSubscription },
      event: { type: 'subscription.expire', today: '2025-01-30' },
      code: 'subscription.not_ended',
    },
    {
      name: 'extending by zero days',
      machine: subscriptionMachine,
      value: 'ACTIVE',
      context: { ...paidSubscription },
      event: { type: 'subscription.extend', days: 0 },
      code: 'subscription.invalid_extension',
    },
    ...[0, 1.5, 366, -366].map((days) => ({
      name: `adjusting by ${days} days`,
      machine: subscriptionMachine,
      value: 'ACTIVE',
      context: { ...paidSubscription },
      event: { type: 'subscription.adjust', days, reason: 'Closed', today: '2025-01-15' },
      code: 'subscription.invalid_adjustment',
    })),
    {
      name: 'adjusting without a reason',
      machine: subscriptionMachine,
      value: 'ACTIVE',
      context: { ...paidSubscription },
      event: { type: 'subscription.adjust', days: 2, reason: '  ', today: '2025-01-15' },
      code: 'subscription.reason_required',
    },
    {
      name: 'an end date before today',
      machine: subscriptionMachine,
      value: 'ACTIVE',
      context: { ...paidSubscription, adjustedEndDate: '2025-02-10' },
      event: { type: 'subscription.adjust', days: -5, reason: 'Back', today: '2025-02-06' },
      code: 'subscription.end_before_today',
      message: 'The new end date would be before today, which would end the subscription at once.',
    },
    {
      name: 'shortening a subscription the owner never extended',
      machine: subscriptionMachine,
      value: 'ACTIVE',
      context: { ...paidSubscription },
      event: { type: 'subscription.adjust', days: -1, reason: 'Less', today: '2025-01-15' },
      code: 'subscription.shortens_paid_days',
    },
    {
      name: 'shortening into approved leave',
      machine: subscriptionMachine,
      value: 'ACTIVE',
      // 3 leave days and 2 days the owner gave: only those 2 can be taken back.
      context: { ...paidSubscription, leaveDays: 3, adjustedEndDate: '2025-02-04' },
      event: { type: 'subscription.adjust', days: -3, reason: 'Less', today: '2025-01-15' },
      code: 'subscription.shortens_paid_days',
    },
    {
      name: 'renewing an inactive plan',
      machine: subscriptionMachine,
      value: 'EXPIRED',
      context: { ...paidSubscription, planActive: false },
      event: { type: 'subscription.renew' },
      code: 'subscription.plan_inactive',
      message: 'This plan is no longer available.',
    },
    {
      name: 'refund without a successful payment',
      machine: subscriptionMachine,
      value: 'CANCELLED',
      context: { ...paidSubscription, hasSuccessfulPayment: false },
      event: { type: 'subscription.request_refund' },
      code: 'subscription.no_successful_payment',
    },
    {
      name: 'a second refund',
      machine: subscriptionMachine,
      value: 'CANCELLED',
      context: { ...paidSubscription, hasRefund: true },
      event: { type: 'subscription.request_refund' },
      code: 'subscription.refund_exists',
    },
    {
      name: 'an attachment when attachments are disabled',
      machine: feedbackMachine,
      value: 'open',
      context: { hasResponse: false, canAddAttachments: false, attachmentCount: 0 },
      event: { type: 'feedback.add_attachment' },
      code: 'feedback.attachments_disabled',
    },
    {
      name: 'a second attachment',
      machine: feedbackMachine,
      value: 'open',
      context: { hasResponse: false, canAddAttachments: true, attachmentCount: 1 },
      event: { type: 'feedback.add_attachment' },
      code: 'feedback.attachment_exists',
    },
    {
      name: 'an attachment on answered feedback',
      machine: feedbackMachine,
      value: 'in_progress',
      context: { hasResponse: true, canAddAttachments: true, attachmentCount: 0 },
      event: { type: 'feedback.add_attachment' },
      code: 'feedback.not_open',
      message: 'Attachments can only be added to feedback that is open.',
    },
    {
      name: 'removing a missing attachment',
      machine: feedbackMachine,
      value: 'open',
      context: { hasResponse: false, canAddAttachments: null, attachmentCount: 0 },
      event: { type: 'feedback.remove_attachment' },
      code: 'feedback.no_attachment',
    },
    {
      name: 'a blank response',
      machine: feedbackMachine,
      value: 'open',
      context: { hasResponse: false, canAddAttachments: null, attachmentCount: 0 },
      event: { type: 'feedback.respond', response: '  ' },
      code: 'feedback.response_required',
      message: 'Response required: Please write a response before submitting.',
    },
    {
      name: 'resolving unanswered feedback without a response',
      machine: feedbackMachine,
      value: 'open',
      context: { hasResponse: false, canAddAttachments: null, attachmentCount: 0 },
      event: { type: 'feedback.set_status', status: 'closed' },
      code: 'feedback.response_required',
    },
    {
      name: 'a status that is neither resolved nor closed',
      machine: feedbackMachine,
      value: 'in_progress',
      context: { hasResponse: true, canAddAttachments: null, attachmentCount: 0 },
      event: { type: 'feedback.set_status', status: 'open' },
      code: 'feedback.status_required',
      message: 'Status required: Please select a status to update.',
    },
    {
      name: 'an offline payment of more than is owed',
      machine: paymentStatusMachine,
      value: 'INITIATED',
      context: { transactionId: null, failureReason: null },
      event: {
        type: 'payment.record_offline',
        transactionId: 'offline_1',
        offline: { ...cashInFull, amountPaise: cashInFull.amountDuePaise + 100 },
      },
      code: 'payment.amount_mismatch',
      message: 'The amount must be at least ₹1 and at most what the subscription still owes.',
    },
    {
      name: 'a UPI payment recorded without its transaction id',
      machine: paymentStatusMachine,
      value: 'INITIATED',
      context: { transactionId: null, failureReason: null },
      event: {
        type: 'payment.record_offline',
        transactionId: 'offline_1',
        offline: { ...cashInFull, mode: 'upi', reference: '  ' },
      },
      code: 'payment.reference_required',
    },
    {
      name: 'money recorded as received tomorrow',
      machine: paymentStatusMachine,
      value: 'INITIATED',
      context: { transactionId: null, failureReason: null },
      event: {
        type: 'payment.record_offline',
        transactionId: 'offline_1',
        offline: { ...cashInFull, receivedOn: '2025-01-04' },
      },
      code: 'payment.received_in_future',
    },
    {
      name: 'money recorded as received before the subscription existed',
      machine: paymentStatusMachine,
      value: 'INITIATED',
      context: { transactionId: null, failureReason: null },
      event: {
        type: 'payment.record_offline',
        transactionId: 'offline_1',
        offline: { ...cashInFull, receivedOn: '2024-12-31' },
      },
      code: 'payment.received_before_subscription',
    },
    {
      name: 'a success without the provider payment id',
      machine: paymentStatusMachine,
      value: 'PENDING',
      context: { transactionId: null, failureReason: null },
      event: { type: 'payment.succeed', transactionId: ' ' },
      code: 'payment.transaction_id_required',
    },
    {
      name: 'a mess owner completing a customer profile',
      machine: onboardingMachine,
      value: 'registration_complete',
      context: { userType: 'mess_owner' },
      event: {
        type: 'onboarding.complete_profile',
        profile: { isTiffinUser: true, isMessUser: false },
      },
      code: 'onboarding.owner_profile_read_only',
    },
    {
      name: 'choosing both services',
      machine: onboardingMachine,
      value: 'registration_complete',
      context: { userType: 'regular' },
      event: {
        type: 'onboarding.complete_profile',
        profile: {
          isTiffinUser: true,
          isMessUser: true,
          regularProfile: { address: 'a', landmark: 'b', pincode: '1', city: 'c' },
        },
      },
      code: 'onboarding.service_choice_required',
    },
    {
      name: 'missing profile fields',
      machine: onboardingMachine,
      value: 'registration_complete',
      context: { userType: 'regular' },
      event: {
        type: 'onboarding.complete_profile',
        profile: { isTiffinUser: true, isMessUser: false, regularProfile: { address: 'a' } },
      },
      code: 'onboarding.profile_fields_required',
    },
  ];

  it.each(cases)('$name → $code', ({ machine, value, context, event, code, message }) => {
    const decision = decide(machine, { value, context } as never, event as never);
    expect(decision).toMatchObject({ ok: false, code });
    if (message) expect(decision).toMatchObject({ message });
  });
});

describe('decide() details', () => {
  const leaveContext = { startDate: '2025-03-10', endDate: '2025-03-12', adminComment: null };

  it('returns the next context with the assigns applied, and does not touch the input', () => {
    const persisted = { value: 'PENDING' as const, context: { ...leaveContext } };
    const decision = decide(leaveMachine, persisted, {
      type: 'leave.approve',
      adminComment: '  Enjoy  ',
    });
    expect(decision).toMatchObject({ ok: true, next: 'APPROVED', changed: true });
    expect(decision.ok && decision.context.adminComment).toBe('Enjoy');
    expect(persisted.context.adminComment).toBeNull();
  });

  it('reports self-transitions as allowed but unchanged', () => {
    const decision = decide(
      subscriptionMachine,
      { value: 'PENDING_PAYMENT', context: paidSubscription },
      { type: 'subscription.pay' },
    );
    expect(decision).toMatchObject({ ok: true, next: 'PENDING_PAYMENT', changed: false });
  });

  it('activates a paid subscription with its dates', () => {
    const decision = decide(
      subscriptionMachine,
      {
        value: 'PENDING_PAYMENT',
        context: {
          ...paidSubscription,
          startDate: null,
          baseEndDate: null,
          adjustedEndDate: null,
          hasSuccessfulPayment: false,
        },
      },
      { type: 'payment.succeeded', paidOn: '2025-02-01' },
    );
    expect(decision.ok && decision.context).toMatchObject({
      startDate: '2025-02-01',
      baseEndDate: '2025-03-02',
      adjustedEndDate: '2025-03-02',
      hasSuccessfulPayment: true,
    });
  });

  it('extends the end date once per approved leave', () => {
    const decision = decide(
      subscriptionMachine,
      { value: 'ACTIVE', context: paidSubscription },
      { type: 'subscription.extend', days: 3 },
    );
    expect(decision.ok && decision.context).toMatchObject({
      adjustedEndDate: '2025-02-02',
      leaveDays: 3,
    });
  });

  it('adjusts the end date only: leave days and the paid period stay', () => {
    const context = { ...paidSubscription, leaveDays: 3, adjustedEndDate: '2025-02-04' };
    const extended = decide(
      subscriptionMachine,
      { value: 'ACTIVE', context },
      { type: 'subscription.adjust', days: 4, reason: 'Kitchen closed', today: '2025-01-15' },
    );
    expect(extended.ok && extended.context).toEqual({ ...context, adjustedEndDate: '2025-02-08' });
    // Back down to base end + leave days (what the owner gave, and no more), ending today at the latest.
    const shortened = decide(
      subscriptionMachine,
      { value: 'ACTIVE', context },
      { type: 'subscription.adjust', days: -2, reason: 'Opened early', today: '2025-02-02' },
    );
    expect(shortened.ok && shortened.context.adjustedEndDate).toBe('2025-02-02');
  });

  it('throws for a stored status the machine does not know (a data bug, not a refusal)', () => {
    expect(() =>
      decide(
        leaveMachine,
        { value: 'ARCHIVED' as never, context: leaveContext },
        { type: 'leave.delete' },
      ),
    ).toThrow();
  });

  it('refuses an unknown event with a generic code of the contract', () => {
    const decision = decide(leaveMachine, { value: 'PENDING', context: leaveContext }, {
      type: 'leave.revoke',
    } as never);
    expect(decision).toMatchObject({ ok: false, code: 'bad_request', key: 'bad_request' });
  });

  it('needs a machine with lifecycle meta', async () => {
    const { paymentMachine } = await import('../../machines');
    expect(() => allowedEvents(paymentMachine, { value: 'idle', context: {} } as never)).toThrow(
      /meta.lifecycle/,
    );
  });
});

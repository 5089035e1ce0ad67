// The domain lifecycles run as actors (how the web app uses them): states, context and tags.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  decide,
  feedbackMachine,
  leaveMachine,
  paymentStatusMachine,
  refundMachine,
  selectCanAttach,
  selectDaysRemaining,
  selectIsAwaitingPayment,
  selectIsFeedbackDone,
  selectIsFeedbackOpen,
  selectIsLeaveDecided,
  selectIsLeaveEditable,
  selectIsRefundOpen,
  selectIsRunning,
  selectLeaveDurationDays,
  subscriptionMachine,
} from '@machines';

describe('leave', () => {
  it('is editable while pending, then decided for good', () => {
    const actor = createActor(leaveMachine, {
      input: { startDate: '2025-03-10', endDate: '2025-03-12', adminComment: null },
    }).start();
    expect(selectIsLeaveEditable(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'leave.update', endDate: '2025-03-15' });
    expect(selectLeaveDurationDays(actor.getSnapshot())).toBe(6);
    actor.send({ type: 'leave.approve', adminComment: '' });
    expect(actor.getSnapshot().value).toBe('PENDING');
    actor.send({ type: 'leave.reject', adminComment: ' Exams ' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('REJECTED');
    expect(snapshot.status).toBe('done');
    expect(selectIsLeaveDecided(snapshot)).toBe(true);
    expect(snapshot.context.adminComment).toBe('Exams');
  });
});

describe('refund', () => {
  it('goes PENDING → APPROVED → PAID with comment and UTR', () => {
    const actor = createActor(refundMachine, { input: { adminComment: null, utr: null } }).start();
    actor.send({ type: 'refund.mark_paid', adminComment: 'too early' });
    expect(actor.getSnapshot().value).toBe('PENDING');
    actor.send({ type: 'refund.approve', adminComment: 'OK' });
    expect(selectIsRefundOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'refund.mark_paid', adminComment: 'Sent by UPI', utr: ' UTR42 ' });
    expect(actor.getSnapshot().value).toBe('PAID');
    expect(actor.getSnapshot().context).toEqual({ adminComment: 'Sent by UPI', utr: 'UTR42' });
    expect(selectIsRefundOpen(actor.getSnapshot())).toBe(false);
  });
});

describe('subscription', () => {
  const input = {
    durationDays: 30,
    startDate: null,
    baseEndDate: null,
    adjustedEndDate: null,
    leaveDays: 0,
    hasSuccessfulPayment: false,
    hasRefund: false,
    planActive: true,
  };

  it('activates on payment, extends on leave, and refunds on cancel after a payment', () => {
    const actor = createActor(subscriptionMachine, { input }).start();
    expect(selectIsAwaitingPayment(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'payment.succeeded', paidOn: '2025-01-01' });
    expect(selectIsRunning(actor.getSnapshot())).toBe(true);
    expect(selectDaysRemaining(actor.getSnapshot(), '2025-01-01')).toBe(30);
    actor.send({ type: 'subscription.extend', days: 4 });
    expect(actor.getSnapshot().context).toMatchObject({
      adjustedEndDate: '2025-02-03',
      leaveDays: 4,
    });
    actor.send({ type: 'subscription.expire', today: '2025-02-03' });
    expect(actor.getSnapshot().value).toBe('ACTIVE');
    actor.send({ type: 'subscription.cancel' });
    expect(actor.getSnapshot().value).toBe('CANCELLED');
    expect(actor.getSnapshot().context.hasRefund).toBe(true);
    expect(actor.getSnapshot().hasTag('ended')).toBe(true);
    expect(selectDaysRemaining(actor.getSnapshot(), '2025-01-10')).toBe(0);
  });

  it('cancelling without a successful payment creates no refund', () => {
    const decision = decide(
      subscriptionMachine,
      { value: 'ACTIVE', context: { ...input, adjustedEndDate: '2025-01-30' } },
      { type: 'subscription.cancel' },
    );
    expect(decision.ok && decision.context.hasRefund).toBe(false);
  });

  it('decide() uses the guards a host provides', () => {
    const isPlanActive = vi.fn(() => false);
    const decision = decide(
      subscriptionMachine.provide({ guards: { isPlanActive } }),
      { value: 'EXPIRED', context: input },
      { type: 'subscription.renew' },
    );
    expect(isPlanActive).toHaveBeenCalled();
    expect(decision).toMatchObject({ ok: false, code: 'subscription.plan_inactive' });
  });
});

describe('feedback', () => {
  it('stays open for the customer until answered, then the owner finishes it', () => {
    const actor = createActor(feedbackMachine, {
      input: { hasResponse: false, canAddAttachments: null, attachmentCount: 0 },
    }).start();
    expect(selectCanAttach(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'feedback.add_attachment' });
    expect(selectCanAttach(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'feedback.set_status', status: 'resolved' });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'feedback.respond', response: 'We changed the cook.' });
    expect(actor.getSnapshot().value).toBe('in_progress');
    expect(selectIsFeedbackOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'feedback.update' });
    expect(actor.getSnapshot().value).toBe('in_progress');
    actor.send({ type: 'feedback.set_status', status: 'closed' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(selectIsFeedbackDone(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'feedback.respond', response: 'Follow-up' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('can be resolved straight from open with a response', () => {
    const decision = decide(
      feedbackMachine,
      {
        value: 'open',
        context: { hasResponse: false, canAddAttachments: false, attachmentCount: 0 },
      },
      { type: 'feedback.set_status', status: 'resolved', response: 'Done' },
    );
    expect(decision).toMatchObject({ ok: true, next: 'resolved', context: { hasResponse: true } });
  });
});

describe('payment status', () => {
  it('settles once', () => {
    const actor = createActor(paymentStatusMachine, {
      input: { transactionId: null, failureReason: null },
    }).start();
    actor.send({ type: 'payment.mark_pending' });
    actor.send({ type: 'payment.succeed', transactionId: 'pay_9' });
    actor.send({ type: 'payment.fail', reason: 'late webhook' });
    expect(actor.getSnapshot().value).toBe('SUCCESS');
    expect(actor.getSnapshot().context).toEqual({ transactionId: 'pay_9', failureReason: null });
  });
});

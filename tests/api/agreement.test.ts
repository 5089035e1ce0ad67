// One lifecycle truth: for every lifecycle, every state and every action, what the machine allows
// equals what the API accepts. Each case drives a fresh record into the state through the API, asks
// the machine with decide() (from what the API shows of the record, and with exactly the event the
// HTTP call stands for), sends the action over HTTP, and compares.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decide,
  feedbackFromApi,
  feedbackMachine,
  leaveFromApi,
  leaveMachine,
  refundFromApi,
  refundMachine,
  subscriptionFromApi,
  subscriptionMachine,
} from '@machines';
import { addDays } from '@machines/shared';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';

type Call = { status: number; body: any };

describe.each(testDatabases())('machines and API agree on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let planId: number;
  let api: Commerce;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    api = commerce(t, () => owner);
    const plan = await api.plan({
      code: 'AGREE-30',
      name: 'Agreement Plan',
      description: 'Lunch and dinner at the mess',
      service_type: 'mess',
      duration_days: 30,
      base_price: 3000,
      included_meals: ['lunch', 'dinner'],
    });
    planId = plan.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const ok = (call: Call) => call.status >= 200 && call.status < 300;

  async function pendingSubscription(customer: Customer): Promise<number> {
    const created = await api.subscribe(customer, planId);
    expect(created.status).toBe(201);
    return created.body.id;
  }

  async function activeSubscription(customer: Customer): Promise<number> {
    const id = await pendingSubscription(customer);
    await api.pay(customer, id);
    return id;
  }

  // ----- subscriptions -------------------------------------------------------------------------

  const subscriptionStates = {
    PENDING_PAYMENT: async (customer: Customer) => pendingSubscription(customer),
    ACTIVE: async (customer: Customer) => activeSubscription(customer),
    EXPIRED: async (customer: Customer) => {
      const id = await activeSubscription(customer);
      // Time passes: the subscription ended yesterday. Reads must say EXPIRED before any job runs.
      await api.endYesterday(id);
      return id;
    },
    CANCELLED: async (customer: Customer) => {
      const id = await activeSubscription(customer);
      const cancelled = await t.request('POST', `/api/subscriptions/subscriptions/${id}/cancel/`, {
        token: customer.access,
      });
      expect(cancelled.status).toBe(200);
      return id;
    },
  } as const;

  const subscriptionActions: Record<string, (customer: Customer, id: number) => Promise<Call>> = {
    'subscription.pay': (customer, id) =>
      t.request('POST', '/api/payments/orders/', {
        token: customer.access,
        body: { subscription: id },
      }),
    'subscription.delete': (customer, id) =>
      t.request('DELETE', `/api/subscriptions/subscriptions/${id}/`, { token: customer.access }),
    'subscription.request_leave': (customer, id) =>
      t.request('POST', '/api/subscriptions/leaves/', {
        token: customer.access,
        body: {
          subscription: id,
          leave_start_date: addDays(t.ctx.today(), 1),
          leave_end_date: addDays(t.ctx.today(), 2),
          reason: 'Going home',
        },
      }),
    'subscription.cancel': (customer, id) =>
      t.request('POST', `/api/subscriptions/subscriptions/${id}/cancel/`, {
        token: customer.access,
      }),
    'subscription.renew': (customer, id) =>
      t.request('POST', `/api/subscriptions/subscriptions/${id}/renew/`, {
        token: customer.access,
      }),
    'subscription.request_refund': (customer, id) =>
      t.request('POST', '/api/payments/refunds/', {
        token: customer.access,
        body: { subscription: id },
      }),
  };

  async function subscriptionAsMachineSees(customer: Customer, id: number) {
    const subscription = await t.request('GET', `/api/subscriptions/subscriptions/${id}/`, {
      token: customer.access,
    });
    return subscriptionFromApi(subscription.body);
  }

  describe('subscription', () => {
    const cases = Object.keys(subscriptionStates).flatMap((state) =>
      Object.keys(subscriptionActions).map((action) => [state, action] as const),
    );
    it.each(cases)('%s × %s', async (state, action) => {
      const customer = await registerCustomer(t);
      const id = await subscriptionStates[state as keyof typeof subscriptionStates](customer);
      const persisted = await subscriptionAsMachineSees(customer, id);
      expect(persisted.value).toBe(state);
      const machineAllows = decide(subscriptionMachine, persisted, { type: action } as never).ok;
      const answer = await subscriptionActions[action]!(customer, id);
      expect({
        state,
        action,
        api: ok(answer),
        body: ok(answer) ? null : answer.body,
      }).toMatchObject({
        api: machineAllows,
      });
    });
  });

  // ----- leaves --------------------------------------------------------------------------------

  async function pendingLeave(customer: Customer) {
    const subscription = await activeSubscription(customer);
    return api.pendingLeave(customer, subscription, {
      start: 2,
      end: 4,
      reason: 'Family function',
    });
  }

  const leaveStates = {
    PENDING: pendingLeave,
    APPROVED: async (customer: Customer) => {
      const id = await pendingLeave(customer);
      const decided = await t.request('POST', `/api/subscriptions/leaves/${id}/approve/`, {
        token: owner,
        body: { admin_comment: 'Approved' },
      });
      expect(decided.status).toBe(200);
      return id;
    },
    REJECTED: async (customer: Customer) => {
      const id = await pendingLeave(customer);
      const decided = await t.request('POST', `/api/subscriptions/leaves/${id}/reject/`, {
        token: owner,
        body: { admin_comment: 'Exams' },
      });
      expect(decided.status).toBe(200);
      return id;
    },
  } as const;

  const leaveActions: Record<string, (customer: Customer, id: number) => Promise<Call>> = {
    'leave.approve': (_customer, id) =>
      t.request('POST', `/api/subscriptions/leaves/${id}/approve/`, {
        token: owner,
        body: { admin_comment: 'Fine' },
      }),
    'leave.reject': (_customer, id) =>
      t.request('POST', `/api/subscriptions/leaves/${id}/reject/`, {
        token: owner,
        body: { admin_comment: 'No' },
      }),
    'leave.update': (customer, id) =>
      t.request('PATCH', `/api/subscriptions/leaves/${id}/`, {
        token: customer.access,
        body: { reason: 'A changed reason' },
      }),
    'leave.delete': (customer, id) =>
      t.request('DELETE', `/api/subscriptions/leaves/${id}/`, { token: customer.access }),
  };

  const leaveEvents: Record<string, object> = {
    'leave.approve': { type: 'leave.approve', adminComment: 'Fine' },
    'leave.reject': { type: 'leave.reject', adminComment: 'No' },
    'leave.update': { type: 'leave.update' },
    'leave.delete': { type: 'leave.delete' },
  };

  describe('leave', () => {
    const cases = Object.keys(leaveStates).flatMap((state) =>
      Object.keys(leaveActions).map((action) => [state, action] as const),
    );
    it.each(cases)('%s × %s', async (state, action) => {
      const customer = await registerCustomer(t);
      const id = await leaveStates[state as keyof typeof leaveStates](customer);
      const leave = await t.request('GET', `/api/subscriptions/leaves/${id}/`, {
        token: customer.access,
      });
      expect(leave.body.status).toBe(state);
      const persisted = leaveFromApi(leave.body);
      const machineAllows = decide(leaveMachine, persisted, leaveEvents[action] as never).ok;
      const answer = await leaveActions[action]!(customer, id);
      expect({
        state,
        action,
        api: ok(answer),
        body: ok(answer) ? null : answer.body,
      }).toMatchObject({
        api: machineAllows,
      });
    });
  });

  // ----- refunds -------------------------------------------------------------------------------

  async function pendingRefund(customer: Customer) {
    const subscription = await activeSubscription(customer);
    await t.request('POST', `/api/subscriptions/subscriptions/${subscription}/cancel/`, {
      token: customer.access,
    });
    const refunds = await t.request('GET', '/api/payments/refunds/', { token: customer.access });
    expect(refunds.body).toHaveLength(1);
    return refunds.body[0].id as number;
  }

  const refundAction = (id: number, verb: 'approve' | 'reject' | 'mark_paid', body: object) =>
    api.refundAction(id, verb, body);

  const refundStates = {
    PENDING: pendingRefund,
    APPROVED: async (customer: Customer) => {
      const id = await pendingRefund(customer);
      expect((await refundAction(id, 'approve', { admin_comment: 'ok' })).status).toBe(200);
      return id;
    },
    REJECTED: async (customer: Customer) => {
      const id = await pendingRefund(customer);
      expect((await refundAction(id, 'reject', { admin_comment: 'no' })).status).toBe(200);
      return id;
    },
    PAID: async (customer: Customer) => {
      const id = await pendingRefund(customer);
      expect((await refundAction(id, 'approve', { admin_comment: 'ok' })).status).toBe(200);
      expect((await refundAction(id, 'mark_paid', { admin_comment: 'sent' })).status).toBe(200);
      return id;
    },
  } as const;

  const refundActions: Record<string, (id: number, customer: Customer) => Promise<Call>> = {
    'refund.approve': (id) => refundAction(id, 'approve', { admin_comment: 'Approved' }),
    'refund.reject': (id) => refundAction(id, 'reject', { admin_comment: 'Rejected' }),
    'refund.mark_paid': (id) =>
      refundAction(id, 'mark_paid', { admin_comment: 'Paid by UPI', utr: 'UTR123456' }),
    'refund.update_payout': (id, customer) =>
      t.request('PATCH', `/api/payments/refunds/${id}/`, {
        token: customer.access,
        body: { payout: { method: 'upi', upi_id: 'asha@okaxis' } },
      }),
  };

  const refundEvents: Record<string, object> = {
    'refund.approve': { type: 'refund.approve', adminComment: 'Approved' },
    'refund.reject': { type: 'refund.reject', adminComment: 'Rejected' },
    'refund.mark_paid': { type: 'refund.mark_paid', adminComment: 'Paid by UPI', utr: 'UTR123456' },
    'refund.update_payout': { type: 'refund.update_payout' },
  };

  describe('refund', () => {
    const cases = Object.keys(refundStates).flatMap((state) =>
      Object.keys(refundActions).map((action) => [state, action] as const),
    );
    it.each(cases)('%s × %s', async (state, action) => {
      const customer = await registerCustomer(t);
      const id = await refundStates[state as keyof typeof refundStates](customer);
      const refund = await t.request('GET', `/api/payments/refunds/${id}/`, { token: owner });
      expect(refund.body.status).toBe(state);
      const persisted = refundFromApi(refund.body);
      const machineAllows = decide(refundMachine, persisted, refundEvents[action] as never).ok;
      const answer = await refundActions[action]!(id, customer);
      expect({
        state,
        action,
        api: ok(answer),
        body: ok(answer) ? null : answer.body,
      }).toMatchObject({
        api: machineAllows,
      });
    });
  });

  // ----- feedback ------------------------------------------------------------------------------

  const addAttachment = (customer: Customer, id: number) => api.attach(customer, id);

  async function openFeedback(customer: Customer, withAttachment: boolean) {
    const id = await api.openFeedback(customer);
    if (withAttachment) expect((await addAttachment(customer, id)).status).toBe(200);
    return id;
  }

  const respond = (id: number) => api.respond(id, 'Thanks, we will.');
  const setStatus = (id: number, status: 'resolved' | 'closed') =>
    t.request('PATCH', `/api/feedback/admin/feedback/${id}/update_status/`, {
      token: owner,
      body: { status },
    });

  const feedbackStates = {
    open: (customer: Customer, attach: boolean) => openFeedback(customer, attach),
    in_progress: async (customer: Customer, attach: boolean) => {
      const id = await openFeedback(customer, attach);
      expect((await respond(id)).status).toBe(200);
      return id;
    },
    resolved: async (customer: Customer, attach: boolean) => {
      const id = await openFeedback(customer, attach);
      expect((await respond(id)).status).toBe(200);
      expect((await setStatus(id, 'resolved')).status).toBe(200);
      return id;
    },
    closed: async (customer: Customer, attach: boolean) => {
      const id = await openFeedback(customer, attach);
      expect((await respond(id)).status).toBe(200);
      expect((await setStatus(id, 'closed')).status).toBe(200);
      return id;
    },
  } as const;

  const feedbackActions: Record<string, (customer: Customer, id: number) => Promise<Call>> = {
    'feedback.update': (customer, id) =>
      t.request('PATCH', `/api/feedback/${id}/`, {
        token: customer.access,
        body: { subject: 'About dinner, again' },
      }),
    'feedback.delete': (customer, id) =>
      t.request('DELETE', `/api/feedback/${id}/`, { token: customer.access }),
    'feedback.add_attachment': (customer, id) => addAttachment(customer, id),
    'feedback.remove_attachment': (customer, id) =>
      t.request('DELETE', `/api/feedback/${id}/remove_attachment/`, { token: customer.access }),
    'feedback.respond': (_customer, id) => respond(id),
    'feedback.set_status': (_customer, id) => setStatus(id, 'resolved'),
  };

  // update_status carries no response: on open feedback the machine then refuses it too.
  const feedbackEvents: Record<string, object> = {
    'feedback.update': { type: 'feedback.update' },
    'feedback.delete': { type: 'feedback.delete' },
    'feedback.add_attachment': { type: 'feedback.add_attachment' },
    'feedback.remove_attachment': { type: 'feedback.remove_attachment' },
    'feedback.respond': { type: 'feedback.respond', response: 'Thanks, we will.' },
    'feedback.set_status': { type: 'feedback.set_status', status: 'resolved' },
  };

  describe('feedback', () => {
    const cases = Object.keys(feedbackStates).flatMap((state) =>
      Object.keys(feedbackActions).flatMap((action) =>
        [false, true].map((attached) => [state, action, attached] as const),
      ),
    );
    it.each(cases)('%s × %s (with an attachment: %s)', async (state, action, attached) => {
      const customer = await registerCustomer(t);
      const id = await feedbackStates[state as keyof typeof feedbackStates](customer, attached);
      const feedback = await t.request('GET', `/api/feedback/${id}/`, { token: customer.access });
      expect(feedback.body.status).toBe(state);
      const persisted = feedbackFromApi(feedback.body);
      const machineAllows = decide(feedbackMachine, persisted, feedbackEvents[action] as never).ok;
      const answer = await feedbackActions[action]!(customer, id);
      expect({
        state,
        action,
        api: ok(answer),
        body: ok(answer) ? null : answer.body,
      }).toMatchObject({
        api: machineAllows,
      });
    });
  });
});

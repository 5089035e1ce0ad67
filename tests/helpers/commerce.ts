// Commerce steps for API tests, through the public API: plans, subscriptions, sandbox payments,
// cancellations with their refunds (and credit notes), leaves, and feedback with an image attachment.
import sharp from 'sharp';
import { expect } from 'vitest';
import { addDays } from '@machines';
import type { Customer } from './accounts.js';
import type { Answer, TestApp } from './app.js';

export interface PlanBody {
  id: number;
  name: string;
  code: string;
}

export interface CommerceOptions {
  /** Plan codes are `${codePrefix}-${n}-${random}`, unique across apps sharing a database. */
  codePrefix?: string;
  /** Plan fields every `plan()` starts from, before its own overrides. */
  planDefaults?: Record<string, unknown>;
}

/** A multipart body with one `file` part, as `t.request(..., { raw, headers })` takes it. */
export function multipart(file: Buffer, filename: string, type: string) {
  const boundary = `----dabba${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    raw: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let pngCache: Promise<Buffer> | null = null;
/** A small real PNG (8×8, one colour). */
export function samplePng(): Promise<Buffer> {
  pngCache ??= sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .png()
    .toBuffer();
  return pngCache;
}

export function commerce(
  t: TestApp,
  ownerToken: string | (() => string),
  options: CommerceOptions = {},
) {
  const owner = () => (typeof ownerToken === 'string' ? ownerToken : ownerToken());
  const prefix = options.codePrefix ?? 'PLAN';
  let planCounter = 0;

  const api = {
    /** Creates a plan as the owner (201), from `planDefaults` and `overrides`. */
    async plan(overrides: Record<string, unknown> = {}): Promise<PlanBody> {
      planCounter += 1;
      const answer = await t.request('POST', '/api/subscriptions/plans/', {
        token: owner(),
        body: {
          code: `${prefix}-${planCounter}-${Math.random().toString(36).slice(2, 6)}`,
          name: `Plan ${planCounter}`,
          description: 'Home-style meals',
          service_type: 'mess',
          duration_days: 30,
          base_price: 3000,
          included_meals: ['breakfast', 'lunch', 'dinner'],
          ...options.planDefaults,
          ...overrides,
        },
      });
      expect(answer.status).toBe(201);
      return answer.body as PlanBody;
    },

    subscribe: (who: Customer, plan: number) =>
      t.request('POST', '/api/subscriptions/subscriptions/', {
        token: who.access,
        body: { plan },
      }),

    /** A PENDING_PAYMENT subscription of `who` to a new plan. */
    async pendingSubscription(who: Customer, planOverrides: Record<string, unknown> = {}) {
      const plan = await api.plan(planOverrides);
      const answer = await api.subscribe(who, plan.id);
      expect(answer.status).toBe(201);
      return { plan, subscriptionId: answer.body.id as number, subscription: answer.body };
    },

    order: (who: Customer, subscription: number) =>
      t.request('POST', '/api/payments/orders/', { token: who.access, body: { subscription } }),

    checkout: (who: Customer, orderId: string, outcome: 'success' | 'failure' = 'success') =>
      t.request('POST', '/api/payments/sandbox/pay/', {
        token: who.access,
        body: { order_id: orderId, outcome },
      }),

    verify: (who: Customer, body: unknown) =>
      t.request('POST', '/api/payments/orders/verify_payment/', { token: who.access, body }),

    /** Opens the first order of a pending subscription (201) and checks out in the sandbox (200). */
    async checkoutFields(who: Customer, subscription: number) {
      const order = await api.order(who, subscription);
      expect(order.status).toBe(201);
      const checkout = await api.checkout(who, order.body.order_id);
      expect(checkout.status).toBe(200);
      return {
        order: order.body,
        fields: checkout.body as {
          razorpay_payment_id: string;
          razorpay_order_id: string;
          razorpay_signature: string;
        },
      };
    },

    /** Order, sandbox checkout and verification (200): returns the verify answer's body. */
    async pay(who: Customer, subscription: number) {
      const { fields } = await api.checkoutFields(who, subscription);
      const verified = await api.verify(who, fields);
      expect(verified.status).toBe(200);
      return verified.body;
    },

    /** An ACTIVE subscription of `who` to a new plan, paid through the sandbox. */
    async activeSubscription(who: Customer, planOverrides: Record<string, unknown> = {}) {
      const pending = await api.pendingSubscription(who, planOverrides);
      const verified = await api.pay(who, pending.subscriptionId);
      return {
        plan: pending.plan,
        subscriptionId: pending.subscriptionId,
        payment: verified.payment as { id: number; transaction_id: string },
        verified,
      };
    },

    /**
     * Moves a paid subscription into the past so that it ended yesterday. Time cannot pass over
     * HTTP, so this one step writes the dates; reads and actions must then say EXPIRED.
     */
    async endYesterday(subscriptionId: number) {
      const today = t.ctx.today();
      await t.ctx.db.kysely
        .updateTable('subscriptions')
        .set({
          start_date: addDays(today, -30),
          base_end_date: addDays(today, -1),
          adjusted_end_date: addDays(today, -1),
        })
        .where('id', '=', subscriptionId)
        .execute();
    },

    cancel: (who: Customer, subscription: number) =>
      t.request('POST', `/api/subscriptions/subscriptions/${subscription}/cancel/`, {
        token: who.access,
      }),

    /** A paid, then cancelled subscription of `who`: cancelling created a PENDING refund. */
    async cancelledWithRefund(who: Customer, planOverrides: Record<string, unknown> = {}) {
      const active = await api.activeSubscription(who, planOverrides);
      const cancelled = await api.cancel(who, active.subscriptionId);
      expect(cancelled.status).toBe(200);
      return {
        ...active,
        refundId: cancelled.body.refund_info.id as number,
        cancelled: cancelled.body,
      };
    },

    refundAction: (id: number, verb: 'approve' | 'reject' | 'mark_paid', body: object) =>
      t.request('POST', `/api/payments/refunds/${id}/${verb}/`, { token: owner(), body }),

    /**
     * A cancelled subscription's refund approved and marked paid by the owner, with the credit
     * note that issued (undefined when the payment was a plain receipt).
     */
    async paidRefund(who: Customer, planOverrides: Record<string, unknown> = {}) {
      const cancelled = await api.cancelledWithRefund(who, planOverrides);
      for (const verb of ['approve', 'mark_paid'] as const) {
        const answer = await api.refundAction(cancelled.refundId, verb, { admin_comment: 'ok' });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      }
      const note = await t.ctx.db.kysely
        .selectFrom('credit_notes')
        .selectAll()
        .where('refund_id', '=', cancelled.refundId)
        .executeTakeFirst();
      return { ...cancelled, note };
    },

    /** A PENDING leave of `who` on their active subscription, from today+start to today+end. */
    async pendingLeave(
      who: Customer,
      subscription: number,
      days: { start?: number; end?: number; reason?: string } = {},
    ) {
      const today = t.ctx.today();
      const answer = await t.request('POST', '/api/subscriptions/leaves/', {
        token: who.access,
        body: {
          subscription,
          leave_start_date: addDays(today, days.start ?? 2),
          leave_end_date: addDays(today, days.end ?? 4),
          reason: days.reason ?? 'Family function',
        },
      });
      expect(answer.status).toBe(201);
      return answer.body.id as number;
    },

    leaveAction: (id: number, verb: 'approve' | 'reject', adminComment: string) =>
      t.request('POST', `/api/subscriptions/leaves/${id}/${verb}/`, {
        token: owner(),
        body: { admin_comment: adminComment },
      }),

    /** An open general feedback of `who` (201). */
    async openFeedback(who: Customer, overrides: Record<string, unknown> = {}) {
      const answer = await t.request('POST', '/api/feedback/', {
        token: who.access,
        body: {
          feedback_type: 'general_feedback',
          subject: 'About dinner',
          message: 'Please add more salad.',
          rating: 4,
          subscription: null,
          meal_date: null,
          meal_type: null,
          ...overrides,
        },
      });
      expect(answer.status).toBe(201);
      return answer.body.id as number;
    },

    /** Attaches the sample PNG to a feedback as `who`. */
    async attach(who: Customer, feedbackId: number): Promise<Answer> {
      return t.request('POST', `/api/feedback/${feedbackId}/add_attachment/`, {
        token: who.access,
        ...multipart(await samplePng(), 'plate.png', 'image/png'),
      });
    },

    respond: (feedbackId: number, adminResponse = 'Thanks, we will.') =>
      t.request('POST', `/api/feedback/admin/feedback/${feedbackId}/respond/`, {
        token: owner(),
        body: { admin_response: adminResponse },
      }),

    /** Access tokens live 15 minutes: after moving the clock, sign in again. */
    async relogin(who: Customer) {
      const login = await t.request('POST', '/api/accounts/login/', {
        body: { username: who.username, password: who.password },
      });
      expect(login.status).toBe(200);
      who.access = login.body.access;
      who.refresh = login.body.refresh;
      return who;
    },
  };
  return api;
}

export type Commerce = ReturnType<typeof commerce>;

// The checkout machine with .provide() spies, and the stored payment status lifecycle.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  CheckoutDismissedError,
  type CheckoutResult,
  EffectError,
  paymentMachine,
  type PaymentOrder,
  receiptAvailable,
  selectCanRetryPayment,
  selectIsInCheckout,
  selectIsPaymentBusy,
  selectPaymentError,
  selectPaymentSucceeded,
  type VerifiedPayment,
} from '@machines';

const order: PaymentOrder = {
  key: 'rzp_test_key',
  amount: 250000,
  currency: 'INR',
  order_id: 'order_1',
};
const checkout: CheckoutResult = {
  razorpay_payment_id: 'pay_1',
  razorpay_order_id: 'order_1',
  razorpay_signature: 'sig',
};

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function startCheckout(
  overrides: {
    createOrder?: () => Promise<PaymentOrder>;
    openCheckout?: () => Promise<CheckoutResult>;
    verifyPayment?: () => Promise<VerifiedPayment>;
  } = {},
) {
  const createOrder = vi.fn(overrides.createOrder ?? (async () => order));
  const openCheckout = vi.fn(overrides.openCheckout ?? (async () => checkout));
  const verifyPayment = vi.fn(overrides.verifyPayment ?? (async () => ({ paymentId: 42 })));
  const notify = vi.fn();
  const machine = paymentMachine.provide({
    actors: {
      createOrder: fromPromise(async ({ input }) => {
        expect(input).toEqual({ subscriptionId: 7 });
        return createOrder();
      }),
      openCheckout: fromPromise(async ({ input }) => {
        expect(input.order).toEqual(order);
        return openCheckout();
      }),
      verifyPayment: fromPromise(async ({ input }) => {
        expect(input).toEqual(checkout);
        return verifyPayment();
      }),
    },
    actions: { notify: (_, notice) => notify(notice) },
  });
  const actor = createActor(machine).start();
  return { actor, createOrder, openCheckout, verifyPayment, notify };
}

describe('checkout', () => {
  it('creates the order, opens checkout, verifies, and tells the customer', async () => {
    const gate = deferred<CheckoutResult>();
    const { actor, notify, verifyPayment } = startCheckout({ openCheckout: () => gate.promise });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'payment.start', subscriptionId: 7 });
    expect(selectIsPaymentBusy(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('awaitingCheckout'));
    expect(selectIsInCheckout(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.order).toEqual(order);
    gate.resolve(checkout);
    const done = await waitFor(actor, (s) => s.matches('succeeded'));
    expect(selectPaymentSucceeded(done)).toBe(true);
    expect(selectIsPaymentBusy(done)).toBe(false);
    expect(done.context.payment).toEqual({ paymentId: 42 });
    expect(verifyPayment).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ tone: 'success', title: 'Payment Successful' }),
    );
  });

  it('goes to dismissed when the customer closes checkout, and retries with a fresh order', async () => {
    let attempt = 0;
    const { actor, createOrder, notify } = startCheckout({
      openCheckout: async () => {
        if (attempt++ === 0) throw new CheckoutDismissedError();
        return checkout;
      },
    });
    actor.send({ type: 'payment.start', subscriptionId: 7 });
    const dismissed = await waitFor(actor, (s) => s.matches('dismissed'));
    expect(selectCanRetryPayment(dismissed)).toBe(true);
    expect(selectPaymentError(dismissed)).toBeNull();
    expect(notify).not.toHaveBeenCalled();
    actor.send({ type: 'payment.retry' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(createOrder).toHaveBeenCalledTimes(2);
  });

  it('maps an order failure to the failure union and the spec toast', async () => {
    const { actor, notify } = startCheckout({
      createOrder: async () => {
        throw new TypeError('fetch failed');
      },
    });
    actor.send({ type: 'payment.start', subscriptionId: 7 });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toEqual({ failure: 'network', message: null, step: 'order' });
    expect(failed.hasTag('error')).toBe(true);
    expect(selectPaymentError(failed)).toEqual({
      title: 'Payment Failed',
      message: 'Failed to initiate payment.',
    });
    expect(notify).toHaveBeenCalledWith({
      tone: 'error',
      title: 'Payment Failed',
      message: 'Failed to initiate payment.',
    });
  });

  it('reports a failed verification with the server sentence when there is one', async () => {
    const { actor, notify } = startCheckout({
      verifyPayment: async () => {
        throw new EffectError('refused', 'Invalid payment signature.');
      },
    });
    actor.send({ type: 'payment.start', subscriptionId: 7 });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toMatchObject({ failure: 'refused', step: 'verify' });
    expect(notify).toHaveBeenCalledWith({
      tone: 'error',
      title: 'Payment Verification Failed',
      message: 'Invalid payment signature.',
    });
    actor.send({ type: 'payment.reset' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({
      subscriptionId: null,
      order: null,
      checkout: null,
      payment: null,
      error: null,
    });
  });

  it('treats a checkout error other than dismissal as a failure', async () => {
    const { actor } = startCheckout({
      openCheckout: async () => {
        throw new EffectError('refused', 'Card declined');
      },
    });
    actor.send({ type: 'payment.start', subscriptionId: 7 });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toEqual({
      failure: 'refused',
      message: 'Card declined',
      step: 'checkout',
    });
  });

  it('fails clearly when a host forgot to provide an actor', async () => {
    const actor = createActor(paymentMachine).start();
    actor.send({ type: 'payment.start', subscriptionId: 1 });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toMatchObject({ failure: 'unexpected', step: 'order' });
    expect(failed.context.error?.message).toMatch(/provide 'createOrder'/);
  });
});

describe('receipts', () => {
  it('exist only for SUCCESS', () => {
    expect(receiptAvailable('SUCCESS')).toBe(true);
    for (const status of ['INITIATED', 'PENDING', 'FAILED'])
      expect(receiptAvailable(status)).toBe(false);
  });
});

// Checkout driven by machines/payment: create the order, open Razorpay or the sandbox dialog,
// then verify through the same verify_payment call in both modes.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import type { components } from '@generated/api';
import {
  CheckoutDismissedError,
  type CheckoutResult,
  paymentMachine,
  type PaymentOrder,
  type VerifiedPayment,
} from '@machines/payment';
import { apiFetch } from '@web/api/call';
import { useRefreshReads } from '@web/api/query';
import { useApiScope } from '@web/api/scope';
import { useToast } from '@web/components/Toaster';
import { openRazorpayCheckout } from './razorpay';
import { SandboxCheckoutDialog } from './SandboxCheckoutDialog';
import { checkoutNotice } from './toasts';

type CheckoutOrder = components['schemas']['CheckoutOrder'];

interface PendingSandbox {
  order: CheckoutOrder;
  resolve: (result: CheckoutResult) => void;
  reject: (error: unknown) => void;
}

export function useCheckout(): {
  start: (subscriptionId: number) => void;
  busy: boolean;
  payingFor: number | null;
  dialog: ReactNode;
} {
  const { api } = useApiScope();
  const notify = useToast();
  const refreshReads = useRefreshReads();
  const [sandbox, setSandbox] = useState<PendingSandbox | null>(null);
  const sandboxRef = useRef<PendingSandbox | null>(null);

  const actor = useActorRef(
    paymentMachine.provide({
      actors: {
        createOrder: fromPromise<PaymentOrder, { subscriptionId: number }>(async ({ input }) =>
          apiFetch(api, 'post', '/payments/orders/', {
            body: { subscription: input.subscriptionId },
          }),
        ),
        openCheckout: fromPromise<CheckoutResult, { order: PaymentOrder; subscriptionId: number }>(
          async ({ input }) => {
            // createOrder answered the whole CheckoutOrder; the machine only names the fields it needs.
            const order = input.order as CheckoutOrder;
            if (order.provider === 'razorpay') return openRazorpayCheckout(order);
            return new Promise<CheckoutResult>((resolve, reject) => {
              const pending = { order, resolve, reject };
              sandboxRef.current = pending;
              setSandbox(pending);
            });
          },
        ),
        verifyPayment: fromPromise<VerifiedPayment, CheckoutResult>(async ({ input }) => {
          const answer = await apiFetch(api, 'post', '/payments/orders/verify_payment/', {
            body: input,
          });
          return { paymentId: answer.payment.id };
        }),
      },
      actions: {
        // The machine's texts are English (the CLI shows them too); the toast shows them translated.
        notify: ({ context }, notice) =>
          notify({
            tone: notice.tone,
            ...checkoutNotice(
              notice.tone === 'success' ? 'succeeded' : (context.error?.step ?? 'order'),
              notice.tone === 'success' ? null : (context.error?.message ?? null),
            ),
          }),
      },
    }),
  );

  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const payingFor = useSelector(actor, (snapshot) =>
    snapshot.hasTag('busy') ? snapshot.context.subscriptionId : null,
  );
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (!['succeeded', 'failed', 'dismissed'].some((state) => snapshot.matches(state as never))) {
        return;
      }
      // Refresh what payment changed, then get ready for the next checkout.
      void refreshReads([
        '/subscriptions/subscriptions/',
        '/payments/payments/',
        '/ledger/statement/',
      ]);
      setTimeout(() => actor.send({ type: 'payment.reset' }), 0);
    });
    return () => subscription.unsubscribe();
  }, [actor, refreshReads]);

  const start = useCallback(
    (subscriptionId: number) => actor.send({ type: 'payment.start', subscriptionId }),
    [actor],
  );

  const close = () => {
    sandboxRef.current = null;
    setSandbox(null);
  };

  const dialog = sandbox ? (
    <SandboxCheckoutDialog
      order={sandbox.order}
      onPay={async (outcome, choice) => {
        try {
          const result = await apiFetch(api, 'post', '/payments/sandbox/pay/', {
            body: {
              order_id: sandbox.order.order_id,
              outcome,
              method: choice.method,
              ...(outcome === 'failure' ? { failure: choice.failure } : {}),
            },
          });
          sandbox.resolve(result);
        } catch (error) {
          sandbox.reject(error);
        } finally {
          close();
        }
      }}
      onDismiss={() => {
        sandbox.reject(new CheckoutDismissedError());
        close();
      }}
    />
  ) : null;

  return { start, busy, payingFor, dialog };
}

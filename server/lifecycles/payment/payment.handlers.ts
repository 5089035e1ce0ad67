// A customer's payments on Razorpay's protocol: orders, verification, the sandbox checkout and
// receipts. The payment store settles orders and records attempts; handlers parse and serialize.
import { orderFromApi, orderMachine, selectIsOrderOpen } from '@machines/order';
import { restore, refusal } from '@machines/shared';
import { PAYMENT_FAILURE_SENTENCES } from '@machines/payment-link';
import { varyOnLanguage } from '@server/platform/answer-language.js';
import type { AppContext } from '@server/context.js';
import type { PaymentOrder, User } from '@server/platform/db/schema.js';
import { ApiError, notFound, refusalDetail, refusalError, carrying } from '@server/errors.js';
import { requireCustomer, requireUser, type Handlers, actsForBusiness } from '@server/http.js';
import { requestLanguage } from '@server/platform/i18n.js';
import { checkoutBody, orderBody, paymentBody } from './payment.serializer.js';
import { paymentSelect, type PaymentRow } from './payment.read.js';
import { loadSubscriptionBody } from '@server/lifecycles/subscription/subscription.serializer.js';
import { providerId } from '@server/services/payments/ids.js';
import { ProviderError } from '@server/services/payments/provider.js';
import { isValidPaymentSignature, paymentSignature } from '@server/services/payments/signatures.js';
import { loadReceipt, receiptFileName, receiptHtml, receiptPdf, receiptText } from './receipts.js';

const SANDBOX_DECLINED_REASON = 'Payment declined at the sandbox checkout.';

export function paymentHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const settings = ctx.config.payments;
  const { payments } = ctx.stores;
  const body = (row: PaymentRow) => paymentBody(row, ctx.today());

  /** The caller's payment, or any payment for the owner; else 404. */
  async function visiblePayment(user: User, id: number): Promise<PaymentRow> {
    const row = await paymentSelect(db).where('payments.id', '=', id).executeTakeFirst();
    if (!row || (row.user_id !== user.id && !actsForBusiness(user))) throw notFound();
    return row;
  }

  async function visibleReceipt(user: User, paymentId: number) {
    const receipt = await loadReceipt(db, ctx.config, paymentId);
    if (!receipt || (receipt.userId !== user.id && !actsForBusiness(user))) throw notFound();
    return receipt;
  }

  async function callerOrder(user: User, orderId: string): Promise<PaymentOrder> {
    const order = await db
      .selectFrom('payment_orders')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!order) throw notFound();
    return order;
  }

  return {
    async listPayments(request) {
      const user = requireUser(request);
      let select = paymentSelect(db)
        .where('payments.user_id', '=', user.id)
        .orderBy('payments.created_at', 'desc')
        .orderBy('payments.id', 'desc');
      const status = request.query?.status;
      if (status) select = select.where('payments.status', '=', status);
      return (await select.execute()).map(body);
    },

    async getPayment(request) {
      return body(await visiblePayment(requireUser(request), request.params.id));
    },

    async getPaymentReceipt(request, reply) {
      const receipt = await visibleReceipt(requireUser(request), request.params.id);
      // In the language the web app shows (Accept-Language); the PDF below is English only.
      varyOnLanguage(reply);
      const language = requestLanguage(request.headers['accept-language']);
      if (request.query?.format === 'text') {
        return reply.type('text/plain; charset=utf-8').send(receiptText(receipt, language));
      }
      const layout = request.query?.layout ?? 'a4';
      return reply.type('text/html; charset=utf-8').send(receiptHtml(receipt, language, layout));
    },

    async getPaymentReceiptPdf(request, reply) {
      const receipt = await visibleReceipt(requireUser(request), request.params.id);
      const layout = request.query?.layout ?? 'a4';
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${receiptFileName(receipt, layout)}"`)
        .send(await receiptPdf(receipt, { layout }));
    },

    async listOrders(request) {
      const user = requireUser(request);
      const rows = await db
        .selectFrom('payment_orders')
        .selectAll()
        .where('user_id', '=', user.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(orderBody);
    },

    async createOrder(request, reply) {
      const user = requireCustomer(request);
      const subscription = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', request.body.subscription)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!subscription) throw notFound();
      try {
        const { order, created } = await payments.openOrder(user, subscription);
        reply.code(created ? 201 : 200);
        // The description is shown in the checkout, in the language the app shows.
        varyOnLanguage(reply);
        const language = requestLanguage(request.headers['accept-language']);
        return checkoutBody(order, user, ctx.config, language);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        request.log.error({ err: error }, 'payment provider refused the order');
        throw refusalDetail(502, 'payment.provider_unavailable');
      }
    },

    async verifyPayment(request) {
      const user = requireCustomer(request);
      const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = request.body;
      const order = await callerOrder(user, razorpay_order_id);
      // A bad signature says nothing about a real attempt (anyone can send made-up fields, again
      // and again), so it records no payment and sends no notice; the provider's webhook reports
      // genuine failures.
      if (
        !isValidPaymentSignature(
          settings.keySecret,
          order.order_id,
          razorpay_payment_id,
          razorpay_signature,
        )
      ) {
        throw refusalDetail(400, 'payment.invalid_signature');
      }
      const outcome = await payments.settle({
        order,
        providerPaymentId: razorpay_payment_id,
        paymentMode: order.provider === 'sandbox' ? 'sandbox' : null,
      });
      const success = await paymentSelect(db)
        .where('payments.payment_order_id', '=', order.id)
        .where('payments.status', '=', 'SUCCESS')
        .executeTakeFirst();
      if (!success) throw refusalDetail(400, 'payment.not_settled');
      const subscription = await loadSubscriptionBody(
        db,
        success.subscription_id,
        ctx.today(),
        user,
      );
      if (!subscription) throw notFound();
      return {
        detail: outcome.activated ? 'Payment verified successfully.' : 'Payment already verified.',
        payment: body(success),
        subscription,
      };
    },

    async sandboxPay(request) {
      // The route must not exist in razorpay mode.
      if (settings.provider !== 'sandbox') throw notFound();
      const user = requireCustomer(request);
      const order = await callerOrder(user, request.body.order_id);
      if (!selectIsOrderOpen(restore(orderMachine, orderFromApi(order)))) {
        throw refusalError(refusal('payment.order_not_open'));
      }
      const providerPaymentId = providerId('pay');
      if (request.body.outcome === 'failure') {
        // A failure the checkout named (declined by the bank, cancelled, timed out) is stored and
        // told as that; one it did not name, as the sandbox's own decline.
        const kind = request.body.failure;
        const failed = await payments.recordFailure({
          order,
          providerPaymentId,
          reason: kind ? PAYMENT_FAILURE_SENTENCES[kind] : SANDBOX_DECLINED_REASON,
          paymentMode: request.body.method ?? 'sandbox',
        });
        // Paid meanwhile (the order was open when read): the failure changes nothing.
        if (!failed) throw refusalError(refusal('payment.order_not_open'));
        await payments.notifyFailure(failed);
        // SandboxDeclined: an ErrorBody with the id of the FAILED payment just recorded.
        const declined = refusal('payment.declined');
        throw new ApiError(
          400,
          carrying(
            {
              detail: kind ? PAYMENT_FAILURE_SENTENCES[kind] : declined.message,
              error_code: declined.code,
              payment_id: failed.id,
            },
            [declined],
          ),
        );
      }
      return {
        razorpay_payment_id: providerPaymentId,
        razorpay_order_id: order.order_id,
        razorpay_signature: paymentSignature(settings.keySecret, order.order_id, providerPaymentId),
      };
    },
  } satisfies Partial<Handlers>;
}

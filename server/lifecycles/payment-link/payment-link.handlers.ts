// Payment links: the owner creates, lists and cancels them; a customer lists theirs; the sandbox
// plays the provider's hosted pay page; and the counter UPI request for a subscription's dues. The
// payment-link store decides and writes; this parses, calls it and serializes.
import { optionalAmountField } from '@server/lifecycles/payment/amount-field.js';
import {
  decide,
  MIN_LINK_AMOUNT_PAISE,
  paymentLinkFromApi,
  paymentLinkMachine,
  refusal,
  rupeesFromPaise,
  upiPayUri,
} from '@machines';
import type { AppContext } from '@server/context.js';
import { ApiError, carrying, notFound, refusalError } from '@server/errors.js';
import {
  requireCustomer,
  requireUser,
  type Handlers,
  requireBusiness,
  actsForBusiness,
} from '@server/http.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import { providerId } from '@server/services/payments/ids.js';
import { hmacHex } from '@server/services/payments/signatures.js';
import { formatReceiptNumber } from '@server/lifecycles/payment/receipts.js';
import {
  customerNameOf,
  dueOfSubscription,
  paymentLinkSelect,
  type PaymentLinkRow,
} from './payment-link.read.js';
import { paymentLinkBody } from './payment-link.serializer.js';

export function paymentLinkHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { paymentLinks } = ctx.stores;
  const now = () => ctx.clock.now().toISOString();
  const body = (row: PaymentLinkRow) => paymentLinkBody(row, now());

  /** The sandbox's link by its plink id; 404 in razorpay mode, where the route must not exist. */
  async function sandboxLink(linkId: string): Promise<PaymentLinkRow> {
    if (ctx.config.payments.provider !== 'sandbox') throw notFound();
    const row = await paymentLinkSelect(db)
      .where('l.provider_link_id', '=', linkId)
      .where('l.provider', '=', 'sandbox')
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  async function hosted(row: PaymentLinkRow) {
    const payment = row.paid_payment_id
      ? await db
          .selectFrom('payments')
          .select('receipt_number')
          .where('id', '=', row.paid_payment_id)
          .executeTakeFirst()
      : undefined;
    return {
      link_id: row.provider_link_id,
      amount: rupeesFromPaise(row.amount_paise),
      description: `${row.plan_name} (#${row.subscription_id})`,
      business_name: ctx.config.business.name,
      customer_name: customerNameOf(row),
      status: row.status,
      payable: decide(
        paymentLinkMachine,
        paymentLinkFromApi({ status: row.status, expire_by: row.expire_by }, now()),
        { type: 'payment_link.pay' },
      ).ok,
      expire_by: row.expire_by,
      receipt_number: payment ? formatReceiptNumber(payment.receipt_number) : null,
    };
  }

  return {
    async ownerListPaymentLinks(request) {
      requireBusiness(request);
      let select = paymentLinkSelect(db).orderBy('l.created_at', 'desc').orderBy('l.id', 'desc');
      if (request.query?.status) select = select.where('l.status', '=', request.query.status);
      if (request.query?.user) select = select.where('l.user_id', '=', request.query.user);
      return (await select.execute()).map(body);
    },

    async ownerCreatePaymentLink(request, reply) {
      const owner = requireBusiness(request);
      const amountPaise = optionalAmountField(request.body.amount);
      const row = await paymentLinks.create(owner, {
        subscriptionId: request.body.subscription,
        amountPaise,
      });
      return reply.code(201).send(body(row));
    },

    async ownerGetPaymentLink(request) {
      requireBusiness(request);
      return body(await paymentLinks.read(request.params.id));
    },

    async ownerCancelPaymentLink(request) {
      const owner = requireBusiness(request);
      return body(await paymentLinks.cancel(owner, request.params.id));
    },

    async listMyPaymentLinks(request) {
      const user = requireCustomer(request);
      const rows = await paymentLinkSelect(db)
        .where('l.user_id', '=', user.id)
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .execute();
      return rows.map(body);
    },

    async sandboxGetPaymentLink(request) {
      return hosted(await sandboxLink(request.params.link_id));
    },

    async sandboxPayPaymentLink(request) {
      const row = await sandboxLink(request.params.link_id);
      const decision = decide(
        paymentLinkMachine,
        paymentLinkFromApi({ status: row.status, expire_by: row.expire_by }, now()),
        { type: 'payment_link.pay' },
      );
      if (!decision.ok) throw refusalError(decision);
      if (request.body.outcome === 'failure') {
        const declined = refusal('payment.declined');
        throw new ApiError(
          400,
          carrying({ detail: declined.message, error_code: declined.code }, [declined]),
        );
      }
      // What Razorpay sends when a link is paid, signed with the webhook secret and delivered to
      // the webhook endpoint, which verifies and settles it exactly as it would Razorpay's.
      const paidAt = Math.floor(ctx.clock.now().getTime() / 1000);
      const orderId = providerId('order');
      const raw = JSON.stringify({
        entity: 'event',
        account_id: 'acc_sandbox',
        event: 'payment_link.paid',
        contains: ['payment_link', 'order', 'payment'],
        payload: {
          payment_link: {
            entity: {
              id: row.provider_link_id,
              amount: Number(row.amount_paise),
              amount_paid: Number(row.amount_paise),
              currency: 'INR',
              reference_id: row.reference_id,
              status: 'paid',
            },
          },
          order: { entity: { id: orderId, amount: Number(row.amount_paise), status: 'paid' } },
          payment: {
            entity: {
              id: providerId('pay'),
              amount: Number(row.amount_paise),
              currency: 'INR',
              status: 'captured',
              order_id: orderId,
              method: 'upi',
              created_at: paidAt,
            },
          },
        },
        created_at: paidAt,
      });
      const secret = ctx.config.payments.webhookSecret ?? '';
      const delivered = await request.server.inject({
        method: 'POST',
        url: '/api/payments/webhook/',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacHex(secret, raw),
        },
        payload: raw,
      });
      if (delivered.statusCode !== 200) {
        request.log.error(
          { status: delivered.statusCode, body: delivered.body.slice(0, 300) },
          'the sandbox webhook was refused',
        );
      }
      return hosted(await sandboxLink(request.params.link_id));
    },

    async subscriptionUpiQr(request) {
      const user = requireUser(request);
      const subscription = await db
        .selectFrom('subscriptions as s')
        .innerJoin('plans as p', 'p.id', 's.plan_id')
        .select(['s.id', 's.user_id', 's.status', 'p.name as plan_name'])
        .where('s.id', '=', request.params.id)
        .executeTakeFirst();
      if (!subscription || (!actsForBusiness(user) && subscription.user_id !== user.id))
        throw notFound();
      const settings = await readSettings(db);
      if (!settings.upi) throw refusalError(refusal('payment_link.upi_not_configured'));
      const due = await dueOfSubscription(db, subscription.id);
      if (due < MIN_LINK_AMOUNT_PAISE) throw refusalError(refusal('payment_link.nothing_due'));
      const note = `${subscription.plan_name} #${subscription.id}`;
      return {
        upi_uri: upiPayUri({
          vpa: settings.upi.vpa,
          payeeName: settings.upi.payee_name,
          amountPaise: due,
          note,
        }),
        amount: rupeesFromPaise(due),
        note,
        vpa: settings.upi.vpa,
        payee_name: settings.upi.payee_name,
      };
    },
  } satisfies Partial<Handlers>;
}

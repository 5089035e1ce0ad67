// Payment links: the owner creates, lists and cancels them; a customer lists theirs; the sandbox
// plays the provider's hosted pay page; and the counter UPI request for a subscription's dues. The
// payment-link store decides and writes; this parses, calls it and serializes.
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
import { ownerHandlers, payInSandbox } from './request-handlers.js';
import { paidReceiptNumber } from '@server/lifecycles/payment/receipts.js';
import { notFound, refusalError, found } from '@server/errors.js';
import {
  requireCustomer,
  requireUser,
  type Handlers,
  requireBusiness,
  actsForBusiness,
} from '@server/http.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import { providerId } from '@server/services/payments/ids.js';
import {
  customerNameOf,
  dueOfSubscription,
  paymentLinkSelect,
  type PaymentLinkRow,
} from './payment-link.read.js';
import { paymentLinkBody } from './payment-link.serializer.js';
import { subscriptionsWithPlans } from '@server/lifecycles/subscription/subscription.read.js';

export function paymentLinkHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { paymentLinks } = ctx.stores;
  const now = () => ctx.clock.now().toISOString();
  const body = (row: PaymentLinkRow) => paymentLinkBody(row, now());
  const owner = ownerHandlers({ ...paymentLinks, end: paymentLinks.cancel }, body);

  /** The sandbox's link by its plink id; 404 in razorpay mode, where the route must not exist. */
  async function sandboxLink(linkId: string): Promise<PaymentLinkRow> {
    if (ctx.config.payments.provider !== 'sandbox') throw notFound();
    return found(
      paymentLinkSelect(db)
        .where('l.provider_link_id', '=', linkId)
        .where('l.provider', '=', 'sandbox')
        .executeTakeFirst(),
    );
  }

  async function hosted(row: PaymentLinkRow) {
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
      receipt_number: await paidReceiptNumber(db, row.paid_payment_id),
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

    ownerCreatePaymentLink: owner.create,
    ownerGetPaymentLink: owner.read,
    ownerCancelPaymentLink: owner.end,

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
      // What Razorpay sends when a link is paid.
      const paidAt = Math.floor(ctx.clock.now().getTime() / 1000);
      const orderId = providerId('order');
      await payInSandbox(
        ctx,
        request,
        decide(
          paymentLinkMachine,
          paymentLinkFromApi({ status: row.status, expire_by: row.expire_by }, now()),
          { type: 'payment_link.pay' },
        ),
        {
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
        },
      );
      return hosted(await sandboxLink(request.params.link_id));
    },

    async subscriptionUpiQr(request) {
      const user = requireUser(request);
      const subscription = await subscriptionsWithPlans(db)
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

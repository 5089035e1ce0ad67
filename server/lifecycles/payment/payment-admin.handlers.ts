// The owner's payment views: search, filters and paging over every payment, the latest 20, the
// failed ones, one payment in detail; and recording money received at the mess.
import { amountField } from './amount-field.js';
import { sql } from 'kysely';
import { addDays } from '@machines/shared';
import type { AppContext } from '@server/context.js';
import { containsPattern } from '@server/platform/db/search.js';
import { forbidden, notFound, noSuchRecord, found } from '@server/errors.js';
import { formatMoney } from '@server/platform/i18n.js';
import { requireUser, type Handlers, requireBusiness, actsForBusiness } from '@server/http.js';
import { page } from '@server/platform/paging.js';
import { adminPaymentBody } from './payment.serializer.js';
import { adminPaymentSelect, type AdminPaymentRow } from './payment.read.js';
import {
  loadSubscriptionBody,
  type SubscriptionBody,
} from '@server/lifecycles/subscription/subscription.serializer.js';
import { businessDayStart } from '@server/platform/time.js';

const PAYMENT_DETAILS_FORBIDDEN =
  'Unauthorized Access: You do not have permission to access payment details.';

export function paymentAdminHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const body = (row: AdminPaymentRow) => adminPaymentBody(row, ctx.today());
  const newestFirst = () =>
    adminPaymentSelect(db).orderBy('payments.created_at', 'desc').orderBy('payments.id', 'desc');

  return {
    async adminListPayments(request, reply) {
      requireBusiness(request);
      const query = request.query ?? {};
      const tz = ctx.config.businessTz;
      let base = adminPaymentSelect(db);
      if (query.status) base = base.where('payments.status', '=', query.status);
      if (query.user) base = base.where('payments.user_id', '=', query.user);
      if (query.plan) base = base.where('subscriptions.plan_id', '=', query.plan);
      if (query.date_from) {
        base = base.where('payments.created_at', '>=', businessDayStart(query.date_from, tz));
      }
      if (query.date_to) {
        const dayAfter = businessDayStart(addDays(query.date_to, 1), tz);
        base = base.where('payments.created_at', '<', dayAfter);
      }
      const search = query.search?.trim();
      if (search) {
        const pattern = containsPattern(search);
        const like = (column: string) =>
          sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
        base = base.where((eb) =>
          eb.or([
            like('payments.transaction_id'),
            like('payments.razorpay_order_id'),
            like('payments.razorpay_payment_id'),
            like('users.username'),
            like('users.email'),
            like('users.phone'),
            like('users.first_name'),
            like('users.last_name'),
            sql<boolean>`lower(users.first_name || ' ' || users.last_name) like ${pattern} escape '\\'`,
          ]),
        );
      }
      const rows = await page(base, reply, query, (ordered) =>
        ordered.orderBy('payments.created_at', 'desc').orderBy('payments.id', 'desc'),
      );
      return rows.map(body);
    },

    async adminRecentPayments(request) {
      requireBusiness(request);
      return (await newestFirst().limit(20).execute()).map(body);
    },

    async adminFailedPayments(request) {
      requireBusiness(request);
      const rows = await newestFirst().where('payments.status', '=', 'FAILED').limit(500).execute();
      return rows.map(body);
    },

    async adminRecordOfflinePayment(request, reply) {
      const owner = requireBusiness(request);
      const input = request.body;
      const subscription = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', input.subscription)
        .executeTakeFirst();
      if (!subscription) {
        throw noSuchRecord('subscription', input.subscription);
      }
      const amountPaise = amountField(input.amount);
      const recorded = await ctx.stores.payments.recordOffline(owner, subscription, {
        amountPaise,
        mode: input.payment_mode,
        reference: input.reference ?? null,
        receivedOn: input.received_on ?? ctx.today(),
        note: input.admin_comment?.trim() || null,
        requestId: input.request_id ?? null,
      });
      const row = await adminPaymentSelect(db)
        .where('payments.id', '=', recorded.id)
        .executeTakeFirstOrThrow();
      const after = await loadSubscriptionBody(db, recorded.subscription_id, ctx.today(), owner);
      if (!after) throw notFound();
      reply.code(201);
      return {
        detail: recordedDetail(after),
        payment: body(row),
        subscription: after,
      };
    },

    async adminGetPayment(request) {
      const user = requireUser(request);
      if (!actsForBusiness(user)) throw forbidden(PAYMENT_DETAILS_FORBIDDEN);
      const row = await found(
        adminPaymentSelect(db).where('payments.id', '=', request.params.id).executeTakeFirst(),
      );
      return body(row);
    },
  } satisfies Partial<Handlers>;
}

/** What the owner is told (in English; the answer's language is applied on the way out). */
function recordedDetail(subscription: SubscriptionBody): string {
  if (subscription.amount_due <= 0) return 'Payment recorded. The subscription is active.';
  const due = formatMoney('en', Math.round(subscription.amount_due * 100));
  return subscription.status === 'PENDING_PAYMENT'
    ? `Payment recorded. ${due} is still due; the subscription starts when it is paid.`
    : `Payment recorded. The subscription is active; ${due} is still due.`;
}

// Money received at the mess: `dabba payments pending` and `dabba payments record`. A dry run reads
// the subscription and asks the same machines and rules the server does; a real run lets the server
// record and settle it.
import type { components } from '../../generated/api';
import {
  type OfflinePaymentField,
  type OfflinePaymentMode,
  offlinePaymentProblems,
  paymentModeLabel,
} from '@machines/payment';
import { decide, formatRupees, paiseFromRupees, todayIn } from '@machines/shared';
import { subscriptionFromApi, subscriptionMachine } from '@machines/subscription';
import { refuseFlagProblems, refusedError } from '../errors';
import type { CliIo } from '../io';
import { printJson } from '../output';
import { byId, businessTimeZone, unwrap, type Api } from './api';
import { allPages } from './paging';

type Subscription = components['schemas']['Subscription'];

export interface RecordOptions {
  /** Rupees. */
  readonly amount: number;
  readonly mode: OfflinePaymentMode;
  readonly reference?: string;
  /** YYYY-MM-DD; default today. */
  readonly date?: string;
  readonly note?: string;
  readonly dryRun: boolean;
  readonly json: boolean;
}

/** What a dry run says would be recorded. */
interface OfflinePaymentPlan {
  readonly dry_run: true;
  readonly subscription: number;
  readonly customer: string;
  readonly plan: string;
  readonly amount: number;
  readonly payment_mode: OfflinePaymentMode;
  readonly reference: string | null;
  readonly received_on: string;
  readonly admin_comment: string | null;
  /** The subscription after recording: ACTIVE from today. */
  readonly status: string;
  readonly start_date: string | null;
  readonly base_end_date: string | null;
}

/** The flag each request field comes from, to name it in a refusal. */
const FLAGS: Record<OfflinePaymentField, string> = {
  amount: '--amount',
  reference: '--reference',
  received_on: '--date',
};

const describe = (subscription: Subscription) =>
  `subscription #${subscription.id} (${subscription.user.username}, ${subscription.plan.name})`;

function amountPaise(amount: number): number {
  const paise = paiseFromRupees(amount);
  if (paise === null) throw refusedError('--amount: Amount may have at most two decimals.');
  return paise;
}

/** The dry run: the subscription must exist and await payment, and every rule must hold. */
async function plan(
  api: Api,
  id: number,
  options: RecordOptions,
  now: Date,
): Promise<OfflinePaymentPlan> {
  const subscription = await unwrap(
    api,
    api.client.GET('/subscriptions/subscriptions/{id}/', byId(id)),
    `Subscription ${id}`,
  );
  const zone = await businessTimeZone(api);
  const businessDate = (instantMs: number) => todayIn(zone, instantMs);
  const today = businessDate(now.getTime());
  const activation = decide(subscriptionMachine, subscriptionFromApi(subscription), {
    type: 'payment.succeeded',
    paidOn: today,
  });
  // A subscription that started with dues (or was cancelled owing) still takes a payment.
  if (!activation.ok && subscription.amount_due <= 0) {
    throw refusedError(
      `${describe(subscription)}: ${activation.message}`,
      undefined,
      activation.code,
    );
  }
  const receivedOn = options.date ?? today;
  const reference = options.reference ?? null;
  const problems = offlinePaymentProblems({
    amountPaise: amountPaise(options.amount),
    amountDuePaise: amountPaise(subscription.amount_due),
    mode: options.mode,
    reference,
    receivedOn,
    today,
    subscriptionCreatedOn: businessDate(Date.parse(subscription.created_at)),
  });
  refuseFlagProblems(problems, FLAGS);
  return {
    dry_run: true,
    subscription: subscription.id,
    customer: subscription.user.username,
    plan: subscription.plan.name,
    amount: options.amount,
    payment_mode: options.mode,
    reference,
    received_on: receivedOn,
    admin_comment: options.note?.trim() || null,
    // Paid in full, it starts now; a part payment starts it only as the owner's payment policy
    // allows, which the server decides: the dry run says what stands until then.
    ...(activation.ok && amountPaise(options.amount) >= amountPaise(subscription.amount_due)
      ? {
          status: String(activation.next),
          start_date: activation.context.startDate,
          base_end_date: activation.context.baseEndDate,
        }
      : {
          status: subscription.status,
          start_date: subscription.start_date,
          base_end_date: subscription.base_end_date,
        }),
  };
}

/** Every subscription awaiting payment, newest first: the web's Pending Payments tab. */
export async function pendingPayments(api: Api): Promise<Subscription[]> {
  return allPages(api, 'The subscriptions awaiting payment', (page) =>
    api.client.GET('/subscriptions/subscriptions/', {
      params: { query: { status: 'PENDING_PAYMENT', ...page } },
    }),
  );
}

export async function recordOfflinePayment(
  io: CliIo,
  api: Api,
  id: number,
  options: RecordOptions,
): Promise<void> {
  const how = paymentModeLabel(options.mode);
  if (options.dryRun) {
    const planned = await plan(api, id, options, io.now());
    if (options.json) return printJson(io.stdout, planned);
    io.stdout.write(
      `Would record ${formatRupees(planned.amount)} (${how}` +
        `${planned.reference ? `, reference ${planned.reference}` : ''}) for subscription ` +
        `#${planned.subscription} (${planned.customer}, ${planned.plan}), received on ` +
        `${planned.received_on}.\nThe subscription would become ${planned.status}: ` +
        `${planned.start_date ?? '?'} → ${planned.base_end_date ?? '?'}.\n`,
    );
    return;
  }
  const recorded = await unwrap(
    api,
    api.client.POST('/payments/admin/payments/record_offline/', {
      body: {
        subscription: id,
        amount: options.amount,
        payment_mode: options.mode,
        ...(options.reference ? { reference: options.reference } : {}),
        ...(options.date ? { received_on: options.date } : {}),
        ...(options.note?.trim() ? { admin_comment: options.note.trim() } : {}),
      },
    }),
    `Subscription ${id}`,
  );
  if (options.json) return printJson(io.stdout, recorded);
  const { payment, subscription } = recorded;
  io.stdout.write(
    `Recorded ${formatRupees(payment.amount_inr)} (${how}` +
      `${payment.utr ? `, reference ${payment.utr}` : ''}) for ${describe(subscription)}: ` +
      `payment #${payment.id}, receipt ${payment.receipt_number ?? '-'}.\n` +
      `The subscription is ${subscription.status}: ${subscription.start_date ?? '?'} → ` +
      `${subscription.base_end_date ?? '?'}.\n`,
  );
}

// `dabba walk-in`: the owner enrols a customer at the counter; the server makes the account, the
// subscription, its charge and the payment in one step and texts the customer a claim link.
import {
  formatRupees,
  paymentModeLabel,
  type OfflinePaymentMode,
  type WalkInStart,
} from '@machines';
import type { CliIo } from '../io';
import { printJson, when } from '../output';
import { businessTimeZone, unwrap, type Api } from './api';

export interface WalkInOptions {
  readonly name: string;
  readonly phone: string;
  readonly plan: number;
  /** Rupees paid now; 0 for nothing yet. */
  readonly amount: number;
  readonly mode: OfflinePaymentMode;
  readonly type: 'student' | 'regular';
  /** Paid in part: when the subscription starts (the server asks for it then). */
  readonly start?: WalkInStart;
  readonly email?: string;
  readonly reference?: string;
  readonly requestId?: string;
  readonly json: boolean;
}

/** "Ravi Kumar Singh" → first "Ravi", last "Kumar Singh". */
function splitName(name: string): { first: string; last: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

export async function enrolWalkIn(io: CliIo, api: Api, options: WalkInOptions): Promise<void> {
  const { first, last } = splitName(options.name);
  const enrolled = await unwrap(
    api,
    api.client.POST('/payments/admin/walk-ins/', {
      body: {
        first_name: first,
        ...(last ? { last_name: last } : {}),
        phone: options.phone,
        user_type: options.type,
        plan: options.plan,
        amount: options.amount,
        payment_mode: options.mode,
        ...(options.start ? { start: options.start } : {}),
        ...(options.email ? { email: options.email } : {}),
        ...(options.reference ? { reference: options.reference } : {}),
        ...(options.requestId ? { request_id: options.requestId } : {}),
      },
    }),
    `Plan ${options.plan}`,
  );
  if (options.json) return printJson(io.stdout, enrolled);
  const { customer, subscription, payment } = enrolled;
  const paid = payment
    ? `${formatRupees(payment.amount_inr)} (${paymentModeLabel(payment.payment_mode) ?? 'offline'}` +
      `${payment.utr ? `, reference ${payment.utr}` : ''}), receipt ${payment.receipt_number ?? '-'}`
    : 'nothing yet';
  io.stdout.write(
    `Enrolled ${customer.first_name} ${customer.last_name}`.trimEnd() +
      ` (${customer.username}, ${customer.phone}).\n` +
      `Subscription #${subscription.id} to ${subscription.plan.name}: ${subscription.status}.\n` +
      `Paid: ${paid}.\n` +
      `Amount due: ${formatRupees(subscription.amount_due)}` +
      (subscription.amount_due > 0
        ? subscription.status === 'ACTIVE'
          ? ' (started now, owing the rest).\n'
          : ' (it starts when paid).\n'
        : '.\n') +
      (enrolled.sms_sent
        ? `A link to claim the account was sent by SMS to ${customer.phone}.\n`
        : ''),
  );
}

/** A new claim link for walk-in `user`, sent by SMS; the old link stops working. */
export async function resendClaimLink(
  io: CliIo,
  api: Api,
  user: number,
  json: boolean,
): Promise<void> {
  const sent = await unwrap(
    api,
    api.client.POST('/payments/admin/walk-ins/{id}/resend_claim/', {
      params: { path: { id: user } },
    }),
    `Customer ${user}`,
  );
  if (json) return printJson(io.stdout, sent);
  const until = when(sent.claim.expires_at, await businessTimeZone(api));
  io.stdout.write(`${sent.detail}\nThe link works until ${until}.\n`);
}

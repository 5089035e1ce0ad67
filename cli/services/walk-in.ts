// `dabba walk-in`: the owner enrols a customer at the counter; the server makes the account, the
// subscription, its charge and the payment in one step and texts the customer a claim link.
import {
  formatRupees,
  paymentModeLabel,
  type OfflinePaymentMode,
  type WalkInStart,
} from '@machines';
import { when } from '../output';
import { businessTimeZone, unwrap, type Api } from './api';
import { formatPhone } from '@machines/shared';
import type { components } from '../../generated/api';
import { usageError } from '../errors';
import { givenFlags, profileFrom, type ProfileFlags } from './profile';

type WalkInRequest = components['schemas']['WalkInRequest'];
type WalkIn = components['schemas']['WalkInEnrolled'];
type ClaimLinkSent = components['schemas']['WalkInClaimSent'];

/**
 * The profile a walk-in is enrolled with, as the customer's own form takes it; none when nothing
 * is given (a mess plan needs none; a tiffin plan's refusal says what is missing).
 */
function profileOf(
  type: 'student' | 'regular',
  profile: ProfileFlags,
): Pick<WalkInRequest, 'student_profile' | 'regular_profile'> {
  if (givenFlags(profile, type === 'student' ? 'regular' : 'student').length > 0) {
    throw usageError(
      type === 'student'
        ? 'A student has no --address, --landmark, --pincode or --city: give --institute, --student-id, --hostel, --year and --course.'
        : 'A regular customer has no student details: give --address, --landmark, --pincode and --city.',
    );
  }
  return givenFlags(profile, type).length === 0 ? {} : profileFrom(type, profile);
}

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
  /** Their language (their SMS and later messages); unset: the mess's usual one. */
  readonly language?: 'en' | 'hi';
  /** Where a tiffin goes (a tiffin plan needs it). */
  readonly profile?: ProfileFlags;
}

/** "Ravi Kumar Singh" → first "Ravi", last "Kumar Singh". */
function splitName(name: string): { first: string; last: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

export async function enrolWalkIn(api: Api, options: WalkInOptions): Promise<WalkIn> {
  const { first, last } = splitName(options.name);
  return unwrap(
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
        ...(options.language ? { language: options.language } : {}),
        ...profileOf(options.type, options.profile ?? {}),
      },
    }),
    `Plan ${options.plan}`,
  );
}

/** Who was enrolled, to what, what was paid and what is still due, and whether the SMS went. */
export function describeWalkIn(enrolled: WalkIn): string {
  const { customer, subscription, payment } = enrolled;
  const paid = payment
    ? `${formatRupees(payment.amount_inr)} (${paymentModeLabel(payment.payment_mode) ?? 'offline'}` +
      `${payment.utr ? `, reference ${payment.utr}` : ''}), receipt ${payment.receipt_number ?? '-'}`
    : 'nothing yet';
  return (
    `Enrolled ${customer.first_name} ${customer.last_name}`.trimEnd() +
    ` (${customer.username}, ${formatPhone(customer.phone)}).\n` +
    `Subscription #${subscription.id} to ${subscription.plan.name}: ${subscription.status}.\n` +
    `Paid: ${paid}.\n` +
    `Amount due: ${formatRupees(subscription.amount_due)}` +
    (subscription.amount_due > 0
      ? subscription.status === 'ACTIVE'
        ? ' (started now, owing the rest).\n'
        : ' (it starts when paid).\n'
      : '.\n') +
    (enrolled.sms_sent
      ? `A link to claim the account was sent by SMS to ${formatPhone(customer.phone)}.\n`
      : '')
  );
}

/** A new claim link for walk-in `user`, sent by SMS; the old link stops working. */
export async function resendClaimLink(api: Api, user: number): Promise<ClaimLinkSent> {
  return unwrap(
    api,
    api.client.POST('/payments/admin/walk-ins/{id}/resend_claim/', {
      params: { path: { id: user } },
    }),
    `Customer ${user}`,
  );
}

/** What was sent, and until when the link works (the business's clock). */
export async function describeClaimLink(api: Api, sent: ClaimLinkSent): Promise<string> {
  const until = when(sent.claim.expires_at, await businessTimeZone(api));
  return `${sent.detail}\nThe link works until ${until}.\n`;
}

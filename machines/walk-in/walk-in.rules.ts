// A walk-in's claim link: how long it lasts, and the usernames an enrolment makes.
import { formatRupees } from '../shared/money';
import { refusal, type Refusal } from '../shared/refusals';
import type { ClaimContext, ClaimEvent } from './walk-in.types';

/**
 * Where an account enrolled without an e-mail address "lives": a reserved domain (RFC 2606) that
 * nothing is sent to and no screen shows.
 */
export const NO_EMAIL_DOMAIN = 'walk-in.invalid';

/** Whether `address` is a real one, not the stand-in of a walk-in who gave none. */
export const hasEmail = (address: string): boolean =>
  !address.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`);

/** A claim link works for a week from the enrolment. */
export const CLAIM_LINK_DAYS = 7;

export const isUnexpired = (context: ClaimContext): boolean => context.now < context.expiresAt;

/** The claim page's steps, in order. */
export const walkInClaimActionProbes: readonly ClaimEvent[] = [
  { type: 'claim.send_otp' },
  { type: 'claim.verify' },
  { type: 'claim.complete' },
];

/** The owner's button on an unclaimed walk-in. */
export const walkInClaimOwnerProbes: readonly ClaimEvent[] = [{ type: 'claim.resend' }];

/**
 * The username an enrolment proposes: the first name's letters and digits (lower case, at most 20)
 * and the phone's last four digits, e.g. `ravi4321`; `attempt` > 0 adds `_2`, `_3`… for clashes.
 * The customer may change it when claiming.
 */
export function walkInUsername(firstName: string, phone: string, attempt = 0): string {
  const name =
    firstName
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 20) || 'customer';
  const digits = phone.replace(/\D/g, '').slice(-4);
  return `${name}${digits}${attempt > 0 ? `_${attempt + 1}` : ''}`;
}

/**
 * When a walk-in's subscription starts if the counter payment leaves some of the price due: now,
 * owing the rest (the owner's decision at the counter, whatever the payment policy says), or when
 * it is paid (a later payment starts it as the policy says).
 */
export const WALK_IN_STARTS = ['now_with_dues', 'when_paid'] as const;
export type WalkInStart = (typeof WALK_IN_STARTS)[number];

/** What the start choice is judged by: what is paid now, the subscription's price, the choice. */
export interface WalkInStartFacts {
  readonly amountPaise: number;
  readonly pricePaise: number;
  readonly start: WalkInStart | null;
}

/** What the counter payment leaves due (0 when it pays the whole price). */
export const walkInDuePaise = (facts: Pick<WalkInStartFacts, 'amountPaise' | 'pricePaise'>) =>
  Math.max(0, facts.pricePaise - facts.amountPaise);

/** A part payment (₹0 too) needs the owner's choice of when it starts, under the `start` field. */
export function walkInStartProblems(
  facts: WalkInStartFacts,
): (Refusal<'walk_in.start_required'> & { readonly field: 'start' })[] {
  const due = walkInDuePaise(facts);
  if (due === 0 || facts.start !== null) return [];
  return [
    { field: 'start', ...refusal('walk_in.start_required', { due: formatRupees(due / 100) }) },
  ];
}

/** The subscription starts now: paid in full, or the owner chose to start it owing the rest. */
export const walkInStartsNow = (facts: WalkInStartFacts): boolean =>
  walkInDuePaise(facts) === 0 || facts.start === 'now_with_dues';

/** A plan's service: a tiffin is delivered, a mess meal is eaten at the mess. */
export const deliversTiffin = (serviceType: string): boolean => serviceType === 'tiffin';

/** What the delivery address is judged by: the plan's service, the customer's type, a profile given. */
export interface WalkInAddressFacts {
  readonly serviceType: string;
  readonly userType: 'student' | 'regular';
  /** The profile of the customer's type was sent (its fields are the profile's own rules). */
  readonly hasProfile: boolean;
}

/**
 * A plan that delivers needs to know where to, under the profile's field: a regular customer's
 * address, or a student's profile with the hostel (where a student's tiffin goes).
 */
export function walkInAddressProblems(facts: WalkInAddressFacts): (Refusal<
  'walk_in.address_required' | 'walk_in.address_required:student'
> & {
  readonly field: 'student_profile' | 'regular_profile';
})[] {
  if (!deliversTiffin(facts.serviceType) || facts.hasProfile) return [];
  return facts.userType === 'student'
    ? [{ field: 'student_profile', ...refusal('walk_in.address_required:student') }]
    : [{ field: 'regular_profile', ...refusal('walk_in.address_required') }];
}

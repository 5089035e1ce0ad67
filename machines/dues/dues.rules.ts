// A customer's account with the business (their ledger, or khata): what they owe is the sum of
// their entries; what is owed is old from the date of the oldest charge their payments have not
// covered, paid first in, first out. The ages the owner's Dues tile groups by, and the
// policy that decides whether a part-paid subscription starts.
import { addDays, diffDays, type IsoDate } from '../shared/dates';
import type { components } from '../../generated/api';
import type { DuesStatus, DuesEvent } from './dues.types';

/** Dues older than this many days are overdue (mess rules stop meals from the 16th). */
export const OVERDUE_AFTER_DAYS = 15;

/** The ages of dues the owner's home groups them by: 0–15, 16–30 and over 30 days. */
export const DUES_AGES = ['0_15', '16_30', 'over_30'] as const;
export type DuesAge = (typeof DUES_AGES)[number];

/** The buttons of an account with dues, in display order. */
export const duesActionProbes: readonly DuesEvent[] = [
  { type: 'dues.pay' },
  { type: 'dues.record_payment' },
  { type: 'dues.send_link' },
  { type: 'dues.remind' },
  { type: 'dues.refund_advance' },
];

/** What an account's status is decided by. */
export interface DuesFacts {
  readonly balancePaise: number;
  /** The date of the oldest unpaid charge; null when nothing is owed. */
  readonly dueSince: IsoDate | null;
  readonly today: IsoDate;
  /** What the customer paid beyond what they owed, held for them (0 or absent: nothing). */
  readonly advancePaise?: number;
}

/** How many days the dues have been owed (0 on the day of the charge; 0 when nothing is owed). */
export const daysDue = (facts: Pick<DuesFacts, 'dueSince' | 'today'>): number =>
  facts.dueSince === null ? 0 : Math.max(0, diffDays(facts.today, facts.dueSince));

export function duesStatus(facts: DuesFacts): DuesStatus {
  if (facts.balancePaise < 0) return 'IN_CREDIT';
  if (facts.balancePaise === 0) return 'SETTLED';
  return daysDue(facts) > OVERDUE_AFTER_DAYS ? 'OVERDUE' : 'DUE';
}

/** The age group of dues owed for `days` days. */
export function duesAge(days: number): DuesAge {
  if (days <= 15) return '0_15';
  if (days <= 30) return '16_30';
  return 'over_30';
}

/** One entry as the FIFO walk needs it: signed amount (charges positive) and date, in order. */
export interface DatedAmount {
  readonly amountPaise: number;
  readonly occurredOn: IsoDate;
}

/**
 * The balance and since when it is owed: payments and credits pay the oldest charges first, so
 * the dues are as old as the oldest charge not yet paid in full. `entries` in posting order.
 */
export function balanceOf(entries: readonly DatedAmount[]): {
  balancePaise: number;
  dueSince: IsoDate | null;
} {
  let balancePaise = 0;
  let paid = 0;
  const charges: DatedAmount[] = [];
  for (const entry of entries) {
    balancePaise += entry.amountPaise;
    if (entry.amountPaise > 0) charges.push(entry);
    else paid -= entry.amountPaise;
  }
  if (balancePaise <= 0) return { balancePaise, dueSince: null };
  const byDate = [...charges].sort((a, b) => (a.occurredOn < b.occurredOn ? -1 : 1));
  for (const charge of byDate) {
    if (paid < charge.amountPaise) return { balancePaise, dueSince: charge.occurredOn };
    paid -= charge.amountPaise;
  }
  return { balancePaise, dueSince: byDate.at(-1)?.occurredOn ?? null };
}

/** Whether a subscription still owing `duePaise` starts under `policy`. */
export function startsWithDues(policy: PaymentPolicy, duePaise: number): boolean {
  if (duePaise <= 0) return true;
  return policy.activation === 'dues_allowed' && duePaise <= Math.round(policy.max_dues * 100);
}

/** The smallest payment anyone may make or ask for against dues: ₹1. */
export const MIN_PAYMENT_PAISE = 100;
/** Whether a subscription may start owing, and the dues hold (Settings → Payments). */
export type PaymentPolicy = components['schemas']['PaymentPolicy'];
/** The owner's dues hold (Settings → Payments): off, or the limits above which meals pause. */
export type HoldPolicy = components['schemas']['HoldPolicy'];
export type HoldReason = components['schemas']['DuesHold']['reason'];

/** Off until the owner turns it on; the limits it suggests then (mess rules: ₹2,000, 15 days). */
export const DEFAULT_HOLD_POLICY: HoldPolicy = {
  enabled: false,
  max_amount: 2000,
  max_days_overdue: OVERDUE_AFTER_DAYS,
};

/** The hold in force under `policy` (a settings row saved before the hold existed has none). */
export const holdPolicyOf = (policy: Pick<PaymentPolicy, 'hold'>): HoldPolicy =>
  policy.hold ?? DEFAULT_HOLD_POLICY;

/**
 * Whether the customer is held for dues, and why: owing more than the amount limit (checked
 * first), or owing for more than the days limit. Null: not held (the hold off, nothing owed, or
 * under both limits). Derived from the balance on `facts.today`, never stored: a payment lifts it.
 */
export function holdOf(facts: DuesFacts, policy: HoldPolicy): HoldReason | null {
  if (!policy.enabled || facts.balancePaise <= 0) return null;
  if (policy.max_amount !== null && facts.balancePaise > policy.max_amount * 100) {
    return 'over_amount';
  }
  if (policy.max_days_overdue !== null && daysDue(facts) > policy.max_days_overdue) {
    return 'overdue_days';
  }
  return null;
}

/**
 * The latest date dues may be owed since and not be held by the days limit (null: no days limit):
 * what a query of held accounts compares `due_since` with (held when before it is).
 */
export const heldDueSinceBefore = (policy: HoldPolicy, today: IsoDate): IsoDate | null =>
  policy.max_days_overdue === null ? null : addDays(today, -policy.max_days_overdue);

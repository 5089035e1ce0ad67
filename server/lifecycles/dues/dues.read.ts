// The ledger as people read it: one customer's statement (their entries with the running balance,
// what each subscription still owes, the dues machine's status and actions), the owner's list of
// who owes what, and the Dues tile's summary by age. Reads only.
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { components } from '@generated/api.js';
import { addDays, allowedEvents } from '@machines/shared';
import {
  daysDue,
  duesAge,
  duesMachine,
  duesOf,
  duesStatus,
  heldDueSinceBefore,
  holdOf,
  holdPolicyOf,
  OVERDUE_AFTER_DAYS,
  type DuesAge,
  type DuesEvent,
  type DuesFacts,
  type HoldPolicy,
} from '@machines/dues';
import type { Database, Subscription, User } from '@server/platform/db/schema.js';
import type { Executor } from '@server/lifecycles/store.js';
import { containsPattern } from '@server/platform/db/search.js';
import { fullName, rupees } from '@server/platform/format.js';
import { subscriptionStatus } from '@server/lifecycles/subscription/subscription.read.js';
import { readSettings } from '@server/resources/settings/settings.read.js';

export type StatementBody = components['schemas']['Statement'];
export type DuesRowBody = components['schemas']['DuesRow'];
export type DuesSummaryBody = components['schemas']['DuesSummary'];
export type DuesHoldBody = components['schemas']['DuesHold'];
type DuesCustomer = components['schemas']['DuesCustomer'];

/** The dues hold in force (the owner's settings). */
export const readHoldPolicy = async (db: Executor): Promise<HoldPolicy> =>
  holdPolicyOf((await readSettings(db)).payments);

/** Why the account is held under `policy` on `facts.today` (machines/dues holdOf), or null. */
function holdBody(facts: DuesFacts, policy: HoldPolicy): DuesHoldBody | null {
  const reason = holdOf(facts, policy);
  if (reason === null) return null;
  return {
    reason,
    balance: rupees(facts.balancePaise),
    max_amount: policy.max_amount,
    days_due: daysDue(facts),
    max_days_overdue: policy.max_days_overdue,
  };
}

/**
 * The balances (alias ledger_balances) `policy` holds on `today`, as a where clause: the SQL form
 * of holdOf, which the rows it keeps are then asked again (holdBody). False while the hold is off.
 */
function heldWhere(policy: HoldPolicy, today: string) {
  const before = heldDueSinceBefore(policy, today);
  const limits = [
    ...(policy.max_amount === null
      ? []
      : [sql<boolean>`ledger_balances.balance_paise > ${policy.max_amount * 100}`]),
    ...(before === null ? [] : [sql<boolean>`ledger_balances.due_since < ${before}`]),
  ];
  if (!policy.enabled || limits.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`(ledger_balances.balance_paise > 0 and (${sql.join(limits, sql` or `)}))`;
}

/**
 * The customers held for dues on `today`, by user id. Few: read from the accounts over a limit
 * (the owing accounts' dues index). Empty, unread, while the hold is off.
 */
export async function heldCustomers(
  db: Executor,
  policy: HoldPolicy,
  today: string,
): Promise<Map<number, DuesHoldBody>> {
  if (!policy.enabled) return new Map();
  const rows = await db
    .selectFrom('ledger_balances')
    .select(['user_id', 'balance_paise', 'due_since'])
    .where(heldWhere(policy, today))
    .execute();
  const held = new Map<number, DuesHoldBody>();
  for (const row of rows) {
    const body = holdBody(
      { balancePaise: Number(row.balance_paise), dueSince: row.due_since, today },
      policy,
    );
    if (body) held.set(row.user_id, body);
  }
  return held;
}

/** Who reads a statement decides which of the machine's actions it offers. */
const CUSTOMER_ACTIONS: ReadonlySet<DuesEvent['type']> = new Set(['dues.pay']);

const customerBody = (
  user: Pick<
    User,
    'id' | 'username' | 'first_name' | 'last_name' | 'phone' | 'email' | 'user_type'
  >,
): DuesCustomer => ({
  id: user.id,
  username: user.username,
  full_name: fullName(user),
  phone: user.phone || null,
  email: user.email || null,
  user_type: user.user_type === 'student' ? 'student' : 'regular',
});

export async function readStatement(
  db: Kysely<Database>,
  user: User,
  today: string,
  reader: 'customer' | 'owner',
): Promise<StatementBody> {
  // Four reads side by side (on PostgreSQL each on a connection of its own).
  const [entries, subscriptions, balance, policy] = await Promise.all([
    db
      .selectFrom('ledger_entries')
      .leftJoin('subscriptions', 'subscriptions.id', 'ledger_entries.subscription_id')
      .leftJoin('plans', 'plans.id', 'subscriptions.plan_id')
      .leftJoin('payments', (join) =>
        join
          .onRef('payments.id', '=', 'ledger_entries.source_id')
          .on('ledger_entries.source_type', '=', 'payment'),
      )
      .select([
        'ledger_entries.id',
        'ledger_entries.kind',
        'ledger_entries.amount_paise',
        'ledger_entries.occurred_on',
        'ledger_entries.description',
        'ledger_entries.subscription_id',
        'ledger_entries.source_type',
        'plans.name as plan_name',
        'plans.name_hi as plan_name_hi',
        'payments.id as payment_id',
        'payments.payment_mode',
        'payments.payment_gateway',
        'payments.receipt_number',
      ])
      .where('ledger_entries.user_id', '=', user.id)
      .orderBy('ledger_entries.occurred_on')
      .orderBy('ledger_entries.id')
      .execute(),
    db
      .selectFrom('subscriptions')
      .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
      .select([
        'subscriptions.id',
        'subscriptions.status',
        'subscriptions.adjusted_end_date',
        'subscriptions.total_paid_paise',
        'plans.name as plan_name',
        'plans.name_hi as plan_name_hi',
        (eb) =>
          eb
            .selectFrom('ledger_entries')
            .select((inner) => inner.fn.sum<number>('amount_paise').as('sum'))
            .whereRef('ledger_entries.subscription_id', '=', 'subscriptions.id')
            .as('ledger_sum'),
      ])
      .where('subscriptions.user_id', '=', user.id)
      .where(isCharged)
      .orderBy('subscriptions.id')
      .execute(),
    db
      .selectFrom('ledger_balances')
      .select(['balance_paise', 'due_since'])
      .where('user_id', '=', user.id)
      .executeTakeFirst(),
    readHoldPolicy(db),
  ]);
  let running = 0;
  const entryBodies = entries.map((entry) => {
    running += Number(entry.amount_paise);
    return {
      id: entry.id,
      kind: entry.kind,
      advance:
        entry.source_type === 'advance_application' ||
        entry.source_type === 'advance_refund' ||
        (entry.source_type === 'payment' && entry.kind === 'credit'),
      amount: rupees(entry.amount_paise),
      balance: rupees(running),
      occurred_on: entry.occurred_on,
      description: entry.description,
      subscription: entry.subscription_id,
      plan_name: entry.plan_name ?? null,
      plan_name_hi: entry.plan_name_hi ?? null,
      payment:
        entry.payment_id === null || entry.payment_id === undefined
          ? null
          : {
              id: entry.payment_id,
              payment_mode: entry.payment_mode ?? null,
              payment_gateway: entry.payment_gateway ?? '',
              receipt_number: entry.receipt_number ?? null,
            },
    };
  });
  // The advance: what the entries on no subscription hold for the customer (advanceOf's rule).
  const heldPaise = -entries
    .filter((entry) => entry.subscription_id === null)
    .reduce((sum, entry) => sum + Number(entry.amount_paise), 0);
  const facts = {
    balancePaise: Number(balance?.balance_paise ?? 0),
    dueSince: balance?.due_since ?? null,
    today,
    advancePaise: Math.max(0, heldPaise),
  };
  const actions = allowedEvents(duesMachine, duesOf(facts)).filter(
    (action) => CUSTOMER_ACTIONS.has(action) === (reader === 'customer'),
  );
  return {
    customer: customerBody(user),
    balance: rupees(facts.balancePaise),
    advance: rupees(facts.advancePaise),
    status: duesStatus(facts),
    due_since: facts.dueSince,
    days_due: daysDue(facts),
    hold: holdBody(facts, policy),
    actions,
    subscriptions_due: subscriptions
      .filter((row) => Number(row.ledger_sum ?? 0) > 0)
      .map((row) => ({
        id: row.id,
        plan_name: row.plan_name,
        plan_name_hi: row.plan_name_hi,
        status: subscriptionStatus(row, today),
        amount_due: rupees(Number(row.ledger_sum ?? 0)),
        total_paid: rupees(row.total_paid_paise),
      })),
    entries: entryBodies,
  };
}

export interface DuesQuery {
  status?: 'owing' | 'due' | 'overdue' | 'in_credit';
  age?: DuesAge;
  /** Only the customers the dues hold holds now. */
  held?: boolean;
  search?: string;
}

/** The first and last due_since of an age group on `today` (inclusive; null: open). */
function ageBounds(age: DuesAge, today: string): { from: string | null; to: string | null } {
  if (age === '0_15') return { from: addDays(today, -15), to: null };
  if (age === '16_30') return { from: addDays(today, -30), to: addDays(today, -16) };
  return { from: null, to: addDays(today, -31) };
}

/**
 * The conditions of a dues query on ledger_balances. The balance is compared with a literal 0, so
 * that both databases see the partial index ledger_balances_due (due_since, user_id where
 * balance_paise > 0) serves every owing query: its counts read the index alone, and its pages walk
 * it in their order and stop after `limit` rows.
 */
function duesConditions(
  query: DuesQuery,
  today: string,
  policy: HoldPolicy,
): RawBuilder<SqlBool>[] {
  const overdueFrom = addDays(today, -OVERDUE_AFTER_DAYS);
  const conditions: RawBuilder<SqlBool>[] = [];
  const status = query.status ?? 'owing';
  if (status === 'in_credit') {
    conditions.push(sql`ledger_balances.balance_paise < 0`);
  } else {
    conditions.push(sql`ledger_balances.balance_paise > 0`);
    if (status === 'due') conditions.push(sql`ledger_balances.due_since >= ${overdueFrom}`);
    if (status === 'overdue') conditions.push(sql`ledger_balances.due_since < ${overdueFrom}`);
  }
  if (query.age) {
    const { from, to } = ageBounds(query.age, today);
    conditions.push(sql`ledger_balances.balance_paise > 0`);
    if (from) conditions.push(sql`ledger_balances.due_since >= ${from}`);
    if (to) conditions.push(sql`ledger_balances.due_since <= ${to}`);
  }
  if (query.held) conditions.push(heldWhere(policy, today) as RawBuilder<SqlBool>);
  const search = query.search?.trim();
  if (search)
    conditions.push(
      sql<SqlBool>`ledger_balances.search_text like ${containsPattern(search)} escape '\\'`,
    );
  return conditions;
}

/** The customer's columns a dues row shows. */
const DUES_CUSTOMER_COLUMNS = [
  'u.id',
  'u.username',
  'u.first_name',
  'u.last_name',
  'u.phone',
  'u.email',
  'u.user_type',
] as const;

/**
 * The accounts a dues query asks for, joined to their customers (`u`); unordered, unpaged. A search
 * is the owner's customer search (name, username, e-mail and phone), on the copy of the customer's
 * search text each balance keeps (migration 029), so it never reads the users table.
 */
export function duesSelect(
  db: Kysely<Database>,
  query: DuesQuery,
  today: string,
  policy: HoldPolicy,
) {
  let base = db
    .selectFrom('ledger_balances')
    .innerJoin('users as u', 'u.id', 'ledger_balances.user_id')
    .select([
      'ledger_balances.balance_paise',
      'ledger_balances.due_since',
      ...DUES_CUSTOMER_COLUMNS,
    ]);
  for (const condition of duesConditions(query, today, policy)) base = base.where(condition);
  return base;
}

/**
 * One page of a dues query, in the order the owner reads it (the oldest dues first; in credit, the
 * largest credit first). The page is cut from ledger_balances alone (owing: on its partial index,
 * which holds the search text too) and only its rows are joined to their customers, so a deep page
 * or a search costs little more than the first page.
 */
export function duesPage(
  db: Kysely<Database>,
  query: DuesQuery & { limit: number; offset: number },
  today: string,
  policy: HoldPolicy,
) {
  const inCredit = query.status === 'in_credit';
  let balances = db
    .selectFrom('ledger_balances')
    .select([
      'ledger_balances.user_id',
      'ledger_balances.balance_paise',
      'ledger_balances.due_since',
    ]);
  for (const condition of duesConditions(query, today, policy))
    balances = balances.where(condition);
  balances = inCredit
    ? balances.orderBy('ledger_balances.balance_paise').orderBy('ledger_balances.user_id')
    : balances.orderBy('ledger_balances.due_since').orderBy('ledger_balances.user_id');
  const page = db
    .selectFrom(balances.limit(query.limit).offset(query.offset).as('lb'))
    .innerJoin('users as u', 'u.id', 'lb.user_id')
    .select(['lb.balance_paise', 'lb.due_since', ...DUES_CUSTOMER_COLUMNS]);
  return (
    inCredit
      ? page.orderBy('lb.balance_paise').orderBy('lb.user_id')
      : page.orderBy('lb.due_since').orderBy('lb.user_id')
  ).execute();
}

/**
 * How many accounts a dues query matches, from ledger_balances alone (every row has its customer:
 * the foreign key cascades), so an owing count, searched or not, reads the partial index only.
 */
export async function countDues(
  db: Kysely<Database>,
  query: DuesQuery,
  today: string,
  policy: HoldPolicy,
): Promise<number> {
  let count = db.selectFrom('ledger_balances');
  for (const condition of duesConditions(query, today, policy)) count = count.where(condition);
  const row = await count
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

type DuesSelectRow = Awaited<ReturnType<ReturnType<typeof duesSelect>['execute']>>[number];

export function duesRowBody(row: DuesSelectRow, today: string, policy: HoldPolicy): DuesRowBody {
  const facts = {
    balancePaise: Number(row.balance_paise),
    dueSince: row.due_since,
    today,
  };
  const days = daysDue(facts);
  return {
    customer: customerBody(row),
    balance: rupees(facts.balancePaise),
    status: duesStatus(facts),
    due_since: row.due_since,
    days_due: days,
    age: facts.balancePaise > 0 ? duesAge(days) : null,
    hold: holdBody(facts, policy),
  };
}

export async function readDuesSummary(
  db: Kysely<Database>,
  today: string,
): Promise<DuesSummaryBody> {
  // Two reads of two partial indexes (migration 029; the literal 0 lets both databases match each
  // query to its index): the owing balances summed per due date, walked in the index's order, and
  // those in credit. The machine's rules (duesStatus, duesAge) then group the dates, so the tile
  // and the list can never disagree on who is overdue or how old a due is.
  const [byDate, credit] = await Promise.all([
    db
      .selectFrom('ledger_balances')
      .where(sql<SqlBool>`balance_paise > 0`)
      .groupBy('due_since')
      .select((eb) => [
        'due_since',
        eb.fn.countAll<number>().as('customers'),
        eb.fn.sum<number>('balance_paise').as('amount'),
      ])
      .execute(),
    db
      .selectFrom('ledger_balances')
      .where(sql<SqlBool>`balance_paise < 0`)
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('balance_paise'), eb.lit(0)).as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const ages = new Map<DuesAge, { customers: number; amount: number }>(
    (['0_15', '16_30', 'over_30'] as const).map((age) => [age, { customers: 0, amount: 0 }]),
  );
  let totalDue = 0;
  let customersDue = 0;
  let overdueTotal = 0;
  let customersOverdue = 0;
  for (const row of byDate) {
    const customers = Number(row.customers);
    const amount = Number(row.amount);
    const facts = { balancePaise: amount, dueSince: row.due_since, today };
    const group = ages.get(duesAge(daysDue(facts)))!;
    group.customers += customers;
    group.amount += amount;
    totalDue += amount;
    customersDue += customers;
    if (duesStatus(facts) === 'OVERDUE') {
      overdueTotal += amount;
      customersOverdue += customers;
    }
  }
  return {
    total_due: rupees(totalDue),
    customers_due: customersDue,
    overdue_total: rupees(overdueTotal),
    customers_overdue: customersOverdue,
    in_credit_total: rupees(-Number(credit.total)),
    ages: [...ages].map(([age, group]) => ({
      age,
      customers: group.customers,
      amount: rupees(group.amount),
    })),
  };
}

/**
 * A subscription's ledger: the sum of its entries, whether it was charged yet, and the money that
 * moved for it: what was paid (its payment entries: SUCCESS payments) and what was paid back (its
 * refund entries: refunds marked PAID), both unsigned.
 */
export interface SubscriptionLedger {
  sumPaise: number;
  charged: boolean;
  paidPaise: number;
  refundedPaise: number;
}

/**
 * What a subscription still owes, the one rule every reader applies: its price until it is
 * charged, then the sum of its entries (the charge less what was paid or credited against it,
 * plus what was refunded).
 */
export const amountDue = (pricePaise: number, ledger: SubscriptionLedger | undefined): number =>
  ledger?.charged ? ledger.sumPaise : pricePaise + (ledger?.sumPaise ?? 0);

/**
 * What the API shows beside a subscription's price (its total_paid), in rupees: what was paid for
 * it, what was paid back, and what it still owes (amountDue; below 0 while an approved refund
 * waits to be paid out).
 */
export const subscriptionMoneyBody = (
  pricePaise: number,
  ledger: SubscriptionLedger | undefined,
) => ({
  amount_paid: rupees(ledger?.paidPaise ?? 0),
  amount_refunded: rupees(ledger?.refundedPaise ?? 0),
  amount_due: rupees(amountDue(pricePaise, ledger)),
});

/** The ledgers of many subscriptions in one query (a subscription with no entries is absent). */
export async function subscriptionLedgers(
  executor: Executor,
  ids: readonly number[],
): Promise<Map<number, SubscriptionLedger>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .selectFrom('ledger_entries')
    .select((eb) => [
      'subscription_id',
      eb.fn.sum<number>('amount_paise').as('sum'),
      eb.fn.count<number>('id').filterWhere('kind', '=', 'charge').as('charges'),
      eb.fn
        .sum<number>('amount_paise')
        .filterWhere((inner) => paidEntry(inner))
        .as('paid'),
      eb.fn.sum<number>('amount_paise').filterWhere('kind', '=', 'refund').as('refunded'),
    ])
    .where('subscription_id', 'in', ids)
    .groupBy('subscription_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.subscription_id ?? 0,
      {
        sumPaise: Number(row.sum),
        charged: Number(row.charges) > 0,
        // Payments are stored negative (they take from what is owed).
        paidPaise: -Number(row.paid ?? 0),
        refundedPaise: Number(row.refunded ?? 0),
      },
    ]),
  );
}

/** The subscription has been charged on its customer's ledger (bought, not only asked for). */
export const isCharged = (eb: ExpressionBuilder<Database, 'subscriptions'>) =>
  eb.exists(
    eb
      .selectFrom('ledger_entries')
      .select('ledger_entries.id')
      .whereRef('ledger_entries.subscription_id', '=', 'subscriptions.id')
      .where('ledger_entries.kind', '=', 'charge'),
  );

/**
 * An entry that paid a subscription: a payment, or the customer's advance used for it (an advance
 * application's credit). Refund credits (an approval) are not money paid.
 */
function paidEntry(eb: ExpressionBuilder<Database, 'ledger_entries'>) {
  return eb.or([
    eb('ledger_entries.kind', '=', 'payment'),
    eb.and([
      eb('ledger_entries.kind', '=', 'credit'),
      eb('ledger_entries.source_type', '=', 'advance_application'),
    ]),
  ]);
}

/** The sum of a subscription's entries paid or refunded, as a correlated subquery. */
const ledgerKindSum = (eb: ExpressionBuilder<Database, 'subscriptions'>, kind: 'paid' | 'refund') =>
  eb
    .selectFrom('ledger_entries')
    .select((inner) => inner.fn.sum<number>('ledger_entries.amount_paise').as('sum'))
    .whereRef('ledger_entries.subscription_id', '=', 'subscriptions.id')
    .where((inner) =>
      kind === 'paid' ? paidEntry(inner) : inner('ledger_entries.kind', '=', 'refund'),
    );

/**
 * The same ledger as correlated subqueries (each an index range on ledger_entries'
 * subscription_id), for a query that reads subscriptions by row; ledgerOfRow reads them back.
 */
export const subscriptionLedgerColumns = (eb: ExpressionBuilder<Database, 'subscriptions'>) =>
  [
    eb
      .selectFrom('ledger_entries')
      .select((inner) => inner.fn.sum<number>('ledger_entries.amount_paise').as('sum'))
      .whereRef('ledger_entries.subscription_id', '=', 'subscriptions.id')
      .as('ledger_sum'),
    isCharged(eb).as('charged'),
    ledgerKindSum(eb, 'paid').as('ledger_paid'),
    ledgerKindSum(eb, 'refund').as('ledger_refunded'),
  ] as const;

/** The columns subscriptionLedgerColumns adds to a row, as either database answers them. */
export interface SubscriptionLedgerRow {
  ledger_sum: number | string | null;
  /** SQLite answers 0 or 1, PostgreSQL true or false. */
  charged: boolean | number | null;
  ledger_paid: number | string | null;
  ledger_refunded: number | string | null;
}

/** The ledger of a row read with subscriptionLedgerColumns. */
export const ledgerOfRow = (row: SubscriptionLedgerRow): SubscriptionLedger => ({
  sumPaise: Number(row.ledger_sum ?? 0),
  charged: row.charged === true || row.charged === 1,
  paidPaise: -Number(row.ledger_paid ?? 0),
  refundedPaise: Number(row.ledger_refunded ?? 0),
});

/** What one subscription still owes (amountDue over its ledger). */
export async function dueOfSubscription(
  executor: Executor,
  subscription: Pick<Subscription, 'id' | 'total_paid_paise'>,
): Promise<number> {
  const ledgers = await subscriptionLedgers(executor, [subscription.id]);
  return amountDue(subscription.total_paid_paise, ledgers.get(subscription.id));
}

/**
 * The customer's advance: what they paid beyond every bill, held in their entries on no
 * subscription (migration 042), less what was used or paid back. 0 when nothing is held.
 */
export async function advanceOf(executor: Executor, userId: number): Promise<number> {
  const row = await executor
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_paise'), eb.lit(0)).as('sum'))
    .where('user_id', '=', userId)
    .where('subscription_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Math.max(0, -Number(row.sum));
}

/**
 * What a subscription can still be paid: what it owes while it awaits payment or once it was
 * charged (started with dues, cancelled or ended owing); nothing for one never charged that no
 * longer awaits payment (cancelled or deleted before it was paid).
 */
export const payableDue = (
  subscription: Pick<Subscription, 'status' | 'total_paid_paise'>,
  ledger: SubscriptionLedger | undefined,
): number =>
  subscription.status === 'PENDING_PAYMENT' || ledger?.charged
    ? Math.max(0, amountDue(subscription.total_paid_paise, ledger))
    : 0;

/** The customer's subscriptions that can still be paid something, oldest first, with what each owes. */
export async function owingSubscriptions(
  executor: Executor,
  userId: number,
): Promise<Array<{ subscription: Subscription; duePaise: number }>> {
  const rows = await executor
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const ledgers = await subscriptionLedgers(
    executor,
    rows.map((row) => row.id),
  );
  return rows
    .map((subscription) => ({
      subscription,
      duePaise: payableDue(subscription, ledgers.get(subscription.id)),
    }))
    .filter((owing) => owing.duePaise > 0);
}

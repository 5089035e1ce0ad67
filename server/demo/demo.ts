// Realistic demo data at any scale: plans, customers of both types, subscriptions in every state,
// payments, leaves, feedback with photos, refunds. Deterministic, so benchmarks are repeatable.
// Only `--demo`, `npm run seed:demo` and the benchmark load it: the production bundle
// (dist/server.mjs) leaves it out, and main.ts imports its own bundle (dist/demo/demo.js) on demand.
import { sql, type Insertable, type Kysely } from 'kysely';
import path from 'node:path';
import { addDays } from '@machines/shared';
import { refundBreakdown } from '@machines/subscription';
import { hashPassword } from '@server/resources/auth/passwords.js';
import type { Config } from '@server/config.js';
import type { AppContext } from '@server/context.js';
import type {
  Database,
  FeedbackTable,
  LeavesTable,
  PaymentsTable,
  RefundsTable,
  SubscriptionsTable,
  UsersTable,
} from '@server/platform/db/schema.js';
import { amountDuePaise, taxInvoiceColumns } from '@server/platform/gst.js';
import { RECEIPT_COUNTER } from '@server/lifecycles/payment/payment.read.js';
import { backfillLedger } from '@server/platform/db/migrations/021_ledger.js';
import { tiffinDeliveriesOf } from '@server/lifecycles/kitchen/kitchen.deliveries.js';
import {
  COMPLAINTS,
  COURSES,
  DEMO_DIETS,
  DEMO_MENU,
  DEMO_PLANS,
  FIRST_NAMES,
  HOSTELS,
  LANDMARKS,
  LAST_NAMES,
  LOCALITIES,
  PRAISE,
  random,
} from './data.js';

export interface DemoOptions {
  /** How many customers to create. */
  users: number;
  /** Do nothing when the database already has plans (the `--demo` start). */
  onlyIfEmpty: boolean;
}

export const DEMO_PASSWORD = 'demo-pass-1';

/**
 * Settings a `--demo` start uses unless the environment sets them: an FSSAI licence number, so
 * the demo's receipts show one as a real mess's must.
 */
export const DEMO_ENV: Readonly<Record<string, string>> = { BUSINESS_FSSAI: '20926999000123' };

/** One staff account of each role (machines/staff), signed in with DEMO_PASSWORD, to try roles. */
const DEMO_STAFF = [
  { username: 'manager1', role: 'manager', first: 'Meena', last: 'Sharma', phone: '+916000000001' },
  { username: 'kitchen1', role: 'kitchen', first: 'Ramesh', last: 'Yadav', phone: '+916000000002' },
  { username: 'rider1', role: 'delivery', first: 'Suresh', last: 'Pal', phone: '+916000000003' },
] as const;

/**
 * The logins a `--demo` start prints on stderr before its JSON log, so nobody has to find them in
 * it: the owner (whose password is in DATA_DIR/owner-credentials.txt unless OWNER_PASSWORD chose
 * it) and the two customers every demo seeds.
 */
export function demoLogins(config: Pick<Config, 'owner' | 'dataDir'>, url: string): string {
  const credentials = path.join(config.dataDir, 'owner-credentials.txt');
  const shown = path.relative(process.cwd(), credentials);
  const where = shown.startsWith('..') || path.isAbsolute(shown) ? credentials : `./${shown}`;
  const ownerPassword =
    config.owner.password === null
      ? `password in ${where}`
      : 'password: the OWNER_PASSWORD you set';
  return [
    `Demo logins, at ${url} (or \`dabba login --url ${url}\`):`,
    `  owner     ${config.owner.username} (${ownerPassword})`,
    `  student   student1 / ${DEMO_PASSWORD}`,
    `  regular   regular1 / ${DEMO_PASSWORD}`,
    ...DEMO_STAFF.map(
      (member) => `  ${member.role.padEnd(9)} ${member.username} / ${DEMO_PASSWORD}`,
    ),
    '',
  ].join('\n');
}

async function insertChunks<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
  size = 400,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    // Kysely's builder types cannot follow a generic table name here.
    await db
      .insertInto(table)
      .values(rows.slice(start, start + size) as never)
      .execute();
  }
}

async function demoPhoto(label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="#f4e4c1"/><circle cx="160" cy="100" r="70" fill="#e0a458"/><text x="160" y="190" font-size="16" text-anchor="middle" fill="#333">${label}</text></svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export async function seedDemo(ctx: AppContext, options: DemoOptions): Promise<void> {
  const db = ctx.db.kysely;
  const existing = await db.selectFrom('plans').select('id').limit(1).execute();
  if (options.onlyIfEmpty && existing.length) return;
  const startedAt = Date.now();
  const rng = random(20_261_122);
  const now = ctx.clock.now().toISOString();
  const today = ctx.today();

  // The weekly menu (issue 20): every weekday's meals, in English and Hindi.
  for (const [weekday, meals] of Object.entries(DEMO_MENU)) {
    for (const [meal, dishes] of Object.entries(meals)) {
      await db
        .insertInto('menu_week')
        .values({
          weekday: weekday as keyof typeof DEMO_MENU,
          meal: meal as keyof (typeof DEMO_MENU)['monday'],
          dishes: JSON.stringify(dishes),
          updated_at: now,
        })
        .onConflict((conflict) => conflict.columns(['weekday', 'meal']).doNothing())
        .execute();
    }
  }

  for (const plan of DEMO_PLANS) {
    await db
      .insertInto('plans')
      .values({ ...plan, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.column('code').doNothing())
      .execute();
  }
  const plans = await db
    .selectFrom('plans')
    .selectAll()
    .where(
      'code',
      'in',
      DEMO_PLANS.map((p) => p.code),
    )
    .execute();
  const activePlans = {
    mess: plans.filter((plan) => plan.is_active && plan.service_type === 'mess'),
    tiffin: plans.filter((plan) => plan.is_active && plan.service_type === 'tiffin'),
  };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const firstUserNumber =
    Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    ) + 1;

  // Customers, in chunks so 100,000 of them fit in memory comfortably.
  const chunk = 2_000;
  let receiptNumber = Number(
    (
      await db
        .selectFrom('counters')
        .select('value')
        .where('name', '=', RECEIPT_COUNTER)
        .executeTakeFirst()
    )?.value ?? 0,
  );
  let photos = 0;
  for (let offset = 0; offset < options.users; offset += chunk) {
    const count = Math.min(chunk, options.users - offset);
    const users: Insertable<UsersTable>[] = [];
    for (let i = 0; i < count; i++) {
      const n = firstUserNumber + offset + i;
      const student = rng.chance(0.6);
      const first = rng.pick(FIRST_NAMES);
      const last = rng.pick(LAST_NAMES);
      // The first two customers are the documented demo logins.
      const username =
        offset + i === 0
          ? 'student1'
          : offset + i === 1
            ? 'regular1'
            : `${first.toLowerCase()}${n}`;
      const roll = rng.next();
      const status =
        roll < 0.9 || offset + i < 2
          ? 'profile_complete'
          : roll < 0.95
            ? 'registration_complete'
            : 'unverified';
      const tiffin = rng.chance(0.4);
      users.push({
        username,
        username_lower: username.toLowerCase(),
        email: `${username}@example.com`,
        email_lower: `${username}@example.com`,
        phone: `+91${String(7_000_000_000 + n)}`,
        password_hash: passwordHash,
        user_type:
          offset + i === 1
            ? 'regular'
            : offset + i === 0
              ? 'student'
              : student
                ? 'student'
                : 'regular',
        first_name: first,
        last_name: last,
        status,
        is_active: rng.chance(0.98),
        phone_verified: status !== 'unverified',
        last_login: rng.chance(0.7) ? now : null,
        is_tiffin_user: status === 'profile_complete' && tiffin,
        is_mess_user: status === 'profile_complete' && !tiffin,
        preferred_delivery_time: '6:00 PM',
        date_joined: now,
        updated_at: now,
        // By number, not drawn: the rest of the demo's draws stay as they were.
        diet: status === 'profile_complete' ? (DEMO_DIETS[n % DEMO_DIETS.length] ?? null) : null,
      });
    }
    const photographed: { feedbackId: number; subject: string; photos: number }[] = [];
    await db.transaction().execute(async (trx) => {
      const inserted: { id: number }[] = [];
      for (let start = 0; start < users.length; start += 400) {
        inserted.push(
          ...(await trx
            .insertInto('users')
            .values(users.slice(start, start + 400))
            .returning('id')
            .execute()),
        );
      }
      const students = [];
      const regulars = [];
      const subscriptions: (Insertable<SubscriptionsTable> & {
        _payment?: 'SUCCESS' | 'FAILED';
        _refund?: boolean;
      })[] = [];
      for (let i = 0; i < inserted.length; i++) {
        const user = users[i]!;
        const userId = inserted[i]!.id;
        if (user.status !== 'profile_complete') continue;
        if (user.user_type === 'student') {
          students.push({
            user_id: userId,
            institute: rng.pick(['KIET', 'ITS']),
            student_id: `KI${String(userId).padStart(6, '0')}`,
            hostel: `${rng.pick(HOSTELS)}, Room ${rng.int(101, 450)}`,
            year: rng.pick(['1st', '2nd', '3rd', '4th', '5th']),
            course: rng.pick(COURSES),
          });
        } else {
          regulars.push({
            user_id: userId,
            address: `${rng.int(1, 300)}, ${rng.pick(LOCALITIES)}, Ghaziabad`,
            landmark: rng.pick(LANDMARKS),
            pincode: String(rng.int(201001, 201206)),
            city: 'Ghaziabad',
          });
        }
        const service = user.is_tiffin_user ? 'tiffin' : 'mess';
        const plan = rng.pick(activePlans[service]);
        const kind = offset + i < 2 ? 'ACTIVE' : rng.next();
        const base = {
          user_id: userId,
          plan_id: plan.id,
          subscription_type: plan.service_type,
          breakfast_included: plan.included_meals.includes('breakfast'),
          total_paid_paise: amountDuePaise(plan.base_price_paise, ctx.config.gst),
          leave_days: 0,
          cancelled_at: null,
          renewed_from_id: null,
          created_at: now,
          updated_at: now,
        };
        const dated = (start: string) => {
          const end = addDays(start, plan.duration_days - 1);
          return { start_date: start, base_end_date: end, adjusted_end_date: end };
        };
        if (kind === 'ACTIVE' || (typeof kind === 'number' && kind < 0.55)) {
          // Some end within five days, so "Soon to Expire" has customers in it.
          const start = addDays(today, -rng.int(0, plan.duration_days - 1));
          subscriptions.push({ ...base, status: 'ACTIVE', ...dated(start), _payment: 'SUCCESS' });
        } else if (kind < 0.65) {
          const start = addDays(today, -plan.duration_days - rng.int(1, 40));
          subscriptions.push({ ...base, status: 'EXPIRED', ...dated(start), _payment: 'SUCCESS' });
        } else if (kind < 0.7) {
          const start = addDays(today, -rng.int(1, 10));
          subscriptions.push({
            ...base,
            status: 'CANCELLED',
            ...dated(start),
            cancelled_at: now,
            _payment: 'SUCCESS',
            _refund: true,
          });
        } else if (kind < 0.78) {
          subscriptions.push({
            ...base,
            status: 'PENDING_PAYMENT',
            start_date: null,
            base_end_date: null,
            adjusted_end_date: null,
            ...(rng.chance(0.3) ? { _payment: 'FAILED' as const } : {}),
          });
        }
      }
      await insertChunks(trx, 'student_profiles', students);
      await insertChunks(trx, 'regular_profiles', regulars);

      const subscriptionIds: number[] = [];
      for (let start = 0; start < subscriptions.length; start += 400) {
        const rows = subscriptions
          .slice(start, start + 400)
          .map(({ _payment: _p, _refund: _r, ...row }) => row);
        subscriptionIds.push(
          ...(await trx.insertInto('subscriptions').values(rows).returning('id').execute()).map(
            (row) => row.id,
          ),
        );
      }
      const payments: Insertable<PaymentsTable>[] = [];
      const paid: { index: number; paymentIndex: number }[] = [];
      subscriptions.forEach((subscription, index) => {
        if (!subscription._payment) return;
        const id = subscriptionIds[index]!;
        const success = subscription._payment === 'SUCCESS';
        const paymentId = `pay_demo${String(id).padStart(10, '0')}`;
        if (success) paid.push({ index, paymentIndex: payments.length });
        payments.push({
          user_id: subscription.user_id,
          subscription_id: id,
          payment_order_id: null,
          status: subscription._payment,
          amount_paise: subscription.total_paid_paise,
          currency: 'INR',
          transaction_id: success ? paymentId : null,
          payment_gateway: 'sandbox',
          payment_mode: success ? rng.pick(['card', 'upi', 'netbanking']) : null,
          failure_reason: success ? null : 'The payment was declined by the bank.',
          utr: null,
          admin_comment: null,
          receipt_number: success ? ++receiptNumber : null,
          razorpay_order_id: `order_demo${String(id).padStart(10, '0')}`,
          razorpay_payment_id: success ? paymentId : null,
          // Paid in the morning of the start date, but never later than now.
          created_at: [`${subscription.start_date ?? today}T03:30:00.000Z`, now].sort()[0]!,
          updated_at: now,
          ...(success ? taxInvoiceColumns(ctx.config.gst, subscription.total_paid_paise) : {}),
        });
      });
      const paymentIds: number[] = [];
      for (let start = 0; start < payments.length; start += 400) {
        paymentIds.push(
          ...(
            await trx
              .insertInto('payments')
              .values(payments.slice(start, start + 400))
              .returning('id')
              .execute()
          ).map((row) => row.id),
        );
      }

      const refunds: Insertable<RefundsTable>[] = [];
      const leaves: Insertable<LeavesTable>[] = [];
      const feedback: Insertable<FeedbackTable>[] = [];
      for (const { index, paymentIndex } of paid) {
        const subscription = subscriptions[index]!;
        const subscriptionId = subscriptionIds[index]!;
        if (subscription._refund) {
          const status = rng.pick(['PENDING', 'PENDING', 'APPROVED', 'REJECTED', 'PAID'] as const);
          refunds.push({
            subscription_id: subscriptionId,
            user_id: subscription.user_id,
            payment_id: paymentIds[paymentIndex]!,
            // Demo cancellations took no leave and happened today.
            amount_paise: refundBreakdown({
              totalPaidPaise: subscription.total_paid_paise,
              startDate: subscription.start_date ?? today,
              baseEndDate: subscription.base_end_date ?? today,
              approvedLeaves: [],
              cancelledOn: today,
            }).amountPaise,
            status,
            requested_at: now,
            requested_by: subscription.user_id,
            processed_at: status === 'PENDING' ? null : now,
            paid_at: status === 'PAID' ? now : null,
            admin_comment:
              status === 'PENDING'
                ? null
                : status === 'REJECTED'
                  ? 'Cancelled after the refund window.'
                  : 'Refund as per policy.',
            utr: status === 'PAID' ? `UTR${subscriptionId}` : null,
            updated_at: now,
          });
        }
        if (subscription.status === 'ACTIVE' && rng.chance(0.12)) {
          const status = rng.pick(['PENDING', 'APPROVED', 'REJECTED'] as const);
          const start = addDays(today, rng.int(1, 10));
          const duration = rng.int(1, 5);
          leaves.push({
            user_id: subscription.user_id,
            subscription_id: subscriptionId,
            leave_start_date: start,
            leave_end_date: addDays(start, duration - 1),
            reason: rng.pick([
              'Going home for a festival',
              'Family function',
              'College trip',
              'Unwell, staying with relatives',
            ]),
            status,
            duration_days: duration,
            requested_at: now,
            approved_at: status === 'APPROVED' ? now : null,
            rejected_at: status === 'REJECTED' ? now : null,
            admin_comment:
              status === 'PENDING'
                ? null
                : status === 'APPROVED'
                  ? 'Approved. Enjoy!'
                  : 'Exam week: the mess needs the headcount.',
            decided_by: null,
            updated_at: now,
          });
          if (status === 'APPROVED') {
            subscription.leave_days = duration;
            subscription.adjusted_end_date = addDays(subscription.base_end_date!, duration);
            await trx
              .updateTable('subscriptions')
              .set({ leave_days: duration, adjusted_end_date: subscription.adjusted_end_date })
              .where('id', '=', subscriptionId)
              .execute();
          }
        }
        if (rng.chance(0.08)) {
          const complaint = rng.chance(0.5);
          const [subject, message] = rng.pick(complaint ? COMPLAINTS : PRAISE);
          const rating = complaint ? rng.int(1, 3) : rng.int(3, 5);
          const status = rng.pick(['open', 'in_progress', 'resolved', 'closed'] as const);
          feedback.push({
            user_id: subscription.user_id,
            subscription_id: subscriptionId,
            feedback_type: complaint ? 'food_complaint' : 'general_feedback',
            subject: subject!,
            message: message!,
            rating,
            meal_date: complaint ? addDays(today, -rng.int(0, 5)) : null,
            meal_type: complaint ? rng.pick(['breakfast', 'lunch', 'dinner'] as const) : null,
            status,
            priority: complaint
              ? rating <= 2
                ? 'urgent'
                : 'high'
              : rating <= 2
                ? 'medium'
                : 'low',
            admin_response:
              status === 'open'
                ? null
                : 'Thank you for telling us. We have spoken to the kitchen team.',
            responded_at: status === 'open' ? null : now,
            responded_by: null,
            can_add_attachments: true,
            created_at: now,
            updated_at: now,
          });
        }
      }
      await insertChunks(trx, 'refunds', refunds);
      // Written directly, so their ledger entries are posted as the migration posts stored ones.
      await backfillLedger(trx, now);
      await insertChunks(trx, 'leaves', leaves);
      const feedbackIds: number[] = [];
      for (let start = 0; start < feedback.length; start += 400) {
        feedbackIds.push(
          ...(
            await trx
              .insertInto('feedback')
              .values(feedback.slice(start, start + 400))
              .returning('id')
              .execute()
          ).map((row) => row.id),
        );
      }
      // A few complaints carry a photo, as real ones do.
      for (let i = 0; i < feedback.length && photos < 12; i++) {
        if (feedback[i]!.feedback_type !== 'food_complaint') continue;
        photographed.push({ feedbackId: feedbackIds[i]!, subject: feedback[i]!.subject, photos });
        photos += 1;
      }
    });
    // Stored once the chunk's transaction has ended: the database store writes through the app's
    // own connection, which on SQLite (one connection) the transaction would hold.
    for (const photo of photographed) {
      const bytes = await demoPhoto(photo.subject);
      const storageName = await ctx.attachments.put(bytes, 'image/jpeg');
      await db
        .insertInto('feedback_attachments')
        .values({
          feedback_id: photo.feedbackId,
          storage_name: storageName,
          original_filename: `IMG_20261${String(photo.photos).padStart(3, '0')}.jpg`,
          content_type: 'image/jpeg',
          file_size: bytes.length,
          created_at: now,
        })
        .execute();
    }
  }
  await db
    .insertInto('counters')
    .values({ name: RECEIPT_COUNTER, value: receiptNumber })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: receiptNumber }))
    .execute();
  await seedDues(ctx, today);
  await seedStaff(db, passwordHash, now);
  await seedRoutes(ctx, today);
  // Bulk inserts leave the planner's statistics stale until autovacuum gets round to them.
  // On PostgreSQL VACUUM too: it marks the new rows all-visible, so index-only scans (the owner's
  // home) read no table pages, as they do once autovacuum has run on a live database.
  await (ctx.db.dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
  ctx.log.info(
    {
      customers: options.users,
      seconds: Math.round((Date.now() - startedAt) / 100) / 10,
      login: `student1 / ${DEMO_PASSWORD}`,
    },
    `demo data ready: ${options.users} customers; try the customer logins student1 and regular1, and the staff logins manager1, kitchen1 and rider1, with password ${DEMO_PASSWORD}`,
  );
}

/**
 * A manager, a kitchen account and a rider who have claimed their invites (issue 22), once: so
 * people can sign in as each role and see what it may do.
 */
async function seedStaff(db: Kysely<Database>, passwordHash: string, now: string): Promise<void> {
  const owner = await db
    .selectFrom('users')
    .select('id')
    .where('user_type', '=', 'mess_owner')
    .executeTakeFirst();
  for (const member of DEMO_STAFF) {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where((eb) =>
        eb.or([eb('username_lower', '=', member.username), eb('phone', '=', member.phone)]),
      )
      .executeTakeFirst();
    if (taken) continue;
    const user = await db
      .insertInto('users')
      .values({
        username: member.username,
        username_lower: member.username,
        email: `${member.username}@example.com`,
        email_lower: `${member.username}@example.com`,
        phone: member.phone,
        password_hash: passwordHash,
        user_type: member.role,
        first_name: member.first,
        last_name: member.last,
        status: 'profile_complete',
        is_active: true,
        phone_verified: true,
        last_login: null,
        is_tiffin_user: false,
        is_mess_user: false,
        preferred_delivery_time: '6:00 PM',
        date_joined: now,
        updated_at: now,
        diet: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('staff_members')
      .values({
        user_id: user.id,
        role: member.role,
        status: 'active',
        invited_at: now,
        joined_at: now,
        deactivated_at: null,
        invited_by: owner?.id ?? null,
        invite_token_hash: null,
        invite_expires_at: null,
        invite_verified_at: null,
      })
      .execute();
  }
}

/**
 * Two delivery routes for the demo's rider, once (when there are none): Campus, the students'
 * hostels, and Town, the pincodes with the most tiffin deliveries today; so rider1 has run sheets
 * to ride and the owner progress to watch.
 */
async function seedRoutes(ctx: AppContext, today: string): Promise<void> {
  const db = ctx.db.kysely;
  const [owner, rider, existing] = await Promise.all([
    db.selectFrom('users').selectAll().where('user_type', '=', 'mess_owner').executeTakeFirst(),
    db.selectFrom('users').select('id').where('username_lower', '=', 'rider1').executeTakeFirst(),
    db.selectFrom('delivery_routes').select('id').limit(1).executeTakeFirst(),
  ]);
  if (!owner || !rider || existing) return;
  const lunch = (await tiffinDeliveriesOf(ctx, today)).deliveries.lunch;
  const perPincode = new Map<string, number>();
  for (const delivery of lunch) {
    if (delivery.pincode)
      perPincode.set(delivery.pincode, (perPincode.get(delivery.pincode) ?? 0) + 1);
  }
  const town = [...perPincode]
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .slice(0, 8)
    .map(([pincode]) => pincode);
  await ctx.stores.delivery.createRoute(owner, {
    name: 'Campus',
    areas: ['KIET hostels', 'ITS hostels'],
    riders: [rider.id],
  });
  if (town.length > 0)
    await ctx.stores.delivery.createRoute(owner, { name: 'Town', areas: town, riders: [rider.id] });
}

/**
 * Dues to look at (issue 21): a dozen customers awaiting payment paid part of the price at the
 * counter, through the payment store like the owner would; their dues are made a few days, three
 * weeks and six weeks old, so the Dues tile's ages and the overdue list have someone in them.
 */
async function seedDues(ctx: AppContext, today: string): Promise<void> {
  const db = ctx.db.kysely;
  const owner = await db
    .selectFrom('users')
    .selectAll()
    .where('user_type', '=', 'mess_owner')
    .executeTakeFirst();
  if (!owner) return;
  const pending = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', '=', 'PENDING_PAYMENT')
    .orderBy('id')
    .limit(12)
    .execute();
  const ages = [3, 20, 41, 9, 27, 48, 12, 35, 5, 24, 2, 18];
  for (const [index, subscription] of pending.entries()) {
    const part = Math.max(100, Math.round((subscription.total_paid_paise * 0.4) / 10000) * 10000);
    await ctx.stores.payments.recordOffline(owner, subscription, {
      amountPaise: Math.min(part, subscription.total_paid_paise - 100),
      mode: index % 2 === 0 ? 'cash' : 'upi',
      reference: index % 2 === 0 ? null : `DEMO${subscription.id}UPI`,
      receivedOn: today,
      note: 'Part payment at the counter',
      requestId: `demo-dues-${subscription.id}`,
    });
    const since = addDays(today, -ages[index % ages.length]!);
    await db
      .updateTable('ledger_entries')
      .set({ occurred_on: since })
      .where('subscription_id', '=', subscription.id)
      .execute();
    await db
      .updateTable('ledger_balances')
      .set({ due_since: since })
      .where('user_id', '=', subscription.user_id)
      .where('balance_paise', '>', 0)
      .execute();
  }
}

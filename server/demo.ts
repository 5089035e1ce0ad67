// Demo data for a first look at the product.
import type { AppContext } from './context.js';

export interface DemoOptions {
  users: number;
  onlyIfEmpty: boolean;
}

const DEMO_PLANS = [
  {
    code: 'MESS-FULL-30',
    name: 'Mess Full Board',
    description: 'Breakfast, lunch and dinner at the mess for 30 days.',
    service_type: 'mess' as const,
    duration_days: 30,
    base_price_paise: 3_000_00,
    included_meals: 'breakfast,lunch,dinner',
  },
  {
    code: 'MESS-LD-30',
    name: 'Mess Lunch & Dinner',
    description: 'Lunch and dinner at the mess for 30 days.',
    service_type: 'mess' as const,
    duration_days: 30,
    base_price_paise: 2_000_00,
    included_meals: 'lunch,dinner',
  },
  {
    code: 'TIFFIN-LD-30',
    name: 'Tiffin Lunch & Dinner',
    description: 'Home-style lunch and dinner delivered to your hostel or home for 30 days.',
    service_type: 'tiffin' as const,
    duration_days: 30,
    base_price_paise: 1_800_00,
    included_meals: 'lunch,dinner',
  },
  {
    code: 'TIFFIN-FULL-7',
    name: 'Tiffin Trial Week',
    description: 'Three delivered meals a day for a week.',
    service_type: 'tiffin' as const,
    duration_days: 7,
    base_price_paise: 700_00,
    included_meals: 'breakfast,lunch,dinner',
  },
];

export async function seedDemo(ctx: AppContext, options: DemoOptions): Promise<void> {
  const db = ctx.db.kysely;
  const existing = await db.selectFrom('plans').select('id').limit(1).execute();
  if (options.onlyIfEmpty && existing.length) return;
  const now = ctx.clock.now().toISOString();
  for (const plan of DEMO_PLANS) {
    await db
      .insertInto('plans')
      .values({ ...plan, is_active: true, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.column('code').doNothing())
      .execute();
  }
  ctx.log.info({ plans: DEMO_PLANS.length }, 'demo data ready');
}

// The kitchen sheet (issue 6 "Beyond the spec"): what to cook and deliver on a date, net of
// approved leaves, with pending leaves flagged. JSON for the screen, CSV for printing.
import { sql } from 'kysely';
import type { components } from '@generated/api.js';
import { addDays, escapeFormula } from '@machines';
import type { AppContext } from '@server/context.js';
import { type Handlers, requireBusiness } from '@server/http.js';
import { fullName, parseMeals } from '@server/platform/format.js';
import { closedMealsOfDate } from '@server/lifecycles/closed-day/closed-day.read.js';
import { dietCounts } from './kitchen.diets.js';
import {
  leaveCovers,
  leavesOnDate,
  mealCounts,
  skipsOnDate,
  subscriptionsCovering,
  withoutClosedMeals,
  zeroMealCounts,
} from './kitchen.query.js';
import { ensureLocks, heldOffSheet, sheetLocks } from './kitchen.lock.js';

type KitchenSheetBody = components['schemas']['KitchenSheet'];

const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
type Meal = (typeof MEALS)[number];

interface Delivery {
  user_id: number;
  name: string;
  phone: string;
  area: string;
  pincode: string | null;
  institute: string | null;
  address: string;
  landmark: string | null;
  plan_name: string;
  pending_leave: boolean;
}

/** The group a delivery goes in: `201206 Ghaziabad` for an address, `KIET hostels` for a hostel. */
function deliveryArea(row: {
  pincode: string | null;
  city: string | null;
  institute: string | null;
}): string {
  if (row.pincode) return [row.pincode, row.city].filter(Boolean).join(' ');
  if (row.institute) return `${row.institute} hostels`;
  return 'No address';
}

/**
 * A quoted CSV cell that a spreadsheet will not run as a formula, by the same rule as the owner's
 * CSV export (machines/export): phone numbers such as +91… stay as they are.
 */
export function csvCell(value: string | number | boolean | null): string {
  const text = escapeFormula(value === null ? '' : String(value));
  return `"${text.replace(/"/g, '""')}"`;
}

export function kitchenHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;

  return {
    async ownerKitchenSheet(request, reply) {
      requireBusiness(request);
      const query = request.query ?? {};
      const date = query.date ?? addDays(ctx.today(), 1);
      const csv = query.format === 'csv';
      // Before the counts: a meal past its cutoff is locked as it stood, whatever this read finds.
      const locks = await ensureLocks(ctx, date);
      const deliveryRows = subscriptionsCovering(db, date)
        .innerJoin('users as u', 'u.id', 's.user_id')
        .leftJoin('student_profiles as sp', 'sp.user_id', 'u.id')
        .leftJoin('regular_profiles as rp', 'rp.user_id', 'u.id')
        .where('s.subscription_type', '=', 'tiffin')
        .where(sql<boolean>`not ${leaveCovers('APPROVED', date)}`)
        .select([
          's.id as subscription_id',
          'u.id as user_id',
          'u.first_name',
          'u.last_name',
          'u.phone',
          'sp.hostel',
          'sp.institute',
          'rp.address',
          'rp.landmark',
          'rp.pincode',
          'rp.city',
          'p.name as plan_name',
          'p.included_meals as meals',
          sql<number>`case when ${leaveCovers('PENDING', date)} then 1 else 0 end`.as(
            'pending_leave',
          ),
        ])
        // Grouped by area for the delivery round (a pincode, or a campus's hostels), then by
        // address, so one rider's stops are together; customers with no address come last.
        .orderBy(sql`case when coalesce(rp.pincode, sp.institute, '') = '' then 1 else 0 end`)
        .orderBy(sql`coalesce(rp.pincode, sp.institute, '')`)
        .orderBy(sql`coalesce(sp.hostel, rp.address, '')`)
        .orderBy('u.first_name')
        .orderBy('u.last_name')
        .orderBy('u.id')
        .execute();
      // Independent reads, together: on PostgreSQL each goes out on a connection of its own.
      const [{ counts, onLeave, skipped }, heldOff, skips, closed, rows, screenOnly] =
        await Promise.all([
          mealCounts(db, ctx.db.dialect, date),
          heldOffSheet(ctx, date, locks.settings, locks.rows),
          skipsOnDate(db, date),
          closedMealsOfDate(db, date),
          deliveryRows,
          // Not in the CSV, which is one row per delivery (a rider's list): the names on leave and
          // the diets are the screen's and the JSON's.
          csv ? null : Promise.all([leavesOnDate(db, ctx.db.dialect, date), dietCounts(db, date)]),
        ]);
      // Customers held for dues are not cooked for (from the next cutoff; machines/dues holdOf).
      const held = zeroMealCounts();
      for (const meal of MEALS) {
        for (const one of heldOff[meal]) {
          held[one.service_type][meal] += 1;
          counts[one.service_type][meal] -= 1;
        }
      }
      const heldBy = Object.fromEntries(
        MEALS.map((meal) => [meal, new Set(heldOff[meal].map((one) => one.subscription_id))]),
      ) as Record<Meal, Set<number>>;
      // A closed meal is not cooked: nothing to count or deliver (the closure says why).
      withoutClosedMeals(counts, closed);
      // A skipped meal is not delivered: who skipped each meal, looked up once per delivery.
      const skippedBy = Object.fromEntries(
        MEALS.map((meal) => [meal, new Set(skips[meal].map((skip) => skip.subscription_id))]),
      ) as Record<Meal, Set<number>>;
      const deliveries: Record<Meal, Delivery[]> = { breakfast: [], lunch: [], dinner: [] };
      for (const row of rows) {
        const delivery: Delivery = {
          user_id: row.user_id,
          name: fullName(row),
          phone: row.phone,
          area: deliveryArea(row),
          pincode: row.pincode ?? null,
          institute: row.pincode ? null : (row.institute ?? null),
          address: row.hostel ?? row.address ?? '',
          landmark: row.landmark ?? null,
          plan_name: row.plan_name,
          pending_leave: Number(row.pending_leave) === 1,
        };
        for (const meal of parseMeals(row.meals)) {
          // A closed meal is not cooked, and a skipped one is not delivered.
          if (closed[meal] !== null || skippedBy[meal].has(row.subscription_id)) continue;
          if (heldBy[meal].has(row.subscription_id)) continue;
          deliveries[meal].push(delivery);
        }
      }

      if (!screenOnly) {
        const header = [
          'meal',
          'area',
          'name',
          'phone',
          'address',
          'landmark',
          'plan_name',
          'pending_leave',
        ];
        const lines = [header.join(',')];
        for (const meal of MEALS) {
          for (const d of deliveries[meal]) {
            lines.push(
              [meal, d.area, d.name, d.phone, d.address, d.landmark, d.plan_name, d.pending_leave]
                .map(csvCell)
                .join(','),
            );
          }
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="kitchen-sheet_${date}.csv"`)
          .send(lines.join('\r\n') + '\r\n');
      }
      const [leaves, diets] = screenOnly;
      for (const meal of MEALS) {
        for (const one of heldOff[meal]) diets[meal][one.diet] -= 1;
        if (closed[meal] === null) continue;
        for (const diet of Object.keys(diets[meal]) as (keyof (typeof diets)[Meal])[]) {
          diets[meal][diet] = 0;
        }
      }
      return {
        date,
        counts,
        on_leave: onLeave,
        skipped,
        held,
        held_customers: Object.fromEntries(
          MEALS.map((meal) => [
            meal,
            heldOff[meal].map((one) => ({
              subscription_id: one.subscription_id,
              user_id: one.user_id,
              name: one.name,
              service_type: one.service_type,
              hold: one.hold,
            })),
          ]),
        ) as KitchenSheetBody['held_customers'],
        deliveries,
        leaves,
        skips,
        diets,
        closed,
        locks: await sheetLocks(ctx, date, locks, counts, heldOff),
      };
    },
  } satisfies Partial<Handlers>;
}

// The kitchen sheet (issue 6 "Beyond the spec"): what to cook and deliver on a date, net of
// approved leaves, with pending leaves flagged. JSON for the screen, CSV for printing.
import type { components } from '@generated/api.js';
import { addDays, escapeFormula } from '@machines';
import type { AppContext } from '@server/context.js';
import { type Handlers, requireBusiness } from '@server/http.js';
import { closedMealsOfDate } from '@server/lifecycles/closed-day/closed-day.read.js';
import { dietCounts } from './kitchen.diets.js';
import {
  leavesOnDate,
  mealCounts,
  skipsOnDate,
  withoutClosedMeals,
  zeroMealCounts,
} from './kitchen.query.js';
import {
  doubleCounted,
  ensureLocks,
  heldOffSheet,
  sheetLocks,
  withoutDoubled,
} from './kitchen.lock.js';
import { deliveriesByMeal, tiffinDeliveryRows, type Delivery } from './kitchen.deliveries.js';

type KitchenSheetBody = components['schemas']['KitchenSheet'];

const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
type Meal = (typeof MEALS)[number];

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
      const deliveryRows = tiffinDeliveryRows(db, date);
      // Independent reads, together: on PostgreSQL each goes out on a connection of its own.
      const [{ counts, onLeave, skipped }, heldOff, doubled, skips, closed, rows, screenOnly] =
        await Promise.all([
          mealCounts(db, ctx.db.dialect, date),
          heldOffSheet(ctx, date, locks.settings, locks.rows),
          doubleCounted(db, date),
          skipsOnDate(db, date),
          closedMealsOfDate(db, date),
          deliveryRows,
          // Not in the CSV, which is one row per delivery (a rider's list): the names on leave and
          // the diets are the screen's and the JSON's.
          csv ? null : Promise.all([leavesOnDate(db, ctx.db.dialect, date), dietCounts(db, date)]),
        ]);
      // A customer with overlapping rows of one service is one meal (old data).
      withoutDoubled(counts, doubled);
      // Customers held for dues are not cooked for (from the next cutoff; machines/dues holdOf).
      const held = zeroMealCounts();
      for (const meal of MEALS) {
        for (const one of heldOff[meal]) {
          held[one.service_type][meal] += 1;
          counts[one.service_type][meal] -= 1;
        }
      }
      // A closed meal is not cooked: nothing to count or deliver (the closure says why).
      withoutClosedMeals(counts, closed);
      // The kitchen sheet's columns (a run sheet reads the same list with more of each customer).
      const deliveries = Object.fromEntries(
        Object.entries(deliveriesByMeal(rows, { closed, skips, heldOff, doubled })).map(
          ([meal, list]) => [
            meal,
            list.map(({ subscription_id: _subscription, diet: _diet, ...delivery }) => delivery),
          ],
        ),
      ) as Record<Meal, Delivery[]>;

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
        for (const one of [...heldOff[meal], ...doubled[meal]]) diets[meal][one.diet] -= 1;
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

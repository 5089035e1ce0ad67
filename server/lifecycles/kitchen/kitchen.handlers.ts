// The kitchen sheet (issue 6 "Beyond the spec"): what to cook and deliver on a date, net of
// approved leaves, with pending leaves flagged. JSON for the screen, CSV for printing.
import type { components } from '@generated/api.js';
import { addDays, escapeFormula } from '@machines';
import type { AppContext } from '@server/context.js';
import { type Handlers, requireBusiness } from '@server/http.js';
import { countsOf, dietsOf, readDayMeals } from './day-meals.js';
import { ensureLocks, sheetLocks } from './kitchen.lock.js';
import { leavesOnDate } from './kitchen.leaves.js';
import {
  deliveriesByMeal,
  tiffinDeliveriesOf,
  tiffinDeliveryRows,
  type Delivery,
  type TiffinDelivery,
} from './kitchen.deliveries.js';

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

/** A delivery as the kitchen sheet lists it: a run sheet reads the same with more of each. */
const sheetColumns = ({ subscription_id: _id, diet: _diet, ...delivery }: TiffinDelivery) =>
  delivery satisfies Delivery;

/** The printed sheet: one row per delivery, meal by meal. */
function deliveriesCsv(deliveries: Record<Meal, TiffinDelivery[]>): string {
  const lines = ['meal,area,name,phone,address,landmark,plan_name,pending_leave'];
  for (const meal of MEALS) {
    for (const d of deliveries[meal]) {
      lines.push(
        [meal, d.area, d.name, d.phone, d.address, d.landmark, d.plan_name, d.pending_leave]
          .map(csvCell)
          .join(','),
      );
    }
  }
  return lines.join('\r\n') + '\r\n';
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
      // The printed sheet is the deliveries alone (a rider's list): the day's tiffin meals.
      if (csv) {
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="kitchen-sheet_${date}.csv"`)
          .send(deliveriesCsv((await tiffinDeliveriesOf(ctx, date, {}, locks)).deliveries));
      }
      // Independent reads, together: on PostgreSQL each goes out on a connection of its own.
      const [day, rows, leaves] = await Promise.all([
        readDayMeals(ctx, date, locks),
        tiffinDeliveryRows(db, date),
        leavesOnDate(db, ctx.db.dialect, date),
      ]);
      const byMeal = deliveriesByMeal(rows, day);
      const deliveries = Object.fromEntries(
        MEALS.map((meal) => [meal, byMeal[meal].map(sheetColumns)]),
      ) as Record<Meal, Delivery[]>;
      return {
        date,
        counts: countsOf(day.served),
        on_leave: day.onLeave,
        skipped: countsOf(day.skips),
        held: countsOf(day.held),
        held_customers: Object.fromEntries(
          MEALS.map((meal) => [
            meal,
            day.held[meal].map((one) => ({
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
        skips: day.skips,
        diets: dietsOf(day.served),
        closed: day.closed,
        locks: await sheetLocks(ctx, date, locks, day.served),
      };
    },
  } satisfies Partial<Handlers>;
}

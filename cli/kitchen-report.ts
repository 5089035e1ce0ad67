// `dabba kitchen` as text: the meal counts, then per meal the tiffin deliveries under their area
// headings (the server sends them grouped by area), who is on leave and who skipped; --json prints
// the sheet.
import { formatPhone } from '@machines/shared';
import type { KitchenSheet } from './services/owner';
import { formatTable } from './output';

const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
type Meal = (typeof MEALS)[number];
type Delivery = KitchenSheet['deliveries'][Meal][number];

const capitalised = (meal: Meal) => `${meal[0]?.toUpperCase()}${meal.slice(1)}`;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * One table for the meal's deliveries, so columns line up across areas, with a heading line
 * (── 201206 Ghaziabad (2 deliveries)) before each area's first row.
 */
function deliveriesByArea(deliveries: readonly Delivery[]): string {
  const [header = '', ...rows] = formatTable(deliveries, [
    { header: 'Name', value: (row) => row.name },
    { header: 'Phone', value: (row) => formatPhone(row.phone) },
    { header: 'Address', value: (row) => row.address },
    { header: 'Landmark', value: (row) => row.landmark },
    { header: 'Plan', value: (row) => row.plan_name },
    { header: 'Note', value: (row) => (row.pending_leave ? 'leave pending' : '') },
  ])
    .trimEnd()
    .split('\n');
  const lines: string[] = [header];
  deliveries.forEach((delivery, index) => {
    if (index === 0 || deliveries[index - 1]?.area !== delivery.area) {
      const inArea = deliveries.filter((other) => other.area === delivery.area).length;
      lines.push(`── ${delivery.area} (${plural(inArea, 'delivery', 'deliveries')})`);
    }
    lines.push(rows[index] ?? '');
  });
  return `${lines.join('\n')}\n`;
}

function leavesOf(sheet: KitchenSheet, meal: Meal): string {
  const leaves = sheet.leaves[meal];
  const approved = leaves.filter((leave) => leave.status === 'APPROVED').length;
  const pending = leaves.length - approved;
  if (leaves.length === 0) return `\n${capitalised(meal)}: nobody on leave\n`;
  return `\n${capitalised(meal)} leaves (${approved} on leave, ${pending} pending)\n${formatTable(
    leaves,
    [
      { header: 'Name', value: (row) => row.name },
      { header: 'Username', value: (row) => row.username },
      { header: 'Phone', value: (row) => formatPhone(row.phone) },
      { header: 'Service', value: (row) => row.service_type },
      { header: 'Plan', value: (row) => row.plan_name },
      { header: 'Leave', value: (row) => (row.status === 'APPROVED' ? 'on leave' : 'pending') },
      { header: 'Dates', value: (row) => `${row.leave_start_date} → ${row.leave_end_date}` },
    ],
  )}`;
}

function skipsOf(sheet: KitchenSheet, meal: Meal): string {
  const skips = sheet.skips[meal];
  if (skips.length === 0) return `${capitalised(meal)}: nobody skipped\n`;
  return `${capitalised(meal)} skipped (${skips.length})\n${formatTable(skips, [
    { header: 'Name', value: (row) => row.name },
    { header: 'Phone', value: (row) => formatPhone(row.phone) },
    { header: 'Service', value: (row) => row.service_type },
    { header: 'Plan', value: (row) => row.plan_name },
  ])}`;
}

/** The sheet as text; `only` keeps one meal (`dabba kitchen --meal lunch`). */
export function renderKitchenSheet(sheet: KitchenSheet, only?: Meal): string {
  const meals = only ? [only] : MEALS;
  let text = `Kitchen sheet for ${sheet.date}\n\n`;
  text += formatTable(meals, [
    { header: 'Meal', value: (meal) => meal },
    { header: 'Mess', value: (meal) => sheet.counts.mess[meal], right: true },
    { header: 'Tiffin', value: (meal) => sheet.counts.tiffin[meal], right: true },
    {
      header: 'On leave',
      value: (meal) => sheet.on_leave.mess[meal] + sheet.on_leave.tiffin[meal],
      right: true,
    },
    {
      header: 'Skipped',
      value: (meal) => sheet.skipped.mess[meal] + sheet.skipped.tiffin[meal],
      right: true,
    },
  ]);
  for (const meal of meals) {
    const deliveries = sheet.deliveries[meal];
    text += `\n${capitalised(meal)} deliveries (${deliveries.length})\n`;
    if (deliveries.length > 0) text += deliveriesByArea(deliveries);
    text += leavesOf(sheet, meal);
    text += skipsOf(sheet, meal);
  }
  return text;
}

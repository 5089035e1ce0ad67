// `dabba kitchen` as text: the meal counts, each meal's lock (machines/kitchen's wording, as the
// web page has it), the counts by diet, then per meal the tiffin deliveries under their area
// headings (the server sends them grouped by area), who is on leave and who skipped; --diff the
// locked count beside the live one and who changed; --json prints the sheet.
import { lockHeadline, lockNotes, signedDifference } from '@machines/kitchen';
import { DIETS } from '@machines/menu';
import { formatPhone } from '@machines/shared';
import type { KitchenSheet } from './services/owner';
import { formatTable, when } from './output';

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

/** How the time the sheet is read in: the business's zone, and now (for 'locks at'). */
export interface KitchenClock {
  zone: string;
  now: string;
}

const DIET_HEADERS: Readonly<Record<(typeof DIETS)[number] | 'unset', string>> = {
  veg: 'Veg',
  egg: 'Egg',
  non_veg: 'Non-veg',
  jain: 'Jain',
  unset: 'Not set',
};
const DIET_KEYS = [...DIETS, 'unset'] as const;

/** Each meal's lock in one line: 'Lunch 212 (+2 after 9:00 am)', then its notes, indented. */
function locksOf(sheet: KitchenSheet, meals: readonly Meal[], clock: KitchenClock): string {
  let text = '';
  for (const meal of meals) {
    const lock = sheet.locks[meal];
    text += `${lockHeadline('en', meal, sheet.date, lock, clock.now, clock.zone)}\n`;
    for (const note of lockNotes('en', sheet.date, lock, clock.zone)) text += `  ${note}\n`;
  }
  return text;
}

function dietsOf(sheet: KitchenSheet, meals: readonly Meal[]): string {
  return `\nBy diet\n${formatTable(meals, [
    { header: 'Meal', value: (meal) => meal },
    ...DIET_KEYS.map((diet) => ({
      header: DIET_HEADERS[diet],
      value: (meal: Meal) => sheet.diets[meal][diet],
      right: true,
    })),
  ])}`;
}

/**
 * `dabba kitchen --diff`: per meal the count stored at the lock and the count now, per service
 * and per diet, the difference, and who came or went after the lock.
 */
export function renderKitchenDiff(sheet: KitchenSheet, clock: KitchenClock, only?: Meal): string {
  const meals = only ? [only] : MEALS;
  let text = `Kitchen sheet for ${sheet.date}: the locked counts and the changes since\n`;
  for (const meal of meals) {
    const lock = sheet.locks[meal];
    const locked = lock.locked;
    text += `\n${lockHeadline('en', meal, sheet.date, lock, clock.now, clock.zone)}\n`;
    if (!locked) {
      text +=
        lock.locked === null && Date.parse(clock.now) < Date.parse(lock.locks_at)
          ? `Not locked yet: the count now is ${lock.live}.\n`
          : `Never locked (a past date): the count now is ${lock.live}.\n`;
      continue;
    }
    text += formatTable(
      [
        ['Mess', locked.counts.mess, sheet.counts.mess[meal]],
        ['Tiffin', locked.counts.tiffin, sheet.counts.tiffin[meal]],
        ...DIET_KEYS.map(
          (diet) => [DIET_HEADERS[diet], locked.diets[diet], sheet.diets[meal][diet]] as const,
        ),
        ['Total', locked.count, lock.live],
      ] as const,
      [
        { header: '', value: (row) => row[0] },
        { header: `Locked ${when(locked.at, clock.zone)}`, value: (row) => row[1], right: true },
        { header: 'Now', value: (row) => row[2], right: true },
        { header: 'Difference', value: (row) => signedDifference(row[2] - row[1]), right: true },
      ],
    );
    const notes = lockNotes('en', sheet.date, lock, clock.zone);
    text += notes.length > 0 ? `${notes.join('\n')}\n` : 'Nobody came or went after the lock.\n';
  }
  return text;
}

/** Who the dues hold keeps off a meal (not counted, not delivered); nothing while nobody is. */
function heldOf(sheet: KitchenSheet, meal: Meal): string {
  const held = sheet.held_customers[meal];
  if (held.length === 0) return '';
  const names = held.map((one) =>
    one.hold.reason === 'over_amount'
      ? `${one.name} (owes ₹${one.hold.balance}, over ₹${one.hold.max_amount ?? 0})`
      : `${one.name} (owes ₹${one.hold.balance}, ${one.hold.days_due} days)`,
  );
  return `${capitalised(meal)} held for dues (${held.length}): ${names.join(', ')}\n`;
}

/** The sheet as text; `only` keeps one meal (`dabba kitchen --meal lunch`). */
export function renderKitchenSheet(sheet: KitchenSheet, clock: KitchenClock, only?: Meal): string {
  const meals = only ? [only] : MEALS;
  let text = `Kitchen sheet for ${sheet.date}${only ? `, ${only}` : ''}\n\n`;
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
  text += `\n${locksOf(sheet, meals, clock)}`;
  text += dietsOf(sheet, meals);
  for (const meal of meals) {
    const deliveries = sheet.deliveries[meal];
    text += `\n${capitalised(meal)} deliveries (${deliveries.length})\n`;
    if (deliveries.length > 0) text += deliveriesByArea(deliveries);
    text += leavesOf(sheet, meal);
    text += skipsOf(sheet, meal);
    text += heldOf(sheet, meal);
  }
  return text;
}

// Plain-text output for scripts and people: aligned tables, JSON, money and dates.
import {
  formatRupees,
  subscriptionMoneyFacts,
  type MoneyFact,
  type SubscriptionMoney,
} from '@machines/shared';
import { statusLabel } from '@machines/status-labels';
import type { OutStream } from './io';

export interface Column<T> {
  readonly header: string;
  readonly value: (row: T) => string | number | boolean | null | undefined;
  /** Right-align (numbers, money). */
  readonly right?: boolean;
}

const MAX_CELL = 48;

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const text = String(value).replace(/\s+/g, ' ');
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

export function formatTable<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((row) => columns.map((column) => cell(column.value(row))));
  const widths = columns.map((column, index) =>
    Math.max(column.header.length, ...cells.map((line) => line[index]?.length ?? 0)),
  );
  const render = (line: readonly string[]) =>
    line
      .map((text, index) => {
        const width = widths[index] ?? 0;
        return columns[index]?.right ? text.padStart(width) : text.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  return [render(columns.map((column) => column.header)), ...cells.map(render)].join('\n') + '\n';
}

/** Rows as a table, or `empty` on its own line when there are none. */
export function tableOr<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  empty: string,
): string {
  return rows.length === 0 ? `${empty}\n` : formatTable(rows, columns);
}

export function printTable<T>(
  out: OutStream,
  rows: readonly T[],
  columns: readonly Column<T>[],
  empty: string,
): void {
  out.write(tableOr(rows, columns, empty));
}

export function printJson(out: OutStream, value: unknown): void {
  out.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** One object's labelled values, a `label: value` line each ("-" for none). */
export type Fields = ReadonlyArray<readonly [string, string | number | boolean | null | undefined]>;

/** Key/value lines for one object. */
export function formatFields(fields: Fields): string {
  const width = Math.max(...fields.map(([label]) => label.length));
  return fields
    .map(
      ([label, value]) =>
        `${`${label}:`.padEnd(width + 2)}${value === null || value === undefined || value === '' ? '-' : String(value)}\n`,
    )
    .join('');
}

/** Rupees as the web app writes them (₹1,333, ₹1,234.50): the shared formatter. */
export function rupees(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return '-';
  return formatRupees(amount);
}

/** How `dabba` labels each money figure, as the web app does (machines/shared money.ts). */
export const MONEY_LABELS: Readonly<Record<MoneyFact, string>> = {
  price: 'Price',
  paid: 'Paid',
  refunded: 'Refunded',
  due: 'Due',
  refund_due: 'Refund due',
};

/**
 * A subscription's price (the API's total_paid) and what was paid, paid back and is still owed,
 * as labelled fields for formatFields. `every`: all four, zeros too.
 */
export const moneyFields = (
  money: SubscriptionMoney,
  options: { every?: boolean } = {},
): [string, string][] =>
  subscriptionMoneyFacts(money, options).map(({ fact, amount }) => [
    MONEY_LABELS[fact],
    rupees(amount),
  ]);

/** What a subscription still owes, as a table cell: "-₹2,900" is written "Refund due ₹2,900". */
export const dueCell = (amountDue: number): string =>
  amountDue < 0 ? `${MONEY_LABELS.refund_due} ${rupees(-amountDue)}` : rupees(amountDue);

/** A status as the web app names it ("Pending Payment", "In Progress"). */
export { statusLabel };

/** The date part of an ISO timestamp, or the date as is. */
export function day(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '-';
}

/** A timestamp as the business reads it: '2026-11-23 16:05' in India. */
export function when(at: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

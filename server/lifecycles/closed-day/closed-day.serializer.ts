// The API's closed day bodies.
import type { components } from '@generated/api.js';
import { closedDayFromApi, closedDayMachine, closedDayLocksAt, decide } from '@machines';
import type { BusinessSettings } from '@machines';
import type { ClosedDayRow } from './closed-day.read.js';

export function closedDayBody(
  row: ClosedDayRow,
  settings: BusinessSettings,
  timeZone: string,
  now: string,
): components['schemas']['ClosedDay'] {
  const locksAt = closedDayLocksAt(settings, row.closed_date, row.meal, timeZone);
  const removable = decide(
    closedDayMachine,
    closedDayFromApi({ status: row.status, locks_at: locksAt }, now),
    { type: 'closed_day.remove' },
  ).ok;
  return {
    id: row.id,
    date: row.closed_date,
    meal: row.meal,
    reason: row.reason,
    status: row.status,
    locks_at: locksAt,
    removable,
    extended: Number(row.extended),
    reversed: Number(row.reversed),
    created_by: row.created_by_username,
    created_at: row.created_at,
    removed_by: row.removed_by_username,
    removed_at: row.removed_at,
    rule: row.rule_id,
  };
}

// Every sentence the closed-day lifecycle refuses with (machines/shared/refusals.ts), and how
// screens name its statuses.
import { labelsOf } from '../shared/labels';
import type { RefusalTable } from '../shared/lifecycle';
import { refusal } from '../shared/refusals';
import { CLOSED_DAY_STATUSES, type ClosedDayEvent, type ClosedDayStatus } from './closed-day.types';

export const closedDayRefusals = {
  states: { REMOVED: refusal('closed_day.already_removed') },
  events: { 'closed_day.remove': refusal('closed_day.already_removed') },
  guards: { isBeforeLock: refusal('closed_day.locked') },
} as const satisfies RefusalTable<ClosedDayEvent, ClosedDayStatus>;

export const CLOSED_DAY_STATUS_LABELS = labelsOf(CLOSED_DAY_STATUSES, { SCHEDULED: 'Closed' });

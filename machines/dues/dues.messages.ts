// Every sentence the dues lifecycle refuses with (machines/shared/refusals.ts), and how screens
// name its statuses.
import { labelsOf } from '../shared/labels';
import type { RefusalTable } from '../shared/lifecycle';
import { refusal } from '../shared/refusals';
import { DUES_STATUSES, type DuesStatus, type DuesEvent } from './dues.types';

const nothingDue = refusal('dues.nothing_due');

export const duesRefusals = {
  states: { SETTLED: nothingDue, IN_CREDIT: nothingDue },
  events: {
    'dues.pay': nothingDue,
    'dues.record_payment': nothingDue,
    'dues.send_link': nothingDue,
    'dues.remind': refusal('dues.not_overdue'),
    'dues.refund_advance': refusal('advance.nothing_held'),
  },
  guards: { holdsAdvance: refusal('advance.nothing_held') },
} as const satisfies RefusalTable<DuesEvent, DuesStatus>;

export const DUES_STATUS_LABELS = labelsOf(DUES_STATUSES);

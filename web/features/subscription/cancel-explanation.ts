// The cancel dialog's explanation of the refund, in the customer's words and numbers: only paid
// days are refunded, and what moved the last meals past them is named with its days.
import { currentLocale, type Translate } from '@web/i18n/i18n';
import { formatDate } from '@web/lib/format';
import type { CancelPreview } from './subscription.api';

/**
 * Where the last meals moved and why, each cause with its days ("2 days of approved leave and 1 day
 * the mess was closed"): none of them is a paid day.
 */
function endDateMoves(
  t: Translate,
  moved: CancelPreview['end_date_moved_by'],
  date: string,
): string {
  const parts = [
    ...(moved.leave_days > 0
      ? [t('subscriptions.cancel.movedBy.leave', { days: moved.leave_days })]
      : []),
    ...(moved.closed_days > 0
      ? [t('subscriptions.cancel.movedBy.closed', { days: moved.closed_days })]
      : []),
    ...(moved.owner_days > 0
      ? [t('subscriptions.cancel.movedBy.owner', { days: moved.owner_days })]
      : []),
    ...(moved.owner_days < 0
      ? [t('subscriptions.cancel.movedBy.ownerBack', { days: -moved.owner_days })]
      : []),
  ];
  if (parts.length === 0) return t('subscriptions.cancel.extendedPlain', { date });
  const moves = new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(parts);
  return t('subscriptions.cancel.extended', { date, moves });
}

/** The cancel rule in the customer's words, with their numbers: only paid days are refunded. */
export function refundExplanation(t: Translate, preview: CancelPreview): string {
  const days = {
    unused: preview.unused_paid_days,
    paid: preview.paid_days,
    used: preview.used_days,
    leave: preview.leave_days_taken,
  };
  return [
    preview.leave_days_taken > 0
      ? t('subscriptions.cancel.explanationWithLeave', days)
      : t('subscriptions.cancel.explanation', days),
    ...(preview.adjusted_end_date !== preview.base_end_date
      ? [endDateMoves(t, preview.end_date_moved_by, formatDate(preview.adjusted_end_date))]
      : []),
    t('subscriptions.cancel.ownerReviews'),
  ].join(' ');
}

// The customers' notices of a closed day, in their language: the kitchen is closed (and, for those
// it gave a day, the new end date), or open again after all. Keyed per closure and subscription,
// so a doubled or retried request tells each customer once.
import { closedMeals } from '@machines';
import { notifyCustomer } from '@server/services/notify.js';
import type { Localizer } from '@server/platform/i18n.js';
import { parseMeals } from '@server/platform/format.js';
import type { StoreDeps } from '@server/lifecycles/store.js';
import type { ClosedDayRow } from './closed-day.read.js';
import { subscriptionsWithPlans } from '@server/lifecycles/subscription/subscription.read.js';

export function createClosedDayNotices(deps: StoreDeps) {
  const db = deps.db.kysely;

  /** The ACTIVE subscriptions covering the date whose plan eats a meal the closure closes. */
  async function affected(closure: ClosedDayRow) {
    const rows = await subscriptionsWithPlans(db)
      .select([
        's.id',
        's.user_id',
        's.adjusted_end_date',
        'p.name',
        'p.name_hi',
        'p.included_meals',
      ])
      .where('s.status', '=', 'ACTIVE')
      .where('s.start_date', '<=', closure.closed_date)
      .where('s.adjusted_end_date', '>=', closure.closed_date)
      .orderBy('s.id')
      .execute();
    const closed = closedMeals(closure.meal);
    return rows.filter((row) => parseMeals(row.included_meals).some((m) => closed.includes(m)));
  }

  /** The subscriptions a batch moved, with their end date now. */
  async function movedBy(batchId: number | null) {
    if (batchId === null) return [];
    return db
      .selectFrom('subscription_adjustments as a')
      .innerJoin('subscriptions as s', 's.id', 'a.subscription_id')
      .innerJoin('plans as p', 'p.id', 's.plan_id')
      .select(['s.id', 's.user_id', 's.adjusted_end_date', 'p.name', 'p.name_hi'])
      .where('a.batch_id', '=', batchId)
      .where('a.outcome', '=', 'moved')
      .orderBy('s.id')
      .execute();
  }

  const what = (l: Localizer, closure: ClosedDayRow) => ({
    meals: l.t('notice.closed_day.meals', { meal: closure.meal ?? 'all' }),
    date: l.date(closure.closed_date),
    reason: closure.reason,
    business: deps.config.business.name,
  });

  /** The kitchen is closed: told to everyone who eats a closed meal that day. */
  async function closed(closure: ClosedDayRow) {
    const extended = new Map((await movedBy(closure.extend_batch_id)).map((row) => [row.id, row]));
    const told = new Set<number>();
    for (const subscription of [...(await affected(closure)), ...extended.values()]) {
      if (told.has(subscription.id)) continue;
      told.add(subscription.id);
      const moved = extended.get(subscription.id);
      await notifyCustomer(deps, subscription.user_id, (l) => {
        const values = {
          ...what(l, closure),
          plan: l.text(subscription.name, subscription.name_hi),
          id: subscription.id,
          end: l.date(moved?.adjusted_end_date ?? subscription.adjusted_end_date),
        };
        const summary = [
          l.t('notice.closed_day.summary', values),
          ...(moved ? [l.t('notice.closed_day.extended', values)] : []),
        ].join(' ');
        return {
          type: 'closed_day',
          subject: l.t('notice.closed_day.subject', values),
          summary,
          text: summary,
          sms: l.t(moved ? 'notice.closed_day.sms_extended' : 'notice.closed_day.sms', values),
          dedupeKey: `closed-day:${closure.id}:${subscription.id}`,
        };
      });
    }
  }

  /** Open again after all: told to those it moved back. */
  async function removed(closure: ClosedDayRow) {
    for (const subscription of await movedBy(closure.reverse_batch_id)) {
      await notifyCustomer(deps, subscription.user_id, (l) => {
        const values = {
          ...what(l, closure),
          plan: l.text(subscription.name, subscription.name_hi),
          id: subscription.id,
          end: l.date(subscription.adjusted_end_date),
        };
        const summary = l.t('notice.closed_day_removed.summary', values);
        return {
          type: 'closed_day_removed',
          subject: l.t('notice.closed_day_removed.subject', values),
          summary,
          text: summary,
          sms: l.t('notice.closed_day_removed.sms', values),
          dedupeKey: `closed-day-removed:${closure.id}:${subscription.id}`,
        };
      });
    }
  }

  return { closed, removed };
}

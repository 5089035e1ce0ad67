// The customer's notices of their subscription, in their language: created, expired, and an end
// date the owner moved. The store sends them after its transaction commits.
import type { Plan, Subscription } from '@server/platform/db/schema.js';
import { notifyCustomer } from '@server/services/notify.js';
import type { StoreDeps } from '@server/lifecycles/store.js';

export function createSubscriptionNotices(deps: StoreDeps) {
  const db = deps.db.kysely;

  /** The plan's name, or null when it is gone (a notice then says "your plan" in its language). */
  async function planName(planId: number): Promise<string | null> {
    const plan = await db
      .selectFrom('plans')
      .select('name')
      .where('id', '=', planId)
      .executeTakeFirst();
    return plan?.name ?? null;
  }

  /** A new subscription, with what it costs. */
  async function created(subscription: Subscription, plan: Plan) {
    const notice = {
      plan: plan.name,
      id: subscription.id,
      link: `${deps.config.publicUrl}/subscriptions`,
    };
    await notifyCustomer(deps, subscription.user_id, (l) => ({
      type: 'subscription_created',
      // Subscribe/delete (or renew/delete) loops on one plan announce it once an hour.
      throttle: `plan:${plan.id}`,
      subject: l.t('notice.subscription_created.subject'),
      summary: l.t('notice.subscription_created.summary', {
        ...notice,
        amount: l.rupees(subscription.total_paid_paise),
      }),
      text: l.t('notice.subscription_created.text', {
        ...notice,
        amount: l.rupees(subscription.total_paid_paise),
      }),
    }));
  }

  /** Stored EXPIRED by the daily job; told once (the dedupe key). */
  async function expired(row: Subscription) {
    const name = await planName(row.plan_id);
    const link = `${deps.config.publicUrl}/subscriptions`;
    await notifyCustomer(deps, row.user_id, (l) => {
      const plan = name ?? l.t('notice.your_plan');
      return {
        type: 'subscription_expired',
        subject: l.t('notice.subscription_expired.subject'),
        summary: l.t('notice.subscription_expired.summary', {
          plan,
          id: row.id,
          date: l.date(row.adjusted_end_date),
        }),
        text: l.t('notice.subscription_expired.text', {
          plan,
          id: row.id,
          date: l.date(row.adjusted_end_date),
          link,
        }),
        sms: l.t('notice.subscription_expired.sms', {
          business: deps.config.business.name,
          plan,
          link,
        }),
        dedupeKey: `subscription-expired:${row.id}`,
      };
    });
  }

  /** The new end date and why (e-mail and SMS). */
  async function adjusted(
    subscription: Subscription,
    days: number,
    reason: string,
    dedupeKey?: string,
  ) {
    const name = await planName(subscription.plan_id);
    await notifyCustomer(deps, subscription.user_id, (l) => {
      const plan = name ?? l.t('notice.your_plan');
      const end = l.date(subscription.adjusted_end_date);
      const change = l.t('notice.subscription_adjusted.change', {
        direction: days > 0 ? 'extended' : 'shortened',
        days: Math.abs(days),
      });
      const summary = l.t('notice.subscription_adjusted.summary', {
        plan,
        id: subscription.id,
        end,
        change,
        reason,
      });
      const seeIt = l.t('notice.subscription_adjusted.see_it', {
        link: `${deps.config.publicUrl}/subscriptions`,
      });
      return {
        type: 'subscription_adjusted',
        subject: l.t('notice.subscription_adjusted.subject'),
        summary,
        text: `${summary}\n\n${seeIt}`,
        sms: l.t('notice.subscription_adjusted.sms', {
          business: deps.config.business.name,
          plan,
          end,
          reason,
        }),
        ...(dedupeKey ? { dedupeKey } : {}),
      };
    });
  }

  return { planName, created, expired, adjusted };
}

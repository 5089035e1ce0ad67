// The customer's notices of their subscription, in their language: created, expired, and an end
// date the owner moved. The store sends them after its transaction commits.
import type { Plan, Subscription } from '@server/platform/db/schema.js';
import type { Localizer } from '@server/platform/i18n.js';
import { notifyCustomer } from '@server/services/notify.js';
import type { StoreDeps } from '@server/lifecycles/store.js';

/** A plan's names: a notice uses the Hindi one for a reader of Hindi when the owner gave it. */
type PlanNames = Pick<Plan, 'name' | 'name_hi'>;

/**
 * A notice of a subscription's end, coming or come (`notice.<type>.…`): its plan, number and end
 * date, and in the text and the SMS the link to the customer's subscriptions.
 */
export function subscriptionEndNotice(
  deps: Pick<StoreDeps, 'config'>,
  l: Localizer,
  type: 'subscription_expiring' | 'subscription_expired',
  values: { plan: string; id: number; date: string },
) {
  const link = `${deps.config.publicUrl}/subscriptions`;
  return {
    type,
    subject: l.t(`notice.${type}.subject`),
    summary: l.t(`notice.${type}.summary`, values),
    text: l.t(`notice.${type}.text`, { ...values, link }),
    // Each SMS names what it needs of these (the expiring one its date, the expired one the link).
    sms: l.t(`notice.${type}.sms`, { ...values, business: deps.config.business.name, link }),
  };
}

export function createSubscriptionNotices(deps: StoreDeps) {
  const db = deps.db.kysely;

  /**
   * The plan's names (English, and the owner's Hindi if any), or null when it is gone (a notice
   * then says "your plan" in its language).
   */
  async function planName(planId: number): Promise<PlanNames | null> {
    const plan = await db
      .selectFrom('plans')
      .select(['name', 'name_hi'])
      .where('id', '=', planId)
      .executeTakeFirst();
    return plan ?? null;
  }

  /** A new subscription, with what it costs. */
  async function created(subscription: Subscription, plan: Plan) {
    await notifyCustomer(deps, subscription.user_id, (l) => {
      const notice = {
        plan: l.text(plan.name, plan.name_hi),
        id: subscription.id,
        link: `${deps.config.publicUrl}/subscriptions`,
      };
      return {
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
      };
    });
  }

  /** Stored EXPIRED by the daily job; told once (the dedupe key). */
  async function expired(row: Subscription) {
    const name = await planName(row.plan_id);
    await notifyCustomer(deps, row.user_id, (l) => {
      const plan = name ? l.text(name.name, name.name_hi) : l.t('notice.your_plan');
      return {
        ...subscriptionEndNotice(deps, l, 'subscription_expired', {
          plan,
          id: row.id,
          date: l.date(row.adjusted_end_date),
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
      const plan = name ? l.text(name.name, name.name_hi) : l.t('notice.your_plan');
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

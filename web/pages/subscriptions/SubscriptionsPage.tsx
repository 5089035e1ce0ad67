// My Subscriptions: one card per subscription, with the actions its status allows (machines/subscription).
import { Trans } from '@web/i18n/Trans';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { refundFromApi, refundMachine, selectCanChangePayout } from '@machines/refund';
import { allowedEvents, restore } from '@machines/shared';
import {
  selectIsAwaitingPayment,
  selectStartsLater,
  type SubscriptionAction,
  subscriptionFromApi,
  subscriptionMachine,
} from '@machines/subscription';

import {
  useDeleteSubscription,
  useRenewSubscription,
  useSubscriptions,
  type Subscription,
  CancelDialog,
  FAILURE_TOAST_MESSAGES,
} from '@web/features/subscription';
import { useCheckout } from '@web/checkout/useCheckout';
import { Button, ButtonLink } from '@web/components/Button';
import { Badge, Card, Details, EmptyState } from '@web/components/Card';
import { StatusBadge } from '@web/components/StatusBadge';
import { PageSpinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { useT, type MessageId } from '@web/i18n/i18n';
import { lifecycleLabel, planText } from '@web/i18n/labels';
import {
  formatDate,
  formatDateTime,
  formatRupees,
  serviceLabel,
  subscriptionMoneyItems,
  todayIso,
} from '@web/lib/format';
import { cardHead, cardList } from '@web/styles/list.css';
import { muted, row, stack, visuallyHidden } from '@web/styles/utils.css';
import * as styles from './SubscriptionsPage.css';
import { HoldBanner } from '@web/features/dues';
import { PayoutDialog, payoutText } from '@web/features/refund';
import { failureToast } from '@web/api/errors';
import { PageHeader } from '@web/components/PageHeader';

const ACTION_LABELS = {
  'subscription.pay': 'subscriptions.action.pay',
  'subscription.delete': 'subscriptions.action.delete',
  'subscription.request_leave': 'subscriptions.action.requestLeave',
  'subscription.cancel': 'subscriptions.action.cancel',
  'subscription.renew': 'subscriptions.action.renew',
} as const satisfies Partial<Record<SubscriptionAction, MessageId>>;

/** The actions the cards offer as buttons. */
type CardAction = keyof typeof ACTION_LABELS;

function actionsFor(subscription: Subscription) {
  return allowedEvents(subscriptionMachine, subscriptionFromApi(subscription)).filter(
    (action): action is CardAction => action in ACTION_LABELS,
  );
}

export function SubscriptionsPage() {
  const notify = useToast();
  const t = useT();
  const [, navigate] = useLocation();
  const subscriptions = useSubscriptions();
  const checkout = useCheckout();
  const remove = useDeleteSubscription();
  const renew = useRenewSubscription();
  const [cancelling, setCancelling] = useState<Subscription | null>(null);
  const [payoutFor, setPayoutFor] = useState<Subscription['refund_info']>(null);

  useEffect(() => {
    if (subscriptions.isError) notify({ tone: 'error', title: t('subscriptions.loadFailed') });
  }, [subscriptions.isError, notify, t]);

  const run = (action: SubscriptionAction, subscription: Subscription) => {
    const failure = (error: unknown) => {
      const toast = FAILURE_TOAST_MESSAGES[action as keyof typeof FAILURE_TOAST_MESSAGES];
      notify(failureToast(error, t(toast.title), t(toast.message)));
    };
    switch (action) {
      case 'subscription.pay':
        checkout.start(subscription.id);
        return;
      case 'subscription.delete':
        remove.mutate(subscription.id, {
          onSuccess: () =>
            notify({
              tone: 'success',
              title: t('subscriptions.toast.deleted.title'),
              message: t('subscriptions.toast.deleted.message', {
                plan: planText(subscription.plan.name, subscription.plan.name_hi),
              }),
            }),
          onError: failure,
        });
        return;
      case 'subscription.request_leave':
        navigate('/leaves');
        return;
      case 'subscription.cancel':
        setCancelling(subscription);
        return;
      case 'subscription.renew':
        renew.mutate(subscription.id, {
          onSuccess: () =>
            notify({
              tone: 'success',
              title: t('subscriptions.toast.renewed.title'),
              message: t('subscriptions.toast.renewed.message'),
            }),
          onError: failure,
        });
        return;
      default:
        return;
    }
  };

  return (
    <div className={stack}>
      <PageHeader title={t('subscriptions.title')}>
        <ButtonLink href="/plans" tone="secondary">
          {t('subscriptions.browsePlans')}
        </ButtonLink>
      </PageHeader>
      <HoldBanner />
      {subscriptions.isPending ? (
        <PageSpinner label={t('subscriptions.loading')} />
      ) : subscriptions.isError ? (
        <Card role="alert">{t('subscriptions.loadFailed')}</Card>
      ) : subscriptions.data.length === 0 ? (
        <EmptyState title={t('subscriptions.empty.title')}>
          <p className={muted}>{t('subscriptions.empty.text')}</p>
          <ButtonLink href="/plans">{t('subscriptions.browsePlans')}</ButtonLink>
        </EmptyState>
      ) : (
        <ul className={cardList} aria-label={t('subscriptions.listLabel')}>
          {subscriptions.data.map((subscription) => (
            <li key={subscription.id}>
              <SubscriptionCard
                subscription={subscription}
                actions={actionsFor(subscription)}
                busyAction={
                  checkout.payingFor === subscription.id
                    ? 'subscription.pay'
                    : remove.isPending && remove.variables === subscription.id
                      ? 'subscription.delete'
                      : renew.isPending && renew.variables === subscription.id
                        ? 'subscription.renew'
                        : null
                }
                onAction={(action) => run(action, subscription)}
                onEditPayout={setPayoutFor}
              />
            </li>
          ))}
        </ul>
      )}
      {checkout.dialog}
      {cancelling ? (
        <CancelDialog subscription={cancelling} onClose={() => setCancelling(null)} />
      ) : null}
      {payoutFor ? <PayoutDialog refund={payoutFor} onClose={() => setPayoutFor(null)} /> : null}
    </div>
  );
}

function SubscriptionCard({
  subscription,
  actions,
  busyAction,
  onAction,
  onEditPayout,
}: {
  subscription: Subscription;
  actions: CardAction[];
  busyAction: SubscriptionAction | null;
  onAction: (action: SubscriptionAction) => void;
  onEditPayout: (refund: NonNullable<Subscription['refund_info']>) => void;
}) {
  const t = useT();
  const refund = subscription.refund_info;
  const canChangePayout =
    refund !== null && selectCanChangePayout(restore(refundMachine, refundFromApi(refund)));
  const hasDetails =
    subscription.leave_days > 0 || subscription.cancelled_at !== null || refund !== null;
  // Unpaid, the dates are set by the payment.
  const snapshot = restore(subscriptionMachine, subscriptionFromApi(subscription));
  const awaitingPayment = selectIsAwaitingPayment(snapshot);
  // Bought while another plan of the service runs: it waits for its first day.
  const startsLater = selectStartsLater(snapshot, todayIso());
  return (
    <Card aria-labelledby={`subscription-${subscription.id}`}>
      <div className={cardHead({ spaced: true })}>
        <div>
          <h2 id={`subscription-${subscription.id}`}>
            {planText(subscription.plan.name, subscription.plan.name_hi)}
          </h2>
          <p className={`${muted} ${styles.meta}`}>
            <span>
              {t('subscriptions.card.meta', {
                service: serviceLabel(subscription.subscription_type),
                id: subscription.id,
              })}
            </span>
            {subscription.breakfast_included ? (
              // What the plan includes, not a state: an outlined tag beside the service, away from
              // the status badge.
              <span className={styles.mealTag} title={t('subscriptions.card.breakfastIncluded')}>
                <svg aria-hidden="true" viewBox="0 0 24 24" width="14" height="14">
                  <path
                    d="M4 9h13v4a6 6 0 0 1-6 6h-1a6 6 0 0 1-6-6V9Zm13 1h1.5a2.5 2.5 0 0 1 0 5H17M7 3v3m4-3v3m4-3v3"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                  />
                </svg>
                <Trans
                  id="subscriptions.card.includesBreakfast"
                  components={{ 0: <span className={visuallyHidden} /> }}
                />
              </span>
            ) : null}
          </p>
          {startsLater ? (
            <p className={`${muted} ${styles.meta}`}>{t('subscriptions.card.queued')}</p>
          ) : null}
        </div>
        {startsLater ? (
          <Badge tone="info">
            {t('subscriptions.card.startsOn', { date: formatDate(subscription.start_date) })}
          </Badge>
        ) : (
          <StatusBadge status={subscription.status} />
        )}
      </div>
      <div className={styles.facts}>
        {/* Its price (total_paid), and what was paid, paid back and is still due beside it. */}
        {subscriptionMoneyItems(subscription).map(([label, value]) => (
          <Fact key={label} label={label} value={value} />
        ))}
        {awaitingPayment ? (
          <>
            <Fact
              label={t('subscriptions.fact.startDate')}
              value={t('subscriptions.fact.onPayment')}
            />
            <Fact label={t('subscriptions.fact.endDate')} value="—" />
            <Fact label={t('subscriptions.fact.daysLeft')} value="—" />
          </>
        ) : (
          <>
            <Fact
              label={t('subscriptions.fact.startDate')}
              value={formatDate(subscription.start_date)}
            />
            <Fact
              label={t('subscriptions.fact.endDate')}
              value={formatDate(subscription.adjusted_end_date)}
            />
            <Fact
              label={t('subscriptions.fact.daysLeft')}
              value={String(subscription.days_remaining)}
            />
          </>
        )}
      </div>
      {hasDetails ? (
        <details className={styles.details}>
          <summary className={styles.summary}>{t('subscriptions.details')}</summary>
          <Details
            items={[
              [t('subscriptions.detail.leaveDays'), String(subscription.leave_days)],
              subscription.cancelled_at
                ? [t('subscriptions.detail.cancelled'), formatDateTime(subscription.cancelled_at)]
                : null,
              [
                t('subscriptions.detail.refund'),
                refund
                  ? lifecycleLabel('refund', refund.status)
                  : t('subscriptions.detail.noRefund'),
              ],
              ...(refund
                ? ([
                    [t('subscriptions.detail.refundAmount'), formatRupees(refund.amount)],
                    [t('subscriptions.detail.requested'), formatDateTime(refund.requested_at)],
                    [t('subscriptions.detail.processed'), formatDateTime(refund.processed_at)],
                    [t('subscriptions.detail.adminComment'), refund.admin_comment ?? '—'],
                    [t('subscriptions.detail.payoutTo'), payoutText(t, refund.payout)],
                    refund.paid_at
                      ? ([t('subscriptions.detail.paid'), formatDateTime(refund.paid_at)] as const)
                      : null,
                    refund.utr ? (['UTR', refund.utr] as const) : null,
                  ] as const)
                : []),
            ]}
          />
          {refund && canChangePayout ? (
            <div className={styles.detailsAction}>
              <Button size="sm" tone="secondary" onClick={() => onEditPayout(refund)}>
                {refund.payout ? t('subscriptions.payout.change') : t('subscriptions.payout.add')}
              </Button>
            </div>
          ) : null}
        </details>
      ) : null}
      {actions.length > 0 ? (
        <div className={row}>
          {actions.map((action) => (
            <Button
              key={action}
              size="sm"
              tone={
                action === 'subscription.delete' || action === 'subscription.cancel'
                  ? 'secondary'
                  : 'primary'
              }
              busy={busyAction === action}
              disabled={busyAction !== null && busyAction !== action}
              onClick={() => onAction(action)}
            >
              {t(ACTION_LABELS[action])}
            </Button>
          ))}
        </div>
      ) : null}
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.fact}>
      <span className={styles.factLabel}>{label}</span>
      <span className={styles.factValue}>{value}</span>
    </div>
  );
}

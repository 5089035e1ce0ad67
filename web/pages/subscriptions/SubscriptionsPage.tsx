// My Subscriptions: one card per subscription, with the actions its status allows (machines/subscription).
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { allowedEvents } from '../../../machines/shared/lifecycle';
import { subscriptionMachine } from '../../../machines/subscription/subscription.machine';
import type { SubscriptionAction } from '../../../machines/subscription/subscription.events';
import { SUBSCRIPTION_FAILURE_TOASTS } from '../../../machines/subscription/subscription.messages';
import { errorMessage } from '../../api/errors';
import { useDeleteSubscription, useRenewSubscription } from '../../api/mutations';
import { usePlans, useSubscriptions, type Subscription } from '../../api/queries';
import { useToast } from '../../app/Toaster';
import { useCheckout } from '../../checkout/useCheckout';
import { Button, ButtonLink } from '../../components/Button';
import { Badge, Card, Details, EmptyState, StatusBadge } from '../../components/Card';
import { PageSpinner } from '../../components/Spinner';
import { formatDate, formatDateTime, formatRupees, serviceLabel } from '../../lib/format';
import { muted, pageHeader, pageTitle, row, stack } from '../../styles/utils.css';
import { CancelDialog } from './CancelDialog';
import * as styles from './SubscriptionsPage.css';

const ACTION_LABELS: Partial<Record<SubscriptionAction, string>> = {
  'subscription.pay': 'Pay Now',
  'subscription.delete': 'Delete Subscription',
  'subscription.request_leave': 'Request Leave',
  'subscription.cancel': 'Cancel Subscription',
  'subscription.renew': 'Renew Subscription',
};

function actionsFor(subscription: Subscription, activePlanIds: ReadonlySet<number>) {
  return allowedEvents(subscriptionMachine, {
    value: subscription.status,
    context: {
      durationDays: subscription.plan.duration_days,
      startDate: subscription.start_date,
      baseEndDate: subscription.base_end_date,
      adjustedEndDate: subscription.adjusted_end_date,
      leaveDays: subscription.leave_days,
      // Dates are set only when a payment succeeded.
      hasSuccessfulPayment: subscription.start_date !== null,
      hasRefund: subscription.refund_info !== null,
      planActive: activePlanIds.has(subscription.plan.id),
    },
  }).filter((action): action is SubscriptionAction => action in ACTION_LABELS);
}

export function SubscriptionsPage() {
  const notify = useToast();
  const [, navigate] = useLocation();
  const subscriptions = useSubscriptions();
  const plans = usePlans();
  const checkout = useCheckout();
  const remove = useDeleteSubscription();
  const renew = useRenewSubscription();
  const [cancelling, setCancelling] = useState<Subscription | null>(null);

  useEffect(() => {
    if (subscriptions.isError) notify({ tone: 'error', title: 'Failed to load subscriptions' });
  }, [subscriptions.isError, notify]);

  const activePlanIds = new Set((plans.data ?? []).filter((p) => p.is_active).map((p) => p.id));

  const run = (action: SubscriptionAction, subscription: Subscription) => {
    const failure = (error: unknown) => {
      const toast = SUBSCRIPTION_FAILURE_TOASTS[action as keyof typeof SUBSCRIPTION_FAILURE_TOASTS];
      notify({ tone: 'error', title: toast.title, message: errorMessage(error, toast.message) });
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
              title: 'Subscription Deleted',
              message: `${subscription.plan.name} was removed.`,
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
              title: 'Subscription Renewed',
              message: 'A new subscription is waiting for payment.',
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
      <header className={pageHeader}>
        <h1 className={pageTitle}>My Subscriptions</h1>
        <ButtonLink href="/plans" tone="secondary">
          Browse Plans
        </ButtonLink>
      </header>
      {subscriptions.isPending ? (
        <PageSpinner label="Loading subscriptions" />
      ) : subscriptions.isError ? (
        <Card role="alert">Failed to load subscriptions</Card>
      ) : subscriptions.data.length === 0 ? (
        <EmptyState title="No Subscriptions Yet">
          <p className={muted}>Pick a mess or tiffin plan to get started.</p>
          <ButtonLink href="/plans">Browse Plans</ButtonLink>
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label="Subscriptions">
          {subscriptions.data.map((subscription) => (
            <li key={subscription.id}>
              <SubscriptionCard
                subscription={subscription}
                actions={actionsFor(subscription, activePlanIds)}
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
              />
            </li>
          ))}
        </ul>
      )}
      {checkout.dialog}
      {cancelling ? (
        <CancelDialog subscription={cancelling} onClose={() => setCancelling(null)} />
      ) : null}
    </div>
  );
}

function SubscriptionCard({
  subscription,
  actions,
  busyAction,
  onAction,
}: {
  subscription: Subscription;
  actions: SubscriptionAction[];
  busyAction: SubscriptionAction | null;
  onAction: (action: SubscriptionAction) => void;
}) {
  const refund = subscription.refund_info;
  const hasDetails =
    subscription.leave_days > 0 || subscription.cancelled_at !== null || refund !== null;
  return (
    <Card aria-labelledby={`subscription-${subscription.id}`}>
      <div className={styles.cardHead}>
        <div>
          <h2 id={`subscription-${subscription.id}`}>{subscription.plan.name}</h2>
          <p className={muted}>
            {serviceLabel(subscription.subscription_type)} · Subscription #{subscription.id}
          </p>
        </div>
        <div className={row}>
          {subscription.breakfast_included ? <Badge tone="info">Breakfast</Badge> : null}
          <StatusBadge status={subscription.status} />
        </div>
      </div>
      <div className={styles.facts}>
        <Fact label="Total paid" value={formatRupees(subscription.total_paid)} />
        <Fact label="Start date" value={formatDate(subscription.start_date)} />
        <Fact label="End date" value={formatDate(subscription.adjusted_end_date)} />
        <Fact label="Days left" value={String(subscription.days_remaining)} />
      </div>
      {hasDetails ? (
        <details className={styles.details}>
          <summary className={styles.summary}>Details</summary>
          <Details
            items={[
              ['Leave days', String(subscription.leave_days)],
              ...(subscription.cancelled_at
                ? ([['Cancelled', formatDateTime(subscription.cancelled_at)]] as [string, string][])
                : []),
              ['Refund', refund ? refund.status_display : 'No refund requested'],
              ...(refund
                ? ([
                    ['Refund amount', formatRupees(refund.amount)],
                    ['Requested', formatDateTime(refund.requested_at)],
                    ['Processed', formatDateTime(refund.processed_at)],
                    ['Admin comment', refund.admin_comment ?? '—'],
                  ] as [string, string][])
                : []),
            ]}
          />
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
              {ACTION_LABELS[action]}
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

// My Subscriptions: one card per subscription, with the actions its status allows (machines/subscription).
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { refundFromApi } from '../../../machines/refund/refund.fromApi';
import { refundMachine } from '../../../machines/refund/refund.machine';
import { describePayout } from '../../../machines/refund/refund.rules';
import { selectCanChangePayout } from '../../../machines/refund/refund.selectors';
import { allowedEvents, restore } from '../../../machines/shared/lifecycle';
import type { SubscriptionAction } from '../../../machines/subscription/subscription.events';
import { subscriptionFromApi } from '../../../machines/subscription/subscription.fromApi';
import { subscriptionMachine } from '../../../machines/subscription/subscription.machine';
import { SUBSCRIPTION_FAILURE_TOASTS } from '../../../machines/subscription/subscription.messages';
import { selectIsAwaitingPayment } from '../../../machines/subscription/subscription.selectors';
import { errorMessage } from '../../api/errors';
import { useDeleteSubscription, useRenewSubscription } from '../../api/mutations';
import { useSubscriptions, type Subscription } from '../../api/queries';
import { useCheckout } from '../../checkout/useCheckout';
import { Button, ButtonLink } from '../../components/Button';
import { Card, Details, EmptyState, StatusBadge } from '../../components/Card';
import { PageSpinner } from '../../components/Spinner';
import { useToast } from '../../components/Toaster';
import { formatDate, formatDateTime, formatRupees, serviceLabel } from '../../lib/format';
import { cardHead, cardList } from '../../styles/list.css';
import { muted, pageHeader, pageTitle, row, stack, visuallyHidden } from '../../styles/utils.css';
import { CancelDialog } from './CancelDialog';
import { PayoutDialog } from './PayoutDialog';
import * as styles from './SubscriptionsPage.css';

const ACTION_LABELS: Partial<Record<SubscriptionAction, string>> = {
  'subscription.pay': 'Pay Now',
  'subscription.delete': 'Delete Subscription',
  'subscription.request_leave': 'Request Leave',
  'subscription.cancel': 'Cancel Subscription',
  'subscription.renew': 'Renew Subscription',
};

function actionsFor(subscription: Subscription) {
  return allowedEvents(subscriptionMachine, subscriptionFromApi(subscription)).filter(
    (action): action is SubscriptionAction => action in ACTION_LABELS,
  );
}

export function SubscriptionsPage() {
  const notify = useToast();
  const [, navigate] = useLocation();
  const subscriptions = useSubscriptions();
  const checkout = useCheckout();
  const remove = useDeleteSubscription();
  const renew = useRenewSubscription();
  const [cancelling, setCancelling] = useState<Subscription | null>(null);
  const [payoutFor, setPayoutFor] = useState<Subscription['refund_info']>(null);

  useEffect(() => {
    if (subscriptions.isError) notify({ tone: 'error', title: 'Failed to load subscriptions' });
  }, [subscriptions.isError, notify]);

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
        <ul className={cardList} aria-label="Subscriptions">
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
  actions: SubscriptionAction[];
  busyAction: SubscriptionAction | null;
  onAction: (action: SubscriptionAction) => void;
  onEditPayout: (refund: NonNullable<Subscription['refund_info']>) => void;
}) {
  const refund = subscription.refund_info;
  const canChangePayout =
    refund !== null && selectCanChangePayout(restore(refundMachine, refundFromApi(refund)));
  const hasDetails =
    subscription.leave_days > 0 || subscription.cancelled_at !== null || refund !== null;
  // Unpaid, total_paid is the price to pay and the dates are set by the payment.
  const awaitingPayment = selectIsAwaitingPayment(
    restore(subscriptionMachine, subscriptionFromApi(subscription)),
  );
  return (
    <Card aria-labelledby={`subscription-${subscription.id}`}>
      <div className={cardHead({ spaced: true })}>
        <div>
          <h2 id={`subscription-${subscription.id}`}>{subscription.plan.name}</h2>
          <p className={`${muted} ${styles.meta}`}>
            <span>
              {serviceLabel(subscription.subscription_type)} · Subscription #{subscription.id}
            </span>
            {subscription.breakfast_included ? (
              // What the plan includes, not a state: an outlined tag beside the service, away from
              // the status badge.
              <span className={styles.mealTag} title="Breakfast included">
                <svg aria-hidden="true" viewBox="0 0 24 24" width="14" height="14">
                  <path
                    d="M4 9h13v4a6 6 0 0 1-6 6h-1a6 6 0 0 1-6-6V9Zm13 1h1.5a2.5 2.5 0 0 1 0 5H17M7 3v3m4-3v3m4-3v3"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                  />
                </svg>
                <span className={visuallyHidden}>Includes </span>Breakfast
              </span>
            ) : null}
          </p>
        </div>
        <StatusBadge status={subscription.status} />
      </div>
      <div className={styles.facts}>
        {awaitingPayment ? (
          <>
            <Fact label="Amount due" value={formatRupees(subscription.total_paid)} />
            <Fact label="Start date" value="On payment" />
            <Fact label="End date" value="—" />
            <Fact label="Days left" value="—" />
          </>
        ) : (
          <>
            <Fact label="Total paid" value={formatRupees(subscription.total_paid)} />
            <Fact label="Start date" value={formatDate(subscription.start_date)} />
            <Fact label="End date" value={formatDate(subscription.adjusted_end_date)} />
            <Fact label="Days left" value={String(subscription.days_remaining)} />
          </>
        )}
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
                    ['Payout to', describePayout(refund.payout)],
                    ...(refund.paid_at
                      ? ([['Paid', formatDateTime(refund.paid_at)]] as [string, string][])
                      : []),
                    ...(refund.utr ? ([['UTR', refund.utr]] as [string, string][]) : []),
                  ] as [string, string][])
                : []),
            ]}
          />
          {refund && canChangePayout ? (
            <div className={styles.detailsAction}>
              <Button size="sm" tone="secondary" onClick={() => onEditPayout(refund)}>
                {refund.payout ? 'Change Payout Details' : 'Add Payout Details'}
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

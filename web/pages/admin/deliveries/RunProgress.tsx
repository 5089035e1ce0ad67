// The run's progress for a date and meal: a card per route ("42 of 60 delivered", a bar, the
// not-delivered and pending counts, a link to its printable sheet), the stops not delivered with
// their reasons and a number to call, and the boxes still out per customer.
import { useDeliveryProgress, type DeliveryProgress, type Meal } from '@web/features/delivery-stop';
import { Badge, Card, EmptyState } from '@web/components/Card';
import { CustomerLink } from '@web/components/CustomerLink';
import { PhoneNumber } from '@web/components/PhoneNumber';
import { PageSpinner } from '@web/components/Spinner';
import { useErrorToast } from '@web/components/useErrorToast';
import { useT } from '@web/i18n/i18n';
import { formatClock } from '@web/lib/format';
import { muted, sectionTitle, small, stack } from '@web/styles/utils.css';
import * as styles from './OwnerDeliveries.css';
import { RouteButton } from './RouteButton';
import {
  deliveredPercent,
  missedWithRoutes,
  REASON_LABELS,
  type RouteProgress,
} from './deliveriesModel';

function RouteCard({ route, onPrint }: { route: RouteProgress; onPrint: () => void }) {
  const t = useT();
  const percent = deliveredPercent(route);
  const headingId = `progress-${route.route}`;
  return (
    <li>
      <Card aria-labelledby={headingId} className={styles.routeCard}>
        <h3 id={headingId} className={styles.cardTitle}>
          {route.name}
        </h3>
        <p className={styles.bigCount}>
          {t('deliveries.owner.deliveredOf', { delivered: route.delivered, total: route.total })}
        </p>
        <div
          role="progressbar"
          aria-label={t('deliveries.owner.progressLabel', { route: route.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className={styles.bar}
        >
          <span className={styles.barFill} style={{ width: `${percent}%` }} />
        </div>
        <p className={styles.counts}>
          <Badge tone={route.not_delivered > 0 ? 'danger' : 'neutral'}>
            {t('deliveries.owner.notDeliveredCount', { count: route.not_delivered })}
          </Badge>
          <Badge tone={route.pending > 0 ? 'warning' : 'success'}>
            {t('deliveries.owner.pendingCount', { count: route.pending })}
          </Badge>
        </p>
        <RouteButton action="print" route={route.name} onClick={onPrint} />
      </Card>
    </li>
  );
}

function Missed({ progress }: { progress: DeliveryProgress }) {
  const t = useT();
  const missed = missedWithRoutes(progress);
  return (
    <section aria-labelledby="missed-title" className={stack}>
      <h2 id="missed-title" className={sectionTitle}>
        {t('deliveries.owner.missedTitle', { count: missed.length })}
      </h2>
      {missed.length === 0 ? (
        <p className={muted}>{t('deliveries.owner.missedNone')}</p>
      ) : (
        <ul className={styles.list} aria-labelledby="missed-title">
          {missed.map((stop) => (
            <li key={`${stop.route}-${stop.customer_id}`} className={styles.item}>
              <span className={styles.itemName}>
                <CustomerLink id={stop.customer_id}>{stop.name}</CustomerLink>
                <Badge tone="danger">
                  {stop.reason
                    ? t(REASON_LABELS[stop.reason])
                    : t('deliveries.state.not_delivered')}
                </Badge>
              </span>
              <span className={styles.itemFacts}>
                <PhoneNumber phone={stop.phone} />
                <span>{t('deliveries.owner.onRoute', { route: stop.routeName })}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BoxesOut({ progress }: { progress: DeliveryProgress }) {
  const t = useT();
  const total = progress.boxes_out.reduce((sum, row) => sum + row.boxes, 0);
  return (
    <section aria-labelledby="boxes-title" className={stack}>
      <h2 id="boxes-title" className={sectionTitle}>
        {t('deliveries.owner.boxesTitle', { count: total })}
      </h2>
      {progress.boxes_out.length === 0 ? (
        <p className={muted}>{t('deliveries.owner.boxesNone')}</p>
      ) : (
        <ul className={styles.list} aria-labelledby="boxes-title">
          {progress.boxes_out.map((row) => (
            <li key={row.customer_id} className={`${styles.item} ${styles.itemRow}`}>
              <CustomerLink id={row.customer_id}>{row.name}</CustomerLink>
              <span className={styles.boxes}>
                {t('deliveries.owner.boxes', { count: row.boxes })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function RunProgress({
  date,
  meal,
  onPrint,
}: {
  date: string;
  meal: Meal;
  onPrint: (route: number) => void;
}) {
  const t = useT();
  const progress = useDeliveryProgress(date, meal);
  useErrorToast(
    progress.isError && !progress.data,
    t('deliveries.owner.toast.loadFailed'),
    t('deliveries.owner.loadFailed'),
  );
  if (progress.isPending) return <PageSpinner label={t('deliveries.owner.loading')} />;
  if (!progress.data) {
    return (
      <Card role="alert">
        <p>{t('deliveries.owner.loadFailed')}</p>
      </Card>
    );
  }
  const data = progress.data;
  return (
    <>
      <section aria-labelledby="routes-progress" className={stack}>
        <div className={styles.sectionHead}>
          <h2 id="routes-progress" className={sectionTitle}>
            {t('deliveries.owner.progressTitle')}
          </h2>
          <span className={`${muted} ${small}`}>
            {t('deliveries.owner.updatedAt', {
              time: formatClock(new Date(progress.dataUpdatedAt).toISOString()),
            })}
          </span>
        </div>
        {data.routes.length === 0 ? (
          <EmptyState title={t('deliveries.owner.noRoutes')}>
            <p className={muted}>{t('deliveries.owner.noRoutesText')}</p>
          </EmptyState>
        ) : (
          <ul className={styles.routeGrid}>
            {data.routes.map((route) => (
              <RouteCard key={route.route} route={route} onPrint={() => onPrint(route.route)} />
            ))}
          </ul>
        )}
      </section>
      <Missed progress={data} />
      <BoxesOut progress={data} />
    </>
  );
}

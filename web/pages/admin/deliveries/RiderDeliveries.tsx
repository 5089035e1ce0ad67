// A delivery rider's phone screen (issue 22; ./DeliveriesPage shows it to a rider): pick the
// route (when they ride more than one), the date and the meal, and the run sheet shows the stops
// in the route's saved order, each with the marks its machine (machines/delivery-stop) offers
// now. Marks and a new order go through the phone's outbox
// (web/features/delivery-stop/delivery-stop.api.ts), so the rider keeps working without signal: a
// stop shows its mark at once, a small badge counts what waits to be sent, and a mark the server
// refuses shows its sentence on that stop until the rider has read it.
import { useState } from 'react';
import { allowedEvents } from '@machines/shared';
import {
  deliveryStopFromApi,
  deliveryStopMachine,
  MARK_OF_EVENT,
  nextMealAt,
  NOT_DELIVERED_REASONS,
  stopWithMarks,
  type DeliveryMarkEvent,
  type NotDeliveredReason,
  type OutboxMark,
  type RefusedMark,
} from '@machines/delivery-stop';
import {
  useDeliveryOutbox,
  useDeliveryRoutes,
  useRunSheet,
  type Meal,
  type RunSheetStop,
} from '@web/features/delivery-stop';
import { Badge, Card, EmptyState } from '@web/components/Card';
import { Button } from '@web/components/Button';
import { DateField } from '@web/components/DateField';
import { SelectField, TextField } from '@web/components/Field';
import { PhoneNumber } from '@web/components/PhoneNumber';
import { PageSpinner } from '@web/components/Spinner';
import { useT, type MessageId } from '@web/i18n/i18n';
import { formatRupees, mealLabel, todayIso, wordLabel } from '@web/lib/format';
import { useSession } from '@web/session/SessionProvider';
import { muted, small, stack } from '@web/styles/utils.css';
import * as styles from './DeliveriesPage.css';
import {
  businessHour,
  cashAmountRupees,
  DELIVERY_MEALS,
  REASON_LABELS,
  STATE_LABELS,
  STATE_TONES,
} from './deliveriesModel';
import { PageHeader } from '@web/components/PageHeader';

const MARK_LABELS: Readonly<Record<DeliveryMarkEvent, MessageId>> = {
  delivered: 'deliveries.mark.delivered',
  not_delivered: 'deliveries.mark.not_delivered',
  box_returned: 'deliveries.mark.box_returned',
  cash_collected: 'deliveries.mark.cash_collected',
};

/** The stops in the rider's unsent order, when there is one (customers not in it keep theirs). */
function inOrder(stops: readonly RunSheetStop[], order: readonly number[] | undefined) {
  if (!order) return [...stops];
  const rank = new Map(order.map((customerId, index) => [customerId, index]));
  return [...stops].sort(
    (a, b) =>
      (rank.get(a.customer_id) ?? Number.MAX_SAFE_INTEGER) -
      (rank.get(b.customer_id) ?? Number.MAX_SAFE_INTEGER),
  );
}

export function RiderDeliveries() {
  const t = useT();
  const { user } = useSession();
  const routes = useDeliveryRoutes();
  const assigned = routes.data ?? [];
  const [chosenRoute, setChosenRoute] = useState<number | null>(null);
  const [date, setDate] = useState(todayIso);
  const [meal, setMeal] = useState<Meal>(() => nextMealAt(businessHour()));
  const routeId = assigned.find((route) => route.id === chosenRoute)?.id ?? assigned[0]?.id ?? null;
  const outbox = useDeliveryOutbox();

  return (
    <div className={stack}>
      <PageHeader
        title={t('deliveries.title')}
        intro={user?.first_name ? t('deliveries.greeting', { name: user.first_name }) : null}
      >
        {outbox.waiting > 0 ? (
          <span role="status" className={styles.waiting}>
            {t('deliveries.waiting', { count: outbox.waiting })}
          </span>
        ) : (
          <span role="status" className={small}>
            {outbox.online ? null : t('deliveries.offline')}
          </span>
        )}
      </PageHeader>
      {routes.data === undefined ? null : assigned.length === 0 ? (
        <Card role="status">
          <h2>{t('deliveries.noRoute')}</h2>
          <p className={muted}>{t('deliveries.noRouteText')}</p>
        </Card>
      ) : (
        <>
          <div className={styles.pickers}>
            {assigned.length > 1 ? (
              <SelectField
                label={t('deliveries.route')}
                value={String(routeId)}
                onChange={(event) => setChosenRoute(Number(event.target.value))}
                options={assigned.map((route) => ({ value: String(route.id), label: route.name }))}
              />
            ) : null}
            <DateField
              label={t('deliveries.date')}
              value={date}
              onChange={(event) => {
                if (event.target.value) setDate(event.target.value);
              }}
            />
            <SelectField
              label={t('deliveries.meal')}
              value={meal}
              onChange={(event) => setMeal(event.target.value as Meal)}
              options={DELIVERY_MEALS.map((value) => ({ value, label: mealLabel(value) }))}
            />
          </div>
          {routeId === null ? null : (
            <RunSheetView routeId={routeId} date={date} meal={meal} outbox={outbox} />
          )}
        </>
      )}
    </div>
  );
}

type Outbox = ReturnType<typeof useDeliveryOutbox>;

function RunSheetView({
  routeId,
  date,
  meal,
  outbox,
}: {
  routeId: number;
  date: string;
  meal: Meal;
  outbox: Outbox;
}) {
  const t = useT();
  const sheet = useRunSheet(routeId, date, meal);
  if (sheet.isLoading) return <PageSpinner />;
  if (!sheet.data) {
    return (
      <Card role="alert">
        <p>{sheet.error?.message ?? t('deliveries.notSaved')}</p>
      </Card>
    );
  }
  const ofThisRun = (mark: OutboxMark) =>
    mark.route === routeId && mark.date === date && mark.meal === meal;
  const stops = inOrder(sheet.data.stops, outbox.orders[String(routeId)]);
  const onSheet = new Set(stops.map((stop) => stop.customer_id));
  const offSheet = outbox.refused.filter(
    (refused) => ofThisRun(refused.mark) && !onSheet.has(refused.mark.customer),
  );
  const move = (index: number, by: -1 | 1) => {
    const ids = stops.map((stop) => stop.customer_id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    outbox.saveOrder(routeId, ids);
  };
  return (
    <section aria-labelledby="run-sheet" className={stack}>
      <h2 id="run-sheet">
        {t('deliveries.runSheet', { route: sheet.data.route.name, meal: mealLabel(meal) })}
      </h2>
      <p className={muted}>
        {t('deliveries.areas', { areas: sheet.data.route.areas.join(' → ') })}
      </p>
      {sheet.offline ? (
        <p role="status" className={muted}>
          {t('deliveries.savedCopy')}
        </p>
      ) : null}
      {offSheet.map((refused) => (
        <RefusalNotice key={refused.mark.id} refused={refused} outbox={outbox} />
      ))}
      {sheet.data.closed ? (
        <EmptyState title={t('deliveries.closed')} />
      ) : stops.length === 0 ? (
        <EmptyState title={t('deliveries.noStops')} />
      ) : (
        <ol className={styles.stops}>
          {stops.map((stop, index) => (
            <StopCard
              key={stop.customer_id}
              stop={stopWithMarks(
                stop,
                outbox.marks.filter(
                  (mark) => ofThisRun(mark) && mark.customer === stop.customer_id,
                ),
              )}
              refused={outbox.refused.filter(
                (refused) => ofThisRun(refused.mark) && refused.mark.customer === stop.customer_id,
              )}
              position={index + 1}
              count={stops.length}
              onMove={(by) => move(index, by)}
              onMark={(event, extra) =>
                outbox.addMark({
                  route: routeId,
                  date,
                  meal,
                  customer: stop.customer_id,
                  event,
                  ...extra,
                })
              }
              outbox={outbox}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function RefusalNotice({ refused, outbox }: { refused: RefusedMark; outbox: Outbox }) {
  const t = useT();
  return (
    <div role="alert" className={styles.refused}>
      <span>
        {t('deliveries.refused', {
          mark: t(MARK_LABELS[refused.mark.event]),
          detail: refused.detail,
        })}
      </span>
      <Button size="sm" tone="secondary" onClick={() => outbox.dismissRefused(refused.mark.id)}>
        {t('deliveries.dismiss')}
      </Button>
    </div>
  );
}

function StopCard({
  stop,
  refused,
  position,
  count,
  onMove,
  onMark,
  outbox,
}: {
  stop: RunSheetStop;
  refused: readonly RefusedMark[];
  position: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onMark: (
    event: DeliveryMarkEvent,
    extra?: { reason?: NotDeliveredReason; amount?: number },
  ) => void;
  outbox: Outbox;
}) {
  const t = useT();
  const [asking, setAsking] = useState<'reason' | 'cash' | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const actions = allowedEvents(deliveryStopMachine, deliveryStopFromApi(stop)).map(
    (type) => MARK_OF_EVENT[type],
  );
  const headingId = `stop-${stop.customer_id}`;
  const saveCash = () => {
    const rupees = cashAmountRupees(amount);
    if (rupees === null) {
      setAmountError(t('deliveries.amountInvalid'));
      return;
    }
    onMark('cash_collected', { amount: rupees });
    setAsking(null);
    setAmount('');
    setAmountError(null);
  };
  return (
    <li>
      <Card aria-labelledby={headingId} className={stack}>
        <div className={styles.stopHead}>
          <h3 id={headingId} className={styles.stopName}>
            {position}. {stop.name}
          </h3>
          <Badge tone={STATE_TONES[stop.state]}>
            {t(STATE_LABELS[stop.state])}
            {stop.state === 'not_delivered' && stop.reason
              ? ` · ${t(REASON_LABELS[stop.reason])}`
              : ''}
          </Badge>
        </div>
        <p className={styles.stopFacts}>
          <span>{stop.address || stop.area}</span>
          {stop.landmark ? (
            <span>{t('deliveries.landmark', { landmark: stop.landmark })}</span>
          ) : null}
          {stop.notes && stop.notes !== stop.landmark ? <span>{stop.notes}</span> : null}
          <span>
            <PhoneNumber phone={stop.phone} />
            {' · '}
            {t('deliveries.diet', {
              diet: stop.diet ? wordLabel(stop.diet) : t('format.diet.none'),
            })}
          </span>
          {stop.boxes_returned > 0 ? (
            <span className={muted}>
              {t('deliveries.boxesReturned', { count: stop.boxes_returned })}
            </span>
          ) : null}
          {stop.cash_collected > 0 ? (
            <span className={muted}>
              {t('deliveries.cashCollected', { amount: formatRupees(stop.cash_collected) })}
            </span>
          ) : null}
          {stop.owes > 0 ? (
            <strong>{t('deliveries.owes', { amount: formatRupees(stop.owes) })}</strong>
          ) : null}
        </p>
        {refused.map((notice) => (
          <RefusalNotice key={notice.mark.id} refused={notice} outbox={outbox} />
        ))}
        <div className={styles.buttons}>
          {actions.map((action) => (
            <Button
              key={action}
              size="sm"
              tone={action === 'delivered' ? 'primary' : 'secondary'}
              aria-expanded={
                action === 'not_delivered'
                  ? asking === 'reason'
                  : action === 'cash_collected'
                    ? asking === 'cash'
                    : undefined
              }
              onClick={() => {
                if (action === 'not_delivered') setAsking(asking === 'reason' ? null : 'reason');
                else if (action === 'cash_collected') {
                  // What the customer owes is what the rider asks for first.
                  if (asking !== 'cash' && amount === '' && stop.owes > 0) {
                    setAmount(String(stop.owes));
                  }
                  setAsking(asking === 'cash' ? null : 'cash');
                } else onMark(action);
              }}
            >
              {t(MARK_LABELS[action])}
            </Button>
          ))}
        </div>
        {asking === 'reason' && actions.includes('not_delivered') ? (
          <div
            role="group"
            aria-label={t('deliveries.whyNot', { name: stop.name })}
            className={styles.buttons}
          >
            {NOT_DELIVERED_REASONS.map((reason) => (
              <Button
                key={reason}
                size="sm"
                tone="danger"
                onClick={() => {
                  onMark('not_delivered', { reason });
                  setAsking(null);
                }}
              >
                {t(REASON_LABELS[reason])}
              </Button>
            ))}
          </div>
        ) : null}
        {asking === 'cash' && actions.includes('cash_collected') ? (
          <div className={styles.cashRow}>
            <TextField
              label={t('deliveries.amount')}
              inputMode="decimal"
              value={amount}
              error={amountError}
              onChange={(event) => setAmount(event.target.value)}
            />
            <Button size="md" onClick={saveCash}>
              {t('deliveries.saveCash')}
            </Button>
          </div>
        ) : null}
        <div className={styles.buttons}>
          <Button
            size="sm"
            tone="ghost"
            disabled={position === 1}
            aria-label={t('deliveries.moveUp', { name: stop.name })}
            onClick={() => onMove(-1)}
          >
            ↑ {t('deliveries.up')}
          </Button>
          <Button
            size="sm"
            tone="ghost"
            disabled={position === count}
            aria-label={t('deliveries.moveDown', { name: stop.name })}
            onClick={() => onMove(1)}
          >
            ↓ {t('deliveries.down')}
          </Button>
        </div>
      </Card>
    </li>
  );
}

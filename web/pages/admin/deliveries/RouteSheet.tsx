// A route's run sheet on paper (issue 22): its stops for a date and meal in the route's saved
// order, each with who, where, how to call, the diet and notes, and empty boxes for the rider to
// tick by hand (delivered, boxes back, cash). Print keeps only the sheet (the kitchen sheet's
// print stylesheet, ./OwnerDeliveries.css.ts).
import { useRouteSheet, type Meal, type RunSheetStop } from '@web/features/delivery-stop';
import { Button } from '@web/components/Button';
import { Card, EmptyState } from '@web/components/Card';
import { PhoneNumber } from '@web/components/PhoneNumber';
import { PageSpinner } from '@web/components/Spinner';
import { Table, type Column } from '@web/components/Table';
import { useT, type Translate } from '@web/i18n/i18n';
import { formatDate, mealLabel, wordLabel } from '@web/lib/format';
import { muted, row, stack } from '@web/styles/utils.css';
import { noPrint, printArea } from '@web/styles/print.css';
import * as styles from './OwnerDeliveries.css';
import { PageHeader } from '@web/components/PageHeader';

interface NumberedStop {
  readonly position: number;
  readonly stop: RunSheetStop;
}

/** An empty box to tick or write in by hand. */
const tickBox = (wide = false) => (
  <span className={wide ? styles.writeBox : styles.tickBox} aria-hidden="true" />
);

const sheetColumns = (t: Translate): Column<NumberedStop>[] => [
  { key: 'position', header: t('deliveries.sheet.col.position'), cell: (s) => s.position },
  {
    key: 'customer',
    header: t('deliveries.sheet.col.customer'),
    cell: ({ stop }) => (
      <span className={styles.cellLines}>
        <strong>{stop.name}</strong>
        <PhoneNumber phone={stop.phone} />
        <span>
          {t('deliveries.diet', { diet: stop.diet ? wordLabel(stop.diet) : t('format.diet.none') })}
        </span>
      </span>
    ),
  },
  {
    key: 'address',
    header: t('deliveries.sheet.col.address'),
    cell: ({ stop }) => (
      <span className={styles.cellLines}>
        <span>{stop.address || stop.area}</span>
        {stop.landmark ? (
          <span>{t('deliveries.landmark', { landmark: stop.landmark })}</span>
        ) : null}
      </span>
    ),
  },
  {
    key: 'notes',
    header: t('deliveries.sheet.col.notes'),
    cell: ({ stop }) =>
      [
        stop.notes && stop.notes !== stop.landmark ? stop.notes : null,
        stop.pending_leave ? t('deliveries.sheet.pendingLeave') : null,
      ]
        .filter(Boolean)
        .join(' · ') || '—',
  },
  { key: 'delivered', header: t('deliveries.sheet.col.delivered'), cell: () => tickBox() },
  { key: 'boxes', header: t('deliveries.sheet.col.boxes'), cell: () => tickBox() },
  { key: 'cash', header: t('deliveries.sheet.col.cash'), cell: () => tickBox(true) },
];

export function RouteSheet({
  route,
  date,
  meal,
  onBack,
}: {
  route: number;
  date: string;
  meal: Meal;
  onBack: () => void;
}) {
  const t = useT();
  const sheet = useRouteSheet(route, date, meal);
  const data = sheet.data;
  return (
    <div className={`${stack} ${printArea}`} data-print-sheet="">
      {/* A div, not <header>: on paper the shell's header is hidden, this title is kept. */}
      <PageHeader
        as="div"
        title={
          data
            ? t('deliveries.sheet.title', { route: data.route.name })
            : t('deliveries.sheet.loadingTitle')
        }
        below={
          <>
            <p>
              <strong>
                {formatDate(date)} · {mealLabel(meal)}
              </strong>
              {data && data.route.riders.length > 0 ? (
                <span className={muted}>
                  {' · '}
                  {t('deliveries.routes.riders', {
                    riders: data.route.riders.map((rider) => rider.name).join(', '),
                  })}
                </span>
              ) : null}
            </p>
            {data && data.route.areas.length > 0 ? (
              <p className={muted}>
                {t('deliveries.areas', { areas: data.route.areas.join(' → ') })}
              </p>
            ) : null}
          </>
        }
      >
        <div className={`${row} ${noPrint}`}>
          <Button tone="secondary" onClick={onBack}>
            {t('deliveries.sheet.back')}
          </Button>
          <Button onClick={() => window.print()} disabled={!data}>
            {t('deliveries.sheet.print')}
          </Button>
        </div>
      </PageHeader>
      {sheet.isPending ? (
        <PageSpinner label={t('deliveries.owner.loading')} />
      ) : !data ? (
        <Card role="alert">
          <p>{t('deliveries.sheet.loadFailed')}</p>
        </Card>
      ) : data.closed ? (
        <EmptyState title={t('deliveries.closed')} />
      ) : data.stops.length === 0 ? (
        <EmptyState title={t('deliveries.noStops')} />
      ) : (
        <>
          <p className={muted}>{t('deliveries.sheet.count', { count: data.stops.length })}</p>
          <Table
            caption={t('deliveries.sheet.caption', {
              route: data.route.name,
              meal: mealLabel(meal),
            })}
            columns={sheetColumns(t)}
            rows={data.stops.map((stop, index) => ({ position: index + 1, stop }))}
            rowKey={(numbered) => numbered.stop.customer_id}
          />
          <p className={styles.signature}>{t('deliveries.sheet.signature')}</p>
        </>
      )}
    </div>
  );
}

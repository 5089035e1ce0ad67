// The kitchen sheet: for a date (default tomorrow) the meals to cook for mess and tiffin, net of
// approved leave, and the tiffin delivery lists with pending-leave flags. Printable and as CSV.
import { useState } from 'react';
import { addDays } from '../../../../machines/shared/dates';
import {
  saveBlob,
  useKitchenCsv,
  useKitchenSheet,
  type KitchenDelivery,
  type KitchenSheet,
} from '../../../api/admin';
import { errorMessage } from '../../../api/errors';
import { Button } from '../../../components/Button';
import { Card, EmptyState, StatCard } from '../../../components/Card';
import { TextField } from '../../../components/Field';
import { PageSpinner } from '../../../components/Spinner';
import { Table, type Column } from '../../../components/Table';
import { useToast } from '../../../components/Toaster';
import { useErrorToast } from '../../../components/useErrorToast';
import { capitalise, formatDate, todayIso } from '../../../lib/format';
import {
  muted,
  pageHeader,
  pageTitle,
  row,
  sectionTitle,
  stack,
  statGrid,
} from '../../../styles/utils.css';
import * as styles from './KitchenSheetPage.css';

const MEALS = ['breakfast', 'lunch', 'dinner'] as const;

const deliveryColumns: Column<KitchenDelivery>[] = [
  { key: 'name', header: 'Name', cell: (d) => d.name },
  { key: 'phone', header: 'Phone', cell: (d) => d.phone },
  { key: 'address', header: 'Hostel / Address', cell: (d) => d.address },
  { key: 'landmark', header: 'Landmark', cell: (d) => d.landmark ?? '—' },
  { key: 'plan', header: 'Plan', cell: (d) => d.plan_name },
  {
    key: 'leave',
    header: 'Leave',
    cell: (d) => (d.pending_leave ? <span className={styles.flag}>Pending leave</span> : '—'),
  },
];

/** The server sends deliveries by area (pincode or campus), then address: one group per area. */
const DELIVERY_AREAS = {
  of: (delivery: KitchenDelivery) => delivery.area,
  count: (deliveries: number) => `${deliveries} ${deliveries === 1 ? 'delivery' : 'deliveries'}`,
};

function Counts({ sheet, service }: { sheet: KitchenSheet; service: 'mess' | 'tiffin' }) {
  return (
    <section aria-labelledby={`counts-${service}`} className={stack}>
      <h2 id={`counts-${service}`} className={sectionTitle}>
        {service === 'mess' ? 'Mess' : 'Tiffin'}
      </h2>
      <div className={statGrid}>
        {MEALS.map((meal) => (
          <StatCard
            key={meal}
            label={`${capitalise(meal)}${sheet.on_leave[service][meal] ? ` (${sheet.on_leave[service][meal]} on leave)` : ''}`}
            value={sheet.counts[service][meal]}
          />
        ))}
      </div>
    </section>
  );
}

export function KitchenSheetPage() {
  const notify = useToast();
  const [date, setDate] = useState(() => addDays(todayIso(), 1));
  const sheet = useKitchenSheet(date);
  const downloadCsv = useKitchenCsv();
  const [downloading, setDownloading] = useState(false);
  useErrorToast(sheet.isError, 'Failed to Load Data', 'Could not fetch the kitchen sheet.');

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadCsv(date), `kitchen-sheet_${date}.csv`);
    } catch (error) {
      notify({
        tone: 'error',
        title: 'Download Failed',
        message: errorMessage(error, 'Could not download the kitchen sheet.'),
      });
    } finally {
      setDownloading(false);
    }
  };

  const data = sheet.data;
  return (
    <div className={`${stack} ${styles.printArea}`} data-print-sheet="">
      {/* A div, not <header>: on paper the shell's header is hidden, this title is kept. */}
      <div className={pageHeader}>
        <div>
          <h1 className={pageTitle}>Kitchen Sheet</h1>
          <p>
            For <strong>{formatDate(date)}</strong>
            <span className={muted}> · counts are net of approved leave</span>
          </p>
        </div>
        <div className={`${row} ${styles.controls} ${styles.noPrint}`}>
          <TextField
            label="Date"
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
          <Button tone="secondary" onClick={() => window.print()} disabled={!data}>
            Print
          </Button>
          <Button onClick={() => void download()} busy={downloading} disabled={!data}>
            Download CSV
          </Button>
        </div>
      </div>
      {sheet.isPending ? (
        <PageSpinner label="Loading the kitchen sheet" />
      ) : sheet.isError || !data ? (
        <Card role="alert">Could not fetch the kitchen sheet.</Card>
      ) : (
        <>
          <Counts sheet={data} service="mess" />
          <Counts sheet={data} service="tiffin" />
          {MEALS.map((meal) => (
            <section key={meal} aria-labelledby={`deliveries-${meal}`} className={stack}>
              <h2 id={`deliveries-${meal}`} className={sectionTitle}>
                Tiffin deliveries: {capitalise(meal)} ({data.deliveries[meal].length})
              </h2>
              {data.deliveries[meal].length === 0 ? (
                <EmptyState title={`No ${meal} deliveries`} />
              ) : (
                <Table
                  caption={`Tiffin ${meal} deliveries`}
                  columns={deliveryColumns}
                  rows={data.deliveries[meal]}
                  rowKey={(d) => d.user_id}
                  groups={DELIVERY_AREAS}
                />
              )}
            </section>
          ))}
        </>
      )}
    </div>
  );
}

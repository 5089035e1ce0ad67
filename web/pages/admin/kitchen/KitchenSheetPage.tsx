// The kitchen sheet: for a date (default tomorrow) the meals to cook for mess and tiffin, net of
// approved leave, and the tiffin delivery lists with pending-leave flags. Printable and as CSV.
import { Trans } from '@web/i18n/Trans';
import { useState } from 'react';
import { addDays } from '@machines/shared';
import {
  useKitchenCsv,
  useKitchenSheet,
  type KitchenDelivery,
  type KitchenLeave,
  type KitchenSheet,
} from '@web/api/admin';
import { errorMessage } from '@web/api/errors';
import { Button } from '@web/components/Button';
import { Card, EmptyState, StatCard } from '@web/components/Card';
import { CustomerLink } from '@web/components/CustomerLink';
import { holdShort } from '@web/features/dues';
import { DateField } from '@web/components/DateField';
import { StatusBadge } from '@web/components/StatusBadge';
import { PageSpinner } from '@web/components/Spinner';
import { Table, type Column } from '@web/components/Table';
import { useToast } from '@web/components/Toaster';
import { useErrorToast } from '@web/components/useErrorToast';
import { t as translate, useT, type MessageId, type Translate } from '@web/i18n/i18n';
import { saveFile } from '@web/lib/download';
import { wordLabel, formatDate, todayIso } from '@web/lib/format';
import {
  muted,
  pageHeader,
  pageTitle,
  row,
  sectionTitle,
  stack,
  statGrid,
} from '@web/styles/utils.css';
import { noPrint, printArea } from '@web/styles/print.css';
import * as styles from './KitchenSheetPage.css';
import { KitchenDiets } from './KitchenDiets';
import { KitchenLocks } from './KitchenLocks';
import { PhoneNumber } from '@web/components/PhoneNumber';

const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
type Meal = (typeof MEALS)[number];

/** Each meal's delivery table: its caption and what it shows when no one gets that meal. */
const MEAL_DELIVERIES: Readonly<Record<Meal, { caption: MessageId; empty: MessageId }>> = {
  breakfast: {
    caption: 'kitchen.deliveries.breakfast.caption',
    empty: 'kitchen.deliveries.breakfast.empty',
  },
  lunch: { caption: 'kitchen.deliveries.lunch.caption', empty: 'kitchen.deliveries.lunch.empty' },
  dinner: {
    caption: 'kitchen.deliveries.dinner.caption',
    empty: 'kitchen.deliveries.dinner.empty',
  },
};

/** The delivery tables' columns, in the current language. */
const deliveryColumns = (t: typeof translate): Column<KitchenDelivery>[] => [
  {
    key: 'name',
    header: t('kitchen.col.name'),
    cell: (d) => <CustomerLink id={d.user_id}>{d.name}</CustomerLink>,
  },
  { key: 'phone', header: t('kitchen.col.phone'), cell: (d) => <PhoneNumber phone={d.phone} /> },
  { key: 'address', header: t('kitchen.col.address'), cell: (d) => d.address },
  { key: 'landmark', header: t('kitchen.col.landmark'), cell: (d) => d.landmark ?? '—' },
  { key: 'plan', header: t('kitchen.col.plan'), cell: (d) => d.plan_name },
  {
    key: 'leave',
    header: t('kitchen.col.leave'),
    cell: (d) =>
      d.pending_leave ? <span className={styles.flag}>{t('kitchen.pendingLeave')}</span> : '—',
  },
];

/**
 * The server sends deliveries by area (pincode or campus), then address: one group per area. A
 * pincode and city read as they are; a campus's hostels and "no address" in the page's language.
 */
const DELIVERY_AREAS = {
  of: (delivery: KitchenDelivery) => {
    if (delivery.pincode) return delivery.area;
    if (delivery.institute) {
      return translate('kitchen.area.hostels', { institute: delivery.institute });
    }
    return translate('kitchen.area.none');
  },
  count: (deliveries: number) => translate('kitchen.deliveryCount', { count: deliveries }),
};

/**
 * One customer on leave, in two lines that fit a phone: the name and the leave's status, then
 * username, phone (a link that dials), service, plan and the leave's dates.
 */
function LeaveEntry({ leave }: { leave: KitchenLeave }) {
  const t = useT();
  return (
    <li className={styles.leaveEntry}>
      <span className={styles.leaveName}>
        <CustomerLink id={leave.user_id}>{leave.name}</CustomerLink>
        {leave.status === 'APPROVED' ? (
          <StatusBadge status="APPROVED" lifecycle="leave" />
        ) : (
          <span className={styles.flag}>{t('kitchen.pendingLeave')}</span>
        )}
      </span>
      <span className={styles.leaveFacts}>
        <span>@{leave.username}</span>
        <PhoneNumber phone={leave.phone} />
        <span>{wordLabel(leave.service_type)}</span>
        <span>{leave.plan_name}</span>
        <span className={styles.leaveDates}>
          {formatDate(leave.leave_start_date)} – {formatDate(leave.leave_end_date)}
        </span>
      </span>
    </li>
  );
}

/** Per meal, who is on approved leave (off the counts) and who has a leave pending (still on). */
function Leaves({ sheet }: { sheet: KitchenSheet }) {
  const t = useT();
  const anyone = MEALS.some((meal) => sheet.leaves[meal].length > 0);
  return (
    <section aria-labelledby="leaves-title" className={stack}>
      <h2 id="leaves-title" className={sectionTitle}>
        {t('kitchen.leavesTitle')}
      </h2>
      {!anyone ? (
        <EmptyState title={t('kitchen.leavesEmpty')} />
      ) : (
        MEALS.map((meal) => {
          const leaves = sheet.leaves[meal];
          const approved = leaves.filter((leave) => leave.status === 'APPROVED').length;
          return (
            <div key={meal} className={stack}>
              <h3 id={`leaves-${meal}`} className={styles.mealHeading}>
                {t('kitchen.leavesMeal', {
                  meal: wordLabel(meal),
                  approved,
                  pending: leaves.length - approved,
                })}
              </h3>
              {leaves.length === 0 ? (
                <p className={muted}>{t('kitchen.leavesMealEmpty', { meal: wordLabel(meal) })}</p>
              ) : (
                <ul
                  className={styles.leaveList}
                  aria-label={t('kitchen.leavesCaption', { meal: wordLabel(meal) })}
                >
                  {leaves.map((leave) => (
                    <LeaveEntry key={leave.leave_id} leave={leave} />
                  ))}
                </ul>
              )}
            </div>
          );
        })
      )}
    </section>
  );
}

/** A meal's count's label: its name, with who is on leave and who skipped when anyone is. */
function countLabel(t: Translate, meal: Meal, onLeave: number, skipped: number): string {
  const name = wordLabel(meal);
  if (onLeave && skipped)
    return t('kitchen.mealOnLeaveSkipped', { meal: name, count: onLeave, skipped });
  if (onLeave) return t('kitchen.mealOnLeave', { meal: name, count: onLeave });
  if (skipped) return t('kitchen.mealSkipped', { meal: name, count: skipped });
  return name;
}

/** Per meal, who skipped it (off the counts and the deliveries). */
function Skips({ sheet }: { sheet: KitchenSheet }) {
  const t = useT();
  const anyone = MEALS.some((meal) => sheet.skips[meal].length > 0);
  return (
    <section aria-labelledby="skips-title" className={stack}>
      <h2 id="skips-title" className={sectionTitle}>
        {t('kitchen.skipsTitle')}
      </h2>
      {!anyone ? (
        <EmptyState title={t('kitchen.skipsEmpty')} />
      ) : (
        MEALS.filter((meal) => sheet.skips[meal].length > 0).map((meal) => (
          <div key={meal} className={stack}>
            <h3 className={styles.mealHeading}>
              {t('kitchen.skipsMeal', { meal: wordLabel(meal), count: sheet.skips[meal].length })}
            </h3>
            <ul
              className={styles.leaveList}
              aria-label={t('kitchen.skipsCaption', { meal: wordLabel(meal) })}
            >
              {sheet.skips[meal].map((skip) => (
                <li key={skip.skip_id} className={styles.leaveEntry}>
                  <span className={styles.leaveName}>
                    <CustomerLink id={skip.user_id}>{skip.name}</CustomerLink>
                  </span>
                  <span className={styles.leaveFacts}>
                    <PhoneNumber phone={skip.phone} />
                    <span>{wordLabel(skip.service_type)}</span>
                    <span>{skip.plan_name}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}

/** Per meal, who the dues hold keeps off the sheet (shown only while anyone is held). */
function HeldForDues({ sheet }: { sheet: KitchenSheet }) {
  const t = useT();
  const meals = MEALS.filter((meal) => sheet.held_customers[meal].length > 0);
  if (meals.length === 0) return null;
  return (
    <section aria-labelledby="held-title" className={stack}>
      <h2 id="held-title" className={sectionTitle}>
        {t('kitchen.heldTitle')}
      </h2>
      <p className={muted}>{t('kitchen.heldHint')}</p>
      {meals.map((meal) => (
        <div key={meal} className={stack}>
          <h3 className={styles.mealHeading}>
            {t('kitchen.heldMeal', {
              meal: wordLabel(meal),
              count: sheet.held_customers[meal].length,
            })}
          </h3>
          <ul
            className={styles.leaveList}
            aria-label={t('kitchen.heldCaption', { meal: wordLabel(meal) })}
          >
            {sheet.held_customers[meal].map((held) => (
              <li key={held.subscription_id} className={styles.leaveEntry}>
                <span className={styles.leaveName}>
                  <CustomerLink id={held.user_id}>{held.name}</CustomerLink>
                </span>
                <span className={styles.leaveFacts}>
                  <span>{wordLabel(held.service_type)}</span>
                  <span>{holdShort(t, held.hold)}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function Counts({ sheet, service }: { sheet: KitchenSheet; service: 'mess' | 'tiffin' }) {
  const t = useT();
  return (
    <section aria-labelledby={`counts-${service}`} className={stack}>
      <h2 id={`counts-${service}`} className={sectionTitle}>
        {wordLabel(service)}
      </h2>
      <div className={statGrid}>
        {MEALS.map((meal) => (
          <StatCard
            key={meal}
            label={
              sheet.closed[meal]
                ? t('kitchen.mealClosed', {
                    meal: wordLabel(meal),
                    reason: sheet.closed[meal].reason,
                  })
                : countLabel(t, meal, sheet.on_leave[service][meal], sheet.skipped[service][meal])
            }
            value={sheet.counts[service][meal]}
          />
        ))}
      </div>
    </section>
  );
}

export function KitchenSheetPage() {
  const t = useT();
  const notify = useToast();
  const [date, setDate] = useState(() => addDays(todayIso(), 1));
  const sheet = useKitchenSheet(date);
  const downloadCsv = useKitchenCsv();
  const [downloading, setDownloading] = useState(false);
  useErrorToast(sheet.isError, t('kitchen.toast.loadFailed'), t('kitchen.loadFailed'));

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await downloadCsv(date), `kitchen-sheet_${date}.csv`);
    } catch (error) {
      notify({
        tone: 'error',
        title: t('kitchen.toast.downloadFailed'),
        message: errorMessage(error, t('kitchen.toast.downloadFailedMessage')),
      });
    } finally {
      setDownloading(false);
    }
  };

  const data = sheet.data;
  return (
    <div className={`${stack} ${printArea}`} data-print-sheet="">
      {/* A div, not <header>: on paper the shell's header is hidden, this title is kept. */}
      <div className={pageHeader}>
        <div>
          <h1 className={pageTitle}>{t('kitchen.title')}</h1>
          <p>
            <Trans
              id="kitchen.forDate"
              values={{ date: formatDate(date) }}
              components={{ 0: <strong /> }}
            />
            <span className={muted}> · {t('kitchen.netOfLeave')}</span>
          </p>
        </div>
        <div className={`${row} ${styles.controls} ${noPrint}`}>
          <DateField
            label={t('kitchen.date')}
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
          <Button tone="secondary" onClick={() => window.print()} disabled={!data}>
            {t('kitchen.print')}
          </Button>
          <Button onClick={() => void download()} busy={downloading} disabled={!data}>
            {t('kitchen.downloadCsv')}
          </Button>
        </div>
      </div>
      {sheet.isPending ? (
        <PageSpinner label={t('kitchen.loading')} />
      ) : sheet.isError || !data ? (
        <Card role="alert">{t('kitchen.loadFailed')}</Card>
      ) : (
        <>
          <KitchenLocks sheet={data} />
          <Counts sheet={data} service="mess" />
          <Counts sheet={data} service="tiffin" />
          <KitchenDiets sheet={data} />
          <Leaves sheet={data} />
          <Skips sheet={data} />
          <HeldForDues sheet={data} />
          {MEALS.map((meal) => (
            <section key={meal} aria-labelledby={`deliveries-${meal}`} className={stack}>
              <h2 id={`deliveries-${meal}`} className={sectionTitle}>
                {t('kitchen.deliveriesTitle', {
                  meal: wordLabel(meal),
                  count: data.deliveries[meal].length,
                })}
              </h2>
              {data.deliveries[meal].length === 0 ? (
                <EmptyState title={t(MEAL_DELIVERIES[meal].empty)} />
              ) : (
                <Table
                  caption={t(MEAL_DELIVERIES[meal].caption)}
                  columns={deliveryColumns(t)}
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

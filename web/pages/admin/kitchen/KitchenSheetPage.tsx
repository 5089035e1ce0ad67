// The kitchen sheet: for a date and meal the meals to cook for mess and tiffin, net of approved
// leave and skips, who is off it, and the tiffin delivery list with pending-leave flags; the day's
// counts at their cutoffs above. The date and meal live in the address (?date=…&meal=…), so a cook
// can keep a link; opened without them, it is the meal being cooked now. Printable, and the day as
// CSV.
import { Trans } from '@web/i18n/Trans';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { cookingMealAt, MEALS, type DatedMeal, type Meal } from '@machines/settings';
import { isIsoDate } from '@machines/shared';
import {
  useKitchenCsv,
  useKitchenSheet,
  type KitchenDelivery,
  type KitchenLeave,
  type KitchenSheet,
} from '@web/api/admin';

import { Button } from '@web/components/Button';
import { Card, EmptyState, StatCard } from '@web/components/Card';
import { CustomerLink } from '@web/components/CustomerLink';
import { holdShort } from '@web/features/dues';
import { DateField } from '@web/components/DateField';
import { SelectField } from '@web/components/Field';
import { StatusBadge } from '@web/components/StatusBadge';
import { PageSpinner } from '@web/components/Spinner';
import { Table, type Column } from '@web/components/Table';
import { useToast } from '@web/components/Toaster';
import { useErrorToast } from '@web/components/useErrorToast';
import { t as translate, useT, type MessageId, type Translate } from '@web/i18n/i18n';
import { saveFile } from '@web/lib/download';
import { businessTimeZone, formatDate, mealLabel, wordLabel } from '@web/lib/format';
import { muted, row, sectionTitle, stack, statGrid } from '@web/styles/utils.css';
import { noPrint, printArea } from '@web/styles/print.css';
import * as styles from './KitchenSheetPage.css';
import { KitchenDiets } from './KitchenDiets';
import { KitchenLocks } from './KitchenLocks';
import { sheetChoiceOf, sheetSearch } from './kitchenAddress';
import { PhoneNumber } from '@web/components/PhoneNumber';
import { failureToast } from '@web/api/errors';
import { PageHeader } from '@web/components/PageHeader';

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

/** Who is on approved leave for the meal (off the counts) and who has a leave pending (still on). */
function Leaves({ sheet, meal }: { sheet: KitchenSheet; meal: Meal }) {
  const t = useT();
  const leaves = sheet.leaves[meal];
  const approved = leaves.filter((leave) => leave.status === 'APPROVED').length;
  return (
    <section aria-labelledby="leaves-title" className={stack}>
      <h2 id="leaves-title" className={sectionTitle}>
        {t('kitchen.leavesTitle')}
      </h2>
      {leaves.length === 0 ? (
        <EmptyState title={t('kitchen.leavesMealEmpty', { meal: wordLabel(meal) })} />
      ) : (
        <div className={stack}>
          <h3 id={`leaves-${meal}`} className={styles.mealHeading}>
            {t('kitchen.leavesMeal', {
              meal: wordLabel(meal),
              approved,
              pending: leaves.length - approved,
            })}
          </h3>
          <ul
            className={styles.leaveList}
            aria-label={t('kitchen.leavesCaption', { meal: wordLabel(meal) })}
          >
            {leaves.map((leave) => (
              <LeaveEntry key={leave.leave_id} leave={leave} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** A service's count's label: its name, with who is on leave and who skipped when anyone is. */
function countLabel(t: Translate, service: string, onLeave: number, skipped: number): string {
  if (onLeave && skipped) {
    return t('kitchen.serviceOnLeaveSkipped', { service, count: onLeave, skipped });
  }
  if (onLeave) return t('kitchen.serviceOnLeave', { service, count: onLeave });
  if (skipped) return t('kitchen.serviceSkipped', { service, count: skipped });
  return service;
}

/** Who skipped the meal (off the counts and the deliveries). */
function Skips({ sheet, meal }: { sheet: KitchenSheet; meal: Meal }) {
  const t = useT();
  const skips = sheet.skips[meal];
  return (
    <section aria-labelledby="skips-title" className={stack}>
      <h2 id="skips-title" className={sectionTitle}>
        {t('kitchen.skipsTitle')}
      </h2>
      {skips.length === 0 ? (
        <EmptyState title={t('kitchen.skipsMealEmpty', { meal: wordLabel(meal) })} />
      ) : (
        <div className={stack}>
          <h3 className={styles.mealHeading}>
            {t('kitchen.skipsMeal', { meal: wordLabel(meal), count: skips.length })}
          </h3>
          <ul
            className={styles.leaveList}
            aria-label={t('kitchen.skipsCaption', { meal: wordLabel(meal) })}
          >
            {skips.map((skip) => (
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
      )}
    </section>
  );
}

/** Who the dues hold keeps off the meal (shown only while anyone is held). */
function HeldForDues({ sheet, meal }: { sheet: KitchenSheet; meal: Meal }) {
  const t = useT();
  const held = sheet.held_customers[meal];
  if (held.length === 0) return null;
  return (
    <section aria-labelledby="held-title" className={stack}>
      <h2 id="held-title" className={sectionTitle}>
        {t('kitchen.heldTitle')}
      </h2>
      <p className={muted}>{t('kitchen.heldHint')}</p>
      <h3 className={styles.mealHeading}>
        {t('kitchen.heldMeal', { meal: wordLabel(meal), count: held.length })}
      </h3>
      <ul
        className={styles.leaveList}
        aria-label={t('kitchen.heldCaption', { meal: wordLabel(meal) })}
      >
        {held.map((one) => (
          <li key={one.subscription_id} className={styles.leaveEntry}>
            <span className={styles.leaveName}>
              <CustomerLink id={one.user_id}>{one.name}</CustomerLink>
            </span>
            <span className={styles.leaveFacts}>
              <span>{wordLabel(one.service_type)}</span>
              <span>{holdShort(t, one.hold)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The meal's counts for mess and tiffin, or why the kitchen is closed for it. */
function Counts({ sheet, meal }: { sheet: KitchenSheet; meal: Meal }) {
  const t = useT();
  const closed = sheet.closed[meal];
  return (
    <section aria-labelledby="counts-title" className={stack}>
      <h2 id="counts-title" className={sectionTitle}>
        {t('kitchen.countsTitle', { meal: wordLabel(meal) })}
      </h2>
      {closed ? (
        <p>{t('kitchen.mealClosed', { meal: wordLabel(meal), reason: closed.reason })}</p>
      ) : (
        <div className={statGrid}>
          {(['mess', 'tiffin'] as const).map((service) => (
            <StatCard
              key={service}
              label={countLabel(
                t,
                wordLabel(service),
                sheet.on_leave[service][meal],
                sheet.skipped[service][meal],
              )}
              value={sheet.counts[service][meal]}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * The sheet's date and meal as the address keeps them, and a way to change them (replacing the
 * address, so Back leaves the sheet). Opened without them, the meal being cooked now, by the
 * business's clock, written into the address so the link names it.
 */
function useSheetChoice() {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const [cooking] = useState(() => cookingMealAt(new Date().toISOString(), businessTimeZone()));
  const choice = sheetChoiceOf(search, cooking);
  const named = sheetSearch(choice);
  useEffect(() => {
    if (search !== named) navigate(`${pathname}?${named}`, { replace: true });
  }, [search, named, pathname, navigate]);
  const go = (next: Partial<DatedMeal>) =>
    navigate(`${pathname}?${sheetSearch({ ...choice, ...next })}`, { replace: true });
  return { ...choice, go };
}

export function KitchenSheetPage() {
  const t = useT();
  const notify = useToast();
  const { date, meal, go } = useSheetChoice();
  // The date field's text while a date is typed part by part (it may be incomplete: ''), else
  // null: the address names only whole dates, and the field shows the address's once left.
  const [typedDate, setTypedDate] = useState<string | null>(null);
  const sheet = useKitchenSheet(date);
  const downloadCsv = useKitchenCsv();
  const [downloading, setDownloading] = useState(false);
  useErrorToast(sheet.isError, t('kitchen.toast.loadFailed'), t('kitchen.loadFailed'));

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await downloadCsv(date), `kitchen-sheet_${date}.csv`);
    } catch (error) {
      notify(
        failureToast(
          error,
          t('kitchen.toast.downloadFailed'),
          t('kitchen.toast.downloadFailedMessage'),
        ),
      );
    } finally {
      setDownloading(false);
    }
  };

  const data = sheet.data;
  const deliveries = data?.deliveries[meal] ?? [];
  return (
    <div className={`${stack} ${printArea}`} data-print-sheet="">
      {/* A div, not <header>: on paper the shell's header is hidden, this title is kept. */}
      <PageHeader
        as="div"
        title={t('kitchen.title')}
        below={
          <p>
            <Trans
              id="kitchen.forMeal"
              values={{ meal: mealLabel(meal), date: formatDate(date) }}
              components={{ 0: <strong /> }}
            />
            <span className={muted}> · {t('kitchen.netOfLeave')}</span>
          </p>
        }
      >
        <div className={`${row} ${styles.controls} ${noPrint}`}>
          <DateField
            label={t('kitchen.date')}
            value={typedDate ?? date}
            onChange={(event) => {
              setTypedDate(event.target.value);
              if (isIsoDate(event.target.value)) go({ date: event.target.value });
            }}
            onBlur={() => setTypedDate(null)}
          />
          <SelectField
            label={t('kitchen.meal')}
            value={meal}
            onChange={(event) => go({ meal: event.target.value as Meal })}
            options={MEALS.map((value) => ({ value, label: mealLabel(value) }))}
          />
          <Button tone="secondary" onClick={() => window.print()} disabled={!data}>
            {t('kitchen.print')}
          </Button>
          <Button onClick={() => void download()} busy={downloading} disabled={!data}>
            {t('kitchen.downloadCsv')}
          </Button>
        </div>
      </PageHeader>
      {sheet.isPending ? (
        <PageSpinner label={t('kitchen.loading')} />
      ) : sheet.isError || !data ? (
        <Card role="alert">{t('kitchen.loadFailed')}</Card>
      ) : (
        <>
          <Counts sheet={data} meal={meal} />
          <KitchenLocks sheet={data} meal={meal} />
          <KitchenDiets sheet={data} meal={meal} />
          <Leaves sheet={data} meal={meal} />
          <Skips sheet={data} meal={meal} />
          <HeldForDues sheet={data} meal={meal} />
          <section aria-labelledby="deliveries-title" className={stack}>
            <h2 id="deliveries-title" className={sectionTitle}>
              {t('kitchen.deliveriesTitle', { meal: wordLabel(meal), count: deliveries.length })}
            </h2>
            {deliveries.length === 0 ? (
              <EmptyState title={t(MEAL_DELIVERIES[meal].empty)} />
            ) : (
              <Table
                caption={t(MEAL_DELIVERIES[meal].caption)}
                columns={deliveryColumns(t)}
                rows={deliveries}
                rowKey={(d) => d.user_id}
                groups={DELIVERY_AREAS}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}

// The owner's home: today's and this month's revenue, subscribers, what is waiting, tomorrow's
// meals and the last 30 days, from GET /api/owner/summary/ (README: Business rules → The owner's
// home defines each number).
import { memo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { addDays, formatCalendarDate } from '../../../../machines/shared/dates';
import { useOwnerSummary, type OwnerSummary } from '../../../api/admin';
import { Card } from '../../../components/Card';
import { Skeleton } from '../../../components/Skeleton';
import { Table } from '../../../components/Table';
import { useErrorToast } from '../../../components/useErrorToast';
import { formatRupees } from '../../../lib/format';
import { sectionTitle, stack } from '../../../styles/utils.css';
import { DailyChart } from './DailyChart';
import * as styles from './OwnerDashboard.css';

const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
const MEAL_NAMES = { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner' } as const;

/** The users list filtered to the customers the "expiring" card counts. */
export const expiringUsersHref = (withinDays: number) =>
  `/admin/superuser?tab=users&expiring_within_days=${withinDays}`;

function Figure({
  label,
  value,
  detail,
  link,
}: {
  label: string;
  value: ReactNode;
  detail?: string;
  link?: { href: string; text: string };
}) {
  const id = `figure-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <div className={styles.figure} role="group" aria-labelledby={id}>
      <p className={styles.figureLabel} id={id}>
        {label}
      </p>
      <p className={styles.figureValue}>{value}</p>
      {detail ? <p className={styles.figureDetail}>{detail}</p> : null}
      {link ? (
        <Link href={link.href} className={styles.figureLink}>
          {link.text}
        </Link>
      ) : null}
    </div>
  );
}

function moneyDetail(figure: OwnerSummary['revenue']['today']) {
  return `${formatRupees(figure.collected)} collected · ${formatRupees(figure.refunded)} refunded`;
}

function TomorrowMeals({ meals }: { meals: OwnerSummary['tomorrow_meals'] }) {
  const { counts } = meals;
  return (
    <Card aria-labelledby="tomorrow-meals">
      <div className={stack}>
        <h3 id="tomorrow-meals" className={styles.chartTitle}>
          Tomorrow&rsquo;s Meals ({formatCalendarDate(meals.date)})
        </h3>
        <table className={styles.mealTable}>
          <caption className={styles.tableNote}>
            Net of approved leaves, as on the kitchen sheet.
          </caption>
          <thead>
            <tr>
              <th scope="col">Meal</th>
              <th scope="col">Mess</th>
              <th scope="col">Tiffin</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {MEALS.map((meal) => (
              <tr key={meal}>
                <th scope="row">{MEAL_NAMES[meal]}</th>
                <td>{counts.mess[meal]}</td>
                <td>{counts.tiffin[meal]}</td>
                <td>{counts.mess[meal] + counts.tiffin[meal]}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Link href="/admin/kitchen" className={styles.figureLink}>
          Deliveries and print-out
        </Link>
      </div>
    </Card>
  );
}

function LastThirtyDays({ daily }: { daily: OwnerSummary['daily'] }) {
  const revenue = daily.map((day) => ({ date: day.date, value: day.revenue }));
  const joined = daily.map((day) => ({ date: day.date, value: day.new_subscribers }));
  const totalRevenue = daily.reduce((sum, day) => sum + day.revenue, 0);
  const totalJoined = daily.reduce((sum, day) => sum + day.new_subscribers, 0);
  const best = daily.reduce((top, day) => (day.revenue > top.revenue ? day : top), daily[0]!);
  const first = formatCalendarDate(daily[0]!.date);
  // The 30 rows are built when the table is opened, not with the first paint of the dashboard.
  const [tableOpen, setTableOpen] = useState(false);
  return (
    <Card aria-labelledby="last-30-days">
      <div className={stack}>
        <h3 id="last-30-days" className={styles.chartTitle}>
          Last {daily.length} Days
        </h3>
        <div className={styles.charts}>
          <DailyChart
            title="Daily revenue"
            points={revenue}
            format={formatRupees}
            summary={`Net revenue per day from ${first} to today: ${formatRupees(totalRevenue)} in all; the best day was ${formatCalendarDate(best.date)} with ${formatRupees(best.revenue)}. The table below lists every day.`}
          />
          <DailyChart
            title="New subscribers"
            points={joined}
            format={(value) => `${value} new`}
            summary={`Subscriptions activated per day from ${first} to today: ${totalJoined} in all. The table below lists every day.`}
          />
        </div>
        <details
          className={styles.details}
          onToggle={(event) => setTableOpen(event.currentTarget.open)}
        >
          <summary>Show the {daily.length} days as a table</summary>
          {tableOpen ? (
            <Table
              caption={`Revenue and new subscribers, last ${daily.length} days`}
              columns={[
                { key: 'date', header: 'Date', cell: (day) => formatCalendarDate(day.date) },
                { key: 'revenue', header: 'Revenue', cell: (day) => formatRupees(day.revenue) },
                { key: 'joined', header: 'New Subscribers', cell: (day) => day.new_subscribers },
              ]}
              rows={[...daily].reverse()}
              rowKey={(day) => day.date}
            />
          ) : null}
        </details>
      </div>
    </Card>
  );
}

/** What the figures look like while they load: the same cards, laid out alike. */
const SAMPLE_DAY = '2026-01-30';
// Typical lengths, so a card's lines wrap as the real figures' will (₹12,345.50 collected · …).
const SAMPLE_REVENUE = {
  from: SAMPLE_DAY,
  to: SAMPLE_DAY,
  net: 11111.5,
  collected: 12345.5,
  refunded: 1234,
};
const SAMPLE_MEALS = { breakfast: 0, lunch: 0, dinner: 0 };
const SAMPLE_SUMMARY: OwnerSummary = {
  today: SAMPLE_DAY,
  revenue: { today: SAMPLE_REVENUE, month: SAMPLE_REVENUE },
  active_subscribers: { total: 20, mess: 12, tiffin: 8 },
  expiring: { within_days: 3, count: 0 },
  pending_leaves: 0,
  pending_refunds: 0,
  open_feedback: 0,
  tomorrow_meals: {
    date: addDays(SAMPLE_DAY, 1),
    counts: { mess: SAMPLE_MEALS, tiffin: SAMPLE_MEALS },
  },
  daily: Array.from({ length: 30 }, (_, index) => ({
    date: addDays(SAMPLE_DAY, index - 29),
    revenue: 0,
    new_subscribers: 0,
  })),
};

/**
 * Memoised: it has no props and reads its own query, so the dashboard's other sections loading
 * (feedback statistics, recent activity) do not draw the figures and charts again.
 */
export const BusinessSummary = memo(function BusinessSummary() {
  const summary = useOwnerSummary();
  useErrorToast(summary.isError, 'Error', 'Failed to load dashboard data');
  const s = summary.data;
  return (
    <section aria-labelledby="business-today" className={stack}>
      <h2 id="business-today" className={sectionTitle}>
        Business today
      </h2>
      {!summary.isPending && !s ? (
        <Card role="alert">Failed to load dashboard data</Card>
      ) : (
        <Skeleton loading={summary.isPending} label="Loading the business figures">
          <Figures s={s ?? SAMPLE_SUMMARY} />
        </Skeleton>
      )}
    </section>
  );
});

function Figures({ s }: { s: OwnerSummary }) {
  return (
    <>
      <div className={styles.figureGrid}>
        <Figure
          label="Revenue Today"
          value={formatRupees(s.revenue.today.net)}
          detail={moneyDetail(s.revenue.today)}
        />
        <Figure
          label="Revenue This Month"
          value={formatRupees(s.revenue.month.net)}
          detail={moneyDetail(s.revenue.month)}
        />
        <Figure
          label="Active Subscribers"
          value={s.active_subscribers.total}
          detail={`Mess ${s.active_subscribers.mess} · Tiffin ${s.active_subscribers.tiffin}`}
          link={{ href: '/admin/superuser?tab=subscribers', text: 'See active subscribers' }}
        />
        <Figure
          label={`Expiring in ${s.expiring.within_days} Days`}
          value={s.expiring.count}
          detail={`Ending by ${formatCalendarDate(addDays(s.today, s.expiring.within_days))}`}
          link={{
            href: expiringUsersHref(s.expiring.within_days),
            text: 'See who is expiring',
          }}
        />
        <Figure
          label="Pending Leaves"
          value={s.pending_leaves}
          link={{ href: '/admin/leaves', text: 'Review leave requests' }}
        />
        <Figure
          label="Pending Refunds"
          value={s.pending_refunds}
          link={{ href: '/admin/refunds', text: 'Review refunds' }}
        />
        <Figure
          label="Open Feedback"
          value={s.open_feedback}
          link={{ href: '/admin/feedback', text: 'Answer feedback' }}
        />
      </div>
      <TomorrowMeals meals={s.tomorrow_meals} />
      <LastThirtyDays daily={s.daily} />
    </>
  );
}

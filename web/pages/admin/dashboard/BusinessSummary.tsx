// The owner's home: today's and this month's revenue, subscribers, what is waiting, tomorrow's
// meals and the last 30 days, from GET /api/owner/summary/ (docs/rules/owner-home.md
// defines each number), and what the owner must know first: a missing FSSAI number, channels whose
// messages never leave the server.
import { memo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { addDays } from '@machines/shared';
import { useOwnerSummary, type OwnerSummary } from '@web/api/admin';
import { useDuesSummary } from '@web/features/dues';
import { useWhatsappUsage } from '@web/features/whatsapp';
import { rupeesFromPaise } from '@machines/shared';
import { useSession } from '@web/session/SessionProvider';
import { Card } from '@web/components/Card';
import { Skeleton } from '@web/components/Skeleton';
import { Table } from '@web/components/Table';
import { useErrorToast } from '@web/components/useErrorToast';
import { currentLocale, t as translate, useT, type MessageId } from '@web/i18n/i18n';
import { formatDate, formatRupees, mealLabel } from '@web/lib/format';
import { sectionTitle, stack } from '@web/styles/utils.css';
import { DailyChart } from './DailyChart';
import * as styles from './OwnerDashboard.css';

const MEALS = ['breakfast', 'lunch', 'dinner'] as const;

/** The users list filtered to the customers the "expiring" card counts. */
const expiringUsersHref = (withinDays: number) =>
  `/admin/superuser?tab=users&expiring_within_days=${withinDays}`;

function Figure({
  name,
  label,
  value,
  detail,
  link,
}: {
  /** The figure's element id, the same in every language. */
  name: string;
  label: string;
  value: ReactNode;
  detail?: string;
  link?: { href: string; text: string };
}) {
  const id = `figure-${name}`;
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
  return translate('owner.moneyDetail', {
    collected: formatRupees(figure.collected),
    refunded: formatRupees(figure.refunded),
  });
}

function TomorrowMeals({ meals }: { meals: OwnerSummary['tomorrow_meals'] }) {
  const t = useT();
  const { counts } = meals;
  return (
    <Card aria-labelledby="tomorrow-meals">
      <div className={stack}>
        <h3 id="tomorrow-meals" className={styles.chartTitle}>
          {t('owner.tomorrowMeals', { date: formatDate(meals.date) })}
        </h3>
        <table className={styles.mealTable}>
          <caption className={styles.tableNote}>{t('owner.tomorrowMealsNote')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('owner.meals.meal')}</th>
              <th scope="col">{t('owner.meals.mess')}</th>
              <th scope="col">{t('owner.meals.tiffin')}</th>
              <th scope="col">{t('owner.meals.total')}</th>
            </tr>
          </thead>
          <tbody>
            {MEALS.map((meal) => (
              <tr key={meal}>
                <th scope="row">{mealLabel(meal)}</th>
                <td>{counts.mess[meal]}</td>
                <td>{counts.tiffin[meal]}</td>
                <td>{counts.mess[meal] + counts.tiffin[meal]}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Link href={`/admin/kitchen?date=${meals.date}`} className={styles.figureLink}>
          {t('owner.kitchenLink')}
        </Link>
      </div>
    </Card>
  );
}

function LastThirtyDays({ daily }: { daily: OwnerSummary['daily'] }) {
  const t = useT();
  const revenue = daily.map((day) => ({ date: day.date, value: day.revenue }));
  const joined = daily.map((day) => ({ date: day.date, value: day.new_subscribers }));
  const totalRevenue = daily.reduce((sum, day) => sum + day.revenue, 0);
  const totalJoined = daily.reduce((sum, day) => sum + day.new_subscribers, 0);
  const best = daily.reduce((top, day) => (day.revenue > top.revenue ? day : top), daily[0]!);
  const first = formatDate(daily[0]!.date);
  // The 30 rows are built when the table is opened, not with the first paint of the dashboard.
  const [tableOpen, setTableOpen] = useState(false);
  return (
    <Card aria-labelledby="last-30-days">
      <div className={stack}>
        <h3 id="last-30-days" className={styles.chartTitle}>
          {t('owner.lastDays', { count: daily.length })}
        </h3>
        <div className={styles.charts}>
          <DailyChart
            id="daily-revenue"
            title={t('owner.chart.revenue')}
            points={revenue}
            format={formatRupees}
            summary={t('owner.chart.revenueSummary', {
              first,
              total: formatRupees(totalRevenue),
              bestDate: formatDate(best.date),
              best: formatRupees(best.revenue),
            })}
          />
          <DailyChart
            id="new-subscribers"
            title={t('owner.chart.joined')}
            points={joined}
            format={(value) => t('owner.chart.joinedValue', { count: value })}
            summary={t('owner.chart.joinedSummary', { first, count: totalJoined })}
          />
        </div>
        <details
          className={styles.details}
          onToggle={(event) => setTableOpen(event.currentTarget.open)}
        >
          <summary>{t('owner.showTable', { count: daily.length })}</summary>
          {tableOpen ? (
            <Table
              caption={t('owner.table.caption', { count: daily.length })}
              columns={[
                { key: 'date', header: t('owner.table.date'), cell: (day) => formatDate(day.date) },
                {
                  key: 'revenue',
                  header: t('owner.table.revenue'),
                  cell: (day) => formatRupees(day.revenue),
                },
                {
                  key: 'joined',
                  header: t('owner.table.joined'),
                  cell: (day) => day.new_subscribers,
                },
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
  fssai_missing: false,
  channels_not_set_up: [],
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
  const t = useT();
  const summary = useOwnerSummary();
  useErrorToast(summary.isError, t('owner.toast.error'), t('owner.loadFailed'));
  const s = summary.data;
  return (
    <section aria-labelledby="business-today" className={stack}>
      <h2 id="business-today" className={sectionTitle}>
        {t('owner.businessToday')}
      </h2>
      {s?.fssai_missing ? <FssaiMissing /> : null}
      {!summary.isPending && !s ? (
        <Card role="alert">{t('owner.loadFailed')}</Card>
      ) : (
        <Skeleton loading={summary.isPending} label={t('owner.loadingFigures')}>
          <Figures s={s ?? SAMPLE_SUMMARY} />
        </Skeleton>
      )}
      {/* Under the figures: arriving with them, it moves nothing the owner is already reading. */}
      {s && s.channels_not_set_up.length > 0 ? (
        <ChannelsNotSetUp channels={s.channels_not_set_up} />
      ) : null}
    </section>
  );
});

/**
 * Every receipt, invoice and credit note must print the FSSAI licence number (FSSAI order of 8 June
 * 2021): until BUSINESS_FSSAI is set, the home says so, in words and with a warning's edge.
 */
function FssaiMissing() {
  const t = useT();
  // The owner runs the server and sets it; a manager is told who does.
  const owner = useSession().user?.user_type === 'mess_owner';
  return (
    <Card role="status" aria-labelledby="fssai-missing" className={styles.notice}>
      <p id="fssai-missing" className={styles.noticeTitle}>
        {t('owner.fssaiMissing.title')}
      </p>
      <p className={styles.noticeText}>
        {t(owner ? 'owner.fssaiMissing.text' : 'owner.fssaiMissing.textStaff')}
      </p>
    </Card>
  );
}

type Channel = OwnerSummary['channels_not_set_up'][number];

const CHANNEL_NAMES: Readonly<Record<Channel, MessageId>> = {
  email: 'owner.channels.email',
  sms: 'owner.channels.sms',
  whatsapp: 'owner.channels.whatsapp',
};
const CHANNEL_SETTINGS: Readonly<Record<Channel, MessageId>> = {
  email: 'owner.channels.setting.email',
  sms: 'owner.channels.setting.sms',
  whatsapp: 'owner.channels.setting.whatsapp',
};
const ALL_CHANNELS = Object.keys(CHANNEL_NAMES).length;

/**
 * Without SMTP, an SMS provider or the WhatsApp Cloud API, messages are only written to the outbox
 * on the server and reach no one (issue 37, item 6): the home says so plainly, and what to set.
 */
function ChannelsNotSetUp({ channels }: { channels: readonly Channel[] }) {
  const t = useT();
  const list = (ids: readonly MessageId[]) =>
    new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(ids.map((id) => t(id)));
  return (
    <Card role="status" aria-labelledby="channels-not-set-up" className={styles.notice}>
      <p id="channels-not-set-up" className={styles.noticeTitle}>
        {t(
          channels.length === ALL_CHANNELS
            ? 'owner.channels.titleNone'
            : 'owner.channels.titleSome',
        )}
      </p>
      <p className={styles.noticeText}>
        {t('owner.channels.text', {
          channels: list(channels.map((channel) => CHANNEL_NAMES[channel])),
          settings: list(channels.map((channel) => CHANNEL_SETTINGS[channel])),
        })}
      </p>
    </Card>
  );
}

function Figures({ s }: { s: OwnerSummary }) {
  const t = useT();
  return (
    <>
      <div className={styles.figureGrid}>
        <Figure
          name="revenue-today"
          label={t('owner.figure.revenueToday')}
          value={formatRupees(s.revenue.today.net)}
          detail={moneyDetail(s.revenue.today)}
        />
        <Figure
          name="revenue-this-month"
          label={t('owner.figure.revenueMonth')}
          value={formatRupees(s.revenue.month.net)}
          detail={moneyDetail(s.revenue.month)}
        />
        <Figure
          name="active-subscribers"
          label={t('owner.figure.activeSubscribers')}
          value={s.active_subscribers.total}
          detail={t('owner.figure.activeDetail', {
            mess: s.active_subscribers.mess,
            tiffin: s.active_subscribers.tiffin,
          })}
          link={{
            href: '/admin/superuser?tab=subscribers',
            text: t('owner.figure.activeLink'),
          }}
        />
        <Figure
          name={`expiring-in-${s.expiring.within_days}-days`}
          label={t('owner.figure.expiring', { count: s.expiring.within_days })}
          value={s.expiring.count}
          detail={t('owner.figure.expiringDetail', {
            date: formatDate(addDays(s.today, s.expiring.within_days)),
          })}
          link={{
            href: expiringUsersHref(s.expiring.within_days),
            text: t('owner.figure.expiringLink'),
          }}
        />
        <Figure
          name="pending-leaves"
          label={t('owner.figure.pendingLeaves')}
          value={s.pending_leaves}
          link={{ href: '/admin/leaves', text: t('owner.figure.leavesLink') }}
        />
        <Figure
          name="pending-refunds"
          label={t('owner.figure.pendingRefunds')}
          value={s.pending_refunds}
          link={{ href: '/admin/refunds', text: t('owner.figure.refundsLink') }}
        />
        <Figure
          name="open-feedback"
          label={t('owner.figure.openFeedback')}
          value={s.open_feedback}
          link={{ href: '/admin/feedback', text: t('owner.figure.feedbackLink') }}
        />
        <DuesFigure />
        <WhatsappFigure />
      </div>
      <TomorrowMeals meals={s.tomorrow_meals} />
      <LastThirtyDays daily={s.daily} />
    </>
  );
}

const DUES_AGE_LABELS = {
  '0_15': 'owner.figure.duesAge.0_15',
  '16_30': 'owner.figure.duesAge.16_30',
  over_30: 'owner.figure.duesAge.over_30',
} as const;

/** What customers owe, by how old it is (0–15, 16–30, over 30 days): the Dues tile. */
function DuesFigure() {
  const t = useT();
  const dues = useDuesSummary();
  const d = dues.data;
  if (!d) return null;
  return (
    <Figure
      name="dues"
      label={t('owner.figure.dues')}
      value={formatRupees(d.total_due)}
      detail={[
        t('owner.figure.duesCustomers', { count: d.customers_due }),
        ...d.ages.map((age) =>
          t(DUES_AGE_LABELS[age.age], {
            amount: formatRupees(age.amount),
            count: age.customers,
          }),
        ),
      ].join(' · ')}
      link={{ href: '/admin/dues', text: t('owner.figure.duesLink') }}
    />
  );
}

/**
 * The WhatsApp messages sent this month and their estimated cost at the owner's price (Settings);
 * what waits, failed or went by SMS; the tier. Without the Cloud API nothing is sent or costs: the
 * tile says it is not set up, and how many messages stayed in the outbox. The owner's only: a
 * manager sees no costs.
 */
function WhatsappFigure() {
  const t = useT();
  const { user } = useSession();
  const usage = useWhatsappUsage(user?.user_type === 'mess_owner');
  const u = usage.data;
  if (!u) return null;
  const notSetUp = u.provider === 'outbox';
  return (
    <Figure
      name="whatsapp"
      label={t('owner.figure.whatsapp')}
      value={
        notSetUp
          ? t('owner.figure.whatsappNotSetUp')
          : formatRupees(rupeesFromPaise(u.estimated_cost_paise))
      }
      detail={[
        notSetUp
          ? t('owner.figure.whatsappOutbox', { count: u.outbox })
          : t('owner.figure.whatsappSent', { count: u.sent, paise: u.utility_price_paise }),
        t('owner.figure.whatsappWaiting', { queued: u.queued, failed: u.failed, sms: u.by_sms }),
        u.tier === null
          ? t('owner.figure.whatsappTierUnlimited')
          : t('owner.figure.whatsappTier', { count: u.tier }),
      ].join(' · ')}
      link={{ href: '/admin/messages', text: t('owner.figure.whatsappLink') }}
    />
  );
}

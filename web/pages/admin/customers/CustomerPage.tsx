// The owner's page for one customer (/admin/customers/{id}): profile, subscriptions, payments,
// leaves and feedback, each with its empty state, and a link back to the screen the owner came
// from (?from=, set by CustomerLink). "Edit Details" changes the customer's address or hostel,
// phone, diet and language.
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import {
  CUSTOMER_PAGE_SIZE,
  useCustomerFeedback,
  useCustomerLeaves,
  useCustomerPayments,
  useCustomerRecord,
  type CustomerRecord,
  type CustomerSubscription,
} from '@web/api/customer';
import type { AdminFeedback } from '@web/features/feedback';
import type { AdminLeave } from '@web/features/leave';
import type { AdminPayment } from '@web/features/payment';
import { hasEmail } from '@machines/walk-in';
import { ApiError } from '@web/api/errors';
import { Badge, Card, Details } from '@web/components/Card';
import { safeOrigin } from '@web/components/CustomerLink';
import { Pager } from '@web/components/Filters';
import { PhoneNumber } from '@web/components/PhoneNumber';
import { PageSpinner } from '@web/components/Spinner';
import { StatusBadge } from '@web/components/StatusBadge';
import { Table, type Column, column } from '@web/components/Table';
import { useErrorToast } from '@web/components/useErrorToast';
import { useT, type MessageId, type Translate } from '@web/i18n/i18n';
import { feedbackTypeLabel, lifecycleLabel, personName, priorityLabel } from '@web/i18n/labels';
import {
  formatDate,
  formatDateTime,
  formatRupees,
  moneyLabel,
  serviceLabel,
  wordLabel,
} from '@web/lib/format';
import { muted, pageHeader, pageTitle, row, sectionTitle, stack } from '@web/styles/utils.css';
import * as styles from './CustomerPage.css';
import { ConsentCard } from '@web/features/consent';
import { ClaimLink, EmailAddress } from '@web/features/walk-in';
import { CustomerDetailsDialog, LANGUAGE_NAMES } from '@web/features/onboarding';
import { Button } from '@web/components/Button';

/** The users list's subscription_status for a customer who never subscribed. */
const NO_SUBSCRIPTION = 'No subscription';

/** Where the owner usually finds a customer: the Users tab of Payments & Users. */
const DEFAULT_ORIGIN = '/admin/superuser?tab=users';

/**
 * The screens that link here, by their route titles. Not read from the route registry
 * (web/app/routes.ts): it loads this page, and importing it back would pull the registry out of
 * the first-paint chunk.
 */
const ORIGIN_TITLES: Readonly<Record<string, MessageId>> = {
  '/admin/superuser': 'route.superuser',
  '/admin/leaves': 'route.leaves',
  '/admin/kitchen': 'route.kitchen',
  '/admin/feedback': 'route.adminFeedback',
};

/** The back link: to `from` when it is a screen of this app, named by that screen's title. */
function BackLink({ from }: { from: string | null }) {
  const t = useT();
  const origin = safeOrigin(from) ?? DEFAULT_ORIGIN;
  const title = ORIGIN_TITLES[origin.split('?')[0] ?? origin];
  return (
    <Link href={origin} className={styles.back}>
      ← {title ? t('superuser.customer.backTo', { page: t(title) }) : t('superuser.customer.back')}
    </Link>
  );
}

function Section({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count?: number | undefined;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={stack}>
      <h2 id={id} className={sectionTitle}>
        {title}
        {count === undefined ? null : <span className={muted}> ({count})</span>}
      </h2>
      {children}
    </section>
  );
}

/** A section with nothing in it: one quiet line, lighter than a page's empty state. */
function SectionEmpty({ text }: { text: string }) {
  return (
    <Card>
      <p className={styles.sectionEmpty}>{text}</p>
    </Card>
  );
}

function Profile({ customer }: { customer: CustomerRecord }) {
  const t = useT();
  const info = customer.profile_info;
  const services = [
    customer.is_mess_user ? serviceLabel('mess') : null,
    customer.is_tiffin_user ? serviceLabel('tiffin') : null,
  ].filter(Boolean);
  const profileFields: Array<[string, ReactNode]> =
    customer.user_type === 'student'
      ? [
          [t('superuser.customer.institute'), info.institute ?? '—'],
          [t('superuser.customer.studentId'), info.student_id ?? '—'],
          [t('superuser.customer.hostel'), info.hostel ?? '—'],
          [t('superuser.customer.year'), info.year ?? '—'],
          [t('superuser.customer.course'), info.course ?? '—'],
        ]
      : [
          [t('superuser.customer.address'), info.address ?? '—'],
          [t('superuser.customer.landmark'), info.landmark ?? '—'],
          [t('superuser.customer.pincode'), customer.regular_profile?.pincode ?? '—'],
          [t('superuser.customer.city'), customer.regular_profile?.city ?? '—'],
        ];
  return (
    <div className={styles.profileGrid}>
      <Card aria-labelledby="customer-contact">
        <h2 id="customer-contact" className={sectionTitle}>
          {t('superuser.customer.contact')}
        </h2>
        <Details
          items={[
            [
              t('superuser.customer.phone'),
              <span key="phone">
                <PhoneNumber phone={customer.phone} />{' '}
                <span className={muted}>
                  {customer.phone_verified
                    ? t('superuser.customer.verified')
                    : t('superuser.customer.notVerified')}
                </span>
              </span>,
            ],
            [
              t('superuser.customer.email'),
              hasEmail(customer.email) ? (
                <a key="email" href={`mailto:${customer.email}`} className={styles.email}>
                  <EmailAddress address={customer.email} />
                </a>
              ) : (
                <EmailAddress key="email" address={customer.email} />
              ),
            ],
            [t('superuser.customer.type'), wordLabel(customer.user_type)],
            [t('superuser.customer.service'), services.length > 0 ? services.join(', ') : '—'],
            [
              t('superuser.customer.diet'),
              customer.diet ? wordLabel(customer.diet) : t('format.diet.none'),
            ],
            [t('superuser.customer.language'), LANGUAGE_NAMES[customer.language]],
            [t('superuser.customer.accountStatus'), lifecycleLabel('account', customer.status)],
            [
              t('superuser.customer.active'),
              customer.is_active
                ? t('superuser.customer.activeYes')
                : t('superuser.customer.activeNo'),
            ],
            [t('superuser.customer.joined'), formatDate(customer.date_joined)],
            [t('superuser.customer.lastLogin'), formatDateTime(customer.last_login)],
            customer.claim
              ? [t('superuser.customer.claim'), <ClaimLink key="claim" customer={customer} />]
              : null,
          ]}
        />
      </Card>
      <Card aria-labelledby="customer-profile">
        <h2 id="customer-profile" className={sectionTitle}>
          {customer.user_type === 'student'
            ? t('superuser.customer.studentProfile')
            : t('superuser.customer.regularProfile')}
        </h2>
        <Details items={profileFields} />
      </Card>
    </div>
  );
}

const subscriptionColumns = (t: Translate): Column<CustomerSubscription>[] => [
  column('id', t('superuser.customer.col.id'), (s) => `#${s.id}`),
  column('plan', t('superuser.customer.col.plan'), (s) => s.plan),
  column('service', t('superuser.customer.col.service'), (s) => wordLabel(s.service_type)),
  column('status', t('superuser.customer.col.status'), (s) => (
    <StatusBadge status={s.status} lifecycle="subscription" />
  )),
  column('start', t('superuser.customer.col.start'), (s) => formatDate(s.start_date)),
  column('end', t('superuser.customer.col.end'), (s) => formatDate(s.adjusted_end_date)),
  column('days', t('superuser.customer.col.daysLeft'), (s) =>
    s.status === 'ACTIVE' ? s.days_remaining : '—',
  ),
  // The price (the spec's total_paid), then what the ledger says was paid, paid back and is owed.
  column('price', moneyLabel('price'), (s) => formatRupees(s.total_paid)),
  column('paid', moneyLabel('paid'), (s) => formatRupees(s.amount_paid)),
  column('refunded', moneyLabel('refunded'), (s) => formatRupees(s.amount_refunded)),
  {
    key: 'due',
    header: moneyLabel('due'),
    // Below 0 while an approved refund waits to be paid out: said as such, not as "-₹2,900".
    cell: (s) =>
      s.amount_due < 0
        ? `${moneyLabel('refund_due')} ${formatRupees(-s.amount_due)}`
        : formatRupees(s.amount_due),
  },
];

const paymentColumns = (t: Translate): Column<AdminPayment>[] => [
  column('date', t('superuser.customer.col.date'), (p) => formatDateTime(p.created_at)),
  column('plan', t('superuser.customer.col.plan'), (p) => p.plan.name),
  column('amount', t('superuser.customer.col.amount'), (p) => formatRupees(p.amount_inr)),
  column('status', t('superuser.customer.col.status'), (p) => (
    <StatusBadge status={p.status} lifecycle="payment" />
  )),
  column('receipt', t('superuser.customer.col.receipt'), (p) => p.receipt_number ?? '—'),
];

const leaveColumns = (t: Translate): Column<AdminLeave>[] => [
  {
    key: 'dates',
    header: t('superuser.customer.col.dates'),
    cell: (l) => (
      <span className={styles.nowrapDates}>
        {formatDate(l.leave_start_date)} – {formatDate(l.leave_end_date)}
      </span>
    ),
  },
  column('days', t('superuser.customer.col.days'), (l) =>
    t('superuser.customer.days', { count: l.duration_days }),
  ),
  column('plan', t('superuser.customer.col.plan'), (l) => l.subscription_plan),
  column('status', t('superuser.customer.col.status'), (l) => (
    <StatusBadge status={l.status} lifecycle="leave" />
  )),
  column('reason', t('superuser.customer.col.reason'), (l) => l.reason),
  column('comment', t('superuser.customer.col.comment'), (l) => l.admin_comment ?? '—'),
];

const feedbackColumns = (t: Translate): Column<AdminFeedback>[] => [
  column('date', t('superuser.customer.col.date'), (f) => formatDate(f.created_at)),
  column('subject', t('superuser.customer.col.subject'), (f) => f.subject),
  column('type', t('superuser.customer.col.type'), (f) => feedbackTypeLabel(f.feedback_type)),
  column('priority', t('superuser.customer.col.priority'), (f) => (
    <Badge>{priorityLabel(f.priority)}</Badge>
  )),
  column('status', t('superuser.customer.col.status'), (f) => (
    <StatusBadge status={f.status} lifecycle="feedback" />
  )),
  column('rating', t('superuser.customer.col.rating'), (f) => `${f.rating}/5`),
];

/** One paged list of the customer's: a spinner, an error, its empty state or its table. */
function PagedList<T>({
  id,
  title,
  empty,
  query,
  columns,
  rowKey,
  offset,
  onOffset,
}: {
  id: string;
  title: string;
  empty: string;
  query: {
    isPending: boolean;
    isError: boolean;
    data?: { rows: T[]; total: number } | undefined;
  };
  columns: Column<T>[];
  rowKey: (row: T) => number;
  offset: number;
  onOffset: (offset: number) => void;
}) {
  const t = useT();
  return (
    <Section id={id} title={title} count={query.data?.total}>
      {query.isPending ? (
        <PageSpinner label={t('superuser.customer.loadingSection', { section: title })} />
      ) : query.isError || !query.data ? (
        <Card role="alert">{t('superuser.customer.sectionFailed', { section: title })}</Card>
      ) : query.data.rows.length === 0 ? (
        <SectionEmpty text={empty} />
      ) : (
        <>
          <Table caption={title} columns={columns} rows={query.data.rows} rowKey={rowKey} />
          <Pager
            label={title}
            offset={offset}
            limit={CUSTOMER_PAGE_SIZE}
            total={query.data.total}
            onOffset={onOffset}
          />
        </>
      )}
    </Section>
  );
}

function CustomerSections({ customer }: { customer: CustomerRecord }) {
  const t = useT();
  const [paymentsOffset, setPaymentsOffset] = useState(0);
  const [leavesOffset, setLeavesOffset] = useState(0);
  const [feedbackOffset, setFeedbackOffset] = useState(0);
  const payments = useCustomerPayments(customer.id, paymentsOffset);
  const leaves = useCustomerLeaves(customer.id, leavesOffset);
  const feedback = useCustomerFeedback(customer.id, feedbackOffset);
  return (
    <>
      <Section
        id="customer-subscriptions"
        title={t('superuser.customer.subscriptions')}
        count={customer.subscriptions.length}
      >
        {customer.subscriptions.length === 0 ? (
          <SectionEmpty text={t('superuser.customer.subscriptionsEmpty')} />
        ) : (
          <Table
            caption={t('superuser.customer.subscriptions')}
            columns={subscriptionColumns(t)}
            rows={customer.subscriptions}
            rowKey={(s) => s.id}
          />
        )}
      </Section>
      <PagedList
        id="customer-payments"
        title={t('superuser.customer.payments')}
        empty={t('superuser.customer.paymentsEmpty')}
        query={payments}
        columns={paymentColumns(t)}
        rowKey={(p) => p.id}
        offset={paymentsOffset}
        onOffset={setPaymentsOffset}
      />
      <PagedList
        id="customer-leaves"
        title={t('superuser.customer.leaves')}
        empty={t('superuser.customer.leavesEmpty')}
        query={leaves}
        columns={leaveColumns(t)}
        rowKey={(l) => l.id}
        offset={leavesOffset}
        onOffset={setLeavesOffset}
      />
      <PagedList
        id="customer-feedback"
        title={t('superuser.customer.feedback')}
        empty={t('superuser.customer.feedbackEmpty')}
        query={feedback}
        columns={feedbackColumns(t)}
        rowKey={(f) => f.id}
        offset={feedbackOffset}
        onOffset={setFeedbackOffset}
      />
    </>
  );
}

export function CustomerPage() {
  const t = useT();
  // The app's router matches routes itself (web/app/Router.tsx), so the id is read from the path.
  const [pathname] = useLocation();
  const id = Number(/^\/admin\/customers\/(\d{1,9})\/?$/.exec(pathname)?.[1] ?? 0);
  const from = new URLSearchParams(useSearch()).get('from');
  const record = useCustomerRecord(id);
  const [editing, setEditing] = useState(false);
  const notFound = id === 0 || (record.error instanceof ApiError && record.error.status === 404);
  useErrorToast(
    record.isError && !notFound,
    t('superuser.customer.toast.loadFailed'),
    t('superuser.customer.loadFailed'),
  );

  const customer = record.data;
  return (
    <div className={stack}>
      <BackLink from={from} />
      {notFound ? (
        <Card role="alert">
          <h1 className={pageTitle}>{t('superuser.customer.notFound')}</h1>
          <p className={muted}>{t('superuser.customer.notFoundText')}</p>
        </Card>
      ) : record.isPending ? (
        <PageSpinner label={t('superuser.customer.loading')} />
      ) : record.isError || !customer ? (
        <Card role="alert">{t('superuser.customer.loadFailed')}</Card>
      ) : (
        <>
          <header className={pageHeader}>
            <div>
              <h1 className={pageTitle}>{personName(customer.full_name) || customer.username}</h1>
              <p className={`${muted} ${row}`}>
                <span>@{customer.username}</span>
                {customer.subscription_status === NO_SUBSCRIPTION ? (
                  <Badge>{t('superuser.customer.noSubscription')}</Badge>
                ) : (
                  <StatusBadge status={customer.subscription_status} lifecycle="subscription" />
                )}
                {customer.current_plan ? <span>{customer.current_plan}</span> : null}
              </p>
            </div>
            {customer.erased_at ? null : (
              <Button tone="secondary" onClick={() => setEditing(true)}>
                {t('superuser.customer.edit.open')}
              </Button>
            )}
          </header>
          {customer.erased_at ? null : (
            <CustomerDetailsDialog
              customer={customer}
              open={editing}
              onClose={() => setEditing(false)}
            />
          )}
          {customer.erased_at ? (
            // Its contacts are placeholders nobody has, and nobody is left to give consent.
            <Card role="note">
              {t('superuser.customer.erased', { date: formatDate(customer.erased_at) })}
            </Card>
          ) : (
            <>
              <Profile customer={customer} />
              <ConsentCard customerId={customer.id} />
            </>
          )}
          <CustomerSections customer={customer} />
        </>
      )}
    </div>
  );
}

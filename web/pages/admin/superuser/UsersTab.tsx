// Users tab: server-side search, status and type filters, Expired / Soon to Expire quick filters
// with counts, sortable columns and paging. Expiry is red when past, amber within 5 days, with a label.
import { useState } from 'react';
import { useSearch } from 'wouter';
import { diffDays } from '@machines/shared';
import { expiryTone } from '@machines/subscription';
import { PAGE_SIZE, useOwnerUsers, type AdminUser, type UsersQuery } from '@web/api/admin';
import { EmptyState } from '@web/components/Card';
import { CustomerLink } from '@web/components/CustomerLink';
import { useT } from '@web/i18n/i18n';
import { lifecycleLabel, personName } from '@web/i18n/labels';
import { FilterButtons } from '@web/components/Filters';
import { PagedList } from '@web/components/Loaded';
import { Table, type Column } from '@web/components/Table';
import { wordLabel, formatDate, todayIso } from '@web/lib/format';
import { usePageOffset } from '@web/lib/usePageOffset';
import { stack } from '@web/styles/utils.css';
import * as styles from './SuperuserPage.css';
import { EmailAddress } from '@web/features/walk-in';
import { AllOrFilter, SearchToolbar, useSearchText } from './SearchToolbar';
import { PhoneNumber } from '@web/components/PhoneNumber';
import { WhatsappChatLink } from '@web/components/WhatsappChatLink';

type QuickFilter = 'none' | 'expired' | 'soon_to_expire' | 'expiring_within';

/** Where a customer page's back link returns: this tab. */
const USERS_TAB = '/admin/superuser?tab=users';

/** ?expiring_within_days=N from the owner's home: a whole number of days, 0 to 60. */
function expiringWithinFrom(search: string): number | null {
  const value = new URLSearchParams(search).get('expiring_within_days');
  return value !== null && /^\d{1,2}$/.test(value) && Number(value) <= 60 ? Number(value) : null;
}

function ExpiryDate({ date, today }: { date: string | null; today: string }) {
  const t = useT();
  if (!date) return <>—</>;
  const tone = expiryTone(date, today);
  const daysLeft = diffDays(date, today);
  const label =
    tone === 'expired'
      ? t('superuser.users.expired')
      : tone === 'soon'
        ? daysLeft === 0
          ? t('superuser.users.expiresToday')
          : t('superuser.users.expiresIn', { count: daysLeft })
        : null;
  // The date on one line, what it means under it: the column stays narrow enough for the table
  // to fit a 1280 px screen.
  return (
    <span className={styles.expiry({ tone })}>
      {formatDate(date)}
      {label ? <span className={styles.expiryNote}>{label}</span> : null}
    </span>
  );
}

export function UsersTab() {
  const t = useT();
  const search = useSearchText();
  const [status, setStatus] = useState('all');
  const [type, setType] = useState('all');
  const expiringWithin = expiringWithinFrom(useSearch());
  const [quick, setQuick] = useState<QuickFilter>(
    expiringWithin === null ? 'none' : 'expiring_within',
  );
  const [ordering, setOrdering] = useState<NonNullable<UsersQuery['ordering']>>('username');
  const [offset, setOffset] = usePageOffset([search.query, status, type, quick, ordering]);
  const today = todayIso();

  const query: UsersQuery = {
    limit: PAGE_SIZE,
    offset,
    ordering,
    ...(search.query ? { search: search.query } : {}),
    ...(status === 'all' ? {} : { is_active: status === 'active' }),
    ...(type === 'all' ? {} : { user_type: type as 'student' | 'regular' }),
    ...(quick === 'none'
      ? {}
      : quick === 'expiring_within'
        ? { expiring_within_days: expiringWithin ?? 0 }
        : { subscription_status: quick }),
  };
  const users = useOwnerUsers(query);

  const columns: Column<AdminUser>[] = [
    {
      key: 'username',
      header: t('superuser.column.username'),
      sortKey: 'username',
      cell: (u) => (
        <CustomerLink id={u.id} from={USERS_TAB}>
          {u.username}
        </CustomerLink>
      ),
    },
    {
      key: 'fullName',
      header: t('superuser.column.fullName'),
      cell: (u) => (u.full_name ? personName(u.full_name) : '—'),
    },
    {
      key: 'email',
      header: t('superuser.column.email'),
      cell: (u) => <EmailAddress address={u.email} />,
    },
    {
      key: 'phone',
      header: t('superuser.column.phone'),
      // And a WhatsApp message with the customer's receipts page, for an owner without the Cloud API.
      cell: (u) => (
        <span className={stack}>
          <PhoneNumber phone={u.phone} />
          <WhatsappChatLink
            phone={u.phone}
            name={u.full_name || u.username}
            message={{ kind: 'receipts' }}
          />
        </span>
      ),
    },
    {
      key: 'type',
      header: t('superuser.column.type'),
      sortKey: 'user_type',
      cell: (u) => wordLabel(u.user_type),
    },
    {
      key: 'subscription',
      header: t('superuser.column.subscriptionStatus'),
      sortKey: 'subscription_status',
      cell: (u) => lifecycleLabel('subscription', u.subscription_status),
    },
    {
      key: 'plan',
      header: t('superuser.column.currentPlan'),
      cell: (u) => u.current_plan ?? '—',
    },
    {
      key: 'expiry',
      header: t('superuser.column.expiryDate'),
      sortKey: 'expiry',
      cell: (u) => <ExpiryDate date={u.active_subscription_end_date} today={today} />,
    },
  ];

  return (
    <div className={stack}>
      <SearchToolbar
        label={t('superuser.users.search')}
        placeholder={t('superuser.users.searchPlaceholder')}
        search={search}
      >
        <AllOrFilter
          label={t('superuser.column.status')}
          value={status}
          onValueChange={setStatus}
          options={[
            { value: 'active', label: t('superuser.filter.active') },
            { value: 'inactive', label: t('superuser.filter.inactive') },
          ]}
        />
        <AllOrFilter
          label={t('superuser.column.type')}
          value={type}
          onValueChange={setType}
          options={[
            { value: 'student', label: wordLabel('student') },
            { value: 'regular', label: wordLabel('regular') },
          ]}
        />
      </SearchToolbar>
      <FilterButtons<QuickFilter>
        label={t('superuser.users.quickFilters')}
        value={quick}
        onChange={(value) => setQuick(value === quick ? 'none' : value)}
        options={[
          { value: 'none', label: t('superuser.users.allUsers') },
          {
            value: 'expired',
            label: t('superuser.users.expired'),
            count: users.data?.expiredCount,
          },
          {
            value: 'soon_to_expire',
            label: t('superuser.users.soonToExpire'),
            count: users.data?.soonToExpireCount,
          },
          ...(expiringWithin === null
            ? []
            : [
                {
                  value: 'expiring_within' as const,
                  label: t('superuser.users.expiringWithin', { days: expiringWithin }),
                  ...(quick === 'expiring_within' ? { count: users.data?.total } : {}),
                },
              ]),
        ]}
      />
      <PagedList
        read={users}
        loading={t('superuser.users.loading')}
        failed={t('superuser.users.loadFailed')}
        toast={t('superuser.users.loadFailedTitle')}
        empty={<EmptyState title={t('superuser.users.none')} />}
        pager={{ label: t('superuser.tab.users'), offset, onOffset: setOffset }}
      >
        {(rows) => (
          <Table
            caption={t('superuser.tab.users')}
            columns={columns}
            rows={rows}
            rowKey={(u) => u.id}
            ordering={ordering}
            onSort={(next) => setOrdering(next as NonNullable<UsersQuery['ordering']>)}
          />
        )}
      </PagedList>
    </div>
  );
}

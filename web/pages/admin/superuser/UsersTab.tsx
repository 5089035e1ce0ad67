// Users tab: server-side search, status and type filters, Expired / Soon to Expire quick filters
// with counts, sortable columns and paging. Expiry is red when past, amber within 5 days, with a label.
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { diffDays } from '../../../../machines/shared/dates';
import { expiryTone } from '../../../../machines/subscription/subscription.selectors';
import { PAGE_SIZE, useOwnerUsers, type AdminUser, type UsersQuery } from '../../../api/admin';
import { Card, EmptyState, lifecycleLabel } from '../../../components/Card';
import { TextField } from '../../../components/Field';
import { FilterButtons, Pager } from '../../../components/Filters';
import { FilterSelect } from '../../../components/Select';
import { PageSpinner } from '../../../components/Spinner';
import { Table, type Column } from '../../../components/Table';
import { useErrorToast } from '../../../components/useErrorToast';
import { capitalise, formatDate, todayIso } from '../../../lib/format';
import { stack } from '../../../styles/utils.css';
import * as styles from './SuperuserPage.css';
import { EmailAddress } from './EmailAddress';
import { useDebounced } from './useDebounced';

type QuickFilter = 'none' | 'expired' | 'soon_to_expire' | 'expiring_within';

/** ?expiring_within_days=N from the owner's home: a whole number of days, 0 to 60. */
function expiringWithinFrom(search: string): number | null {
  const value = new URLSearchParams(search).get('expiring_within_days');
  return value !== null && /^\d{1,2}$/.test(value) && Number(value) <= 60 ? Number(value) : null;
}

function ExpiryDate({ date, today }: { date: string | null; today: string }) {
  if (!date) return <>—</>;
  const tone = expiryTone(date, today);
  const daysLeft = diffDays(date, today);
  const label =
    tone === 'expired'
      ? 'Expired'
      : tone === 'soon'
        ? daysLeft === 0
          ? 'Expires today'
          : `Expires in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`
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
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [type, setType] = useState('all');
  const expiringWithin = expiringWithinFrom(useSearch());
  const [quick, setQuick] = useState<QuickFilter>(
    expiringWithin === null ? 'none' : 'expiring_within',
  );
  const [ordering, setOrdering] = useState<NonNullable<UsersQuery['ordering']>>('username');
  const [offset, setOffset] = useState(0);
  const debounced = useDebounced(search.trim(), 300);
  useEffect(() => setOffset(0), [debounced, status, type, quick, ordering]);
  const today = todayIso();

  const query: UsersQuery = {
    limit: PAGE_SIZE,
    offset,
    ordering,
    ...(debounced ? { search: debounced } : {}),
    ...(status === 'all' ? {} : { is_active: status === 'active' }),
    ...(type === 'all' ? {} : { user_type: type as 'student' | 'regular' }),
    ...(quick === 'none'
      ? {}
      : quick === 'expiring_within'
        ? { expiring_within_days: expiringWithin ?? 0 }
        : { subscription_status: quick }),
  };
  const users = useOwnerUsers(query);
  useErrorToast(users.isError, 'Failed to Load Users', 'Could not fetch users.');

  const columns: Column<AdminUser>[] = [
    { key: 'username', header: 'Username', sortKey: 'username', cell: (u) => u.username },
    { key: 'email', header: 'Email', cell: (u) => <EmailAddress address={u.email} /> },
    {
      key: 'phone',
      header: 'Phone',
      cell: (u) => <span className={styles.nowrap}>{u.phone}</span>,
    },
    { key: 'type', header: 'Type', sortKey: 'user_type', cell: (u) => capitalise(u.user_type) },
    {
      key: 'subscription',
      header: 'Subscription Status',
      sortKey: 'subscription_status',
      cell: (u) => lifecycleLabel('subscription', u.subscription_status),
    },
    { key: 'plan', header: 'Current Plan', cell: (u) => u.current_plan ?? '—' },
    {
      key: 'expiry',
      header: 'Expiry Date',
      sortKey: 'expiry',
      cell: (u) => <ExpiryDate date={u.active_subscription_end_date} today={today} />,
    },
  ];

  return (
    <div className={stack}>
      <div className={styles.toolbar}>
        <TextField
          label="Search users"
          type="search"
          placeholder="Name, username or e-mail"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <FilterSelect
          label="Status"
          value={status}
          onValueChange={setStatus}
          options={[
            { value: 'all', label: 'All' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
        />
        <FilterSelect
          label="Type"
          value={type}
          onValueChange={setType}
          options={[
            { value: 'all', label: 'All' },
            { value: 'student', label: 'Student' },
            { value: 'regular', label: 'Regular' },
          ]}
        />
      </div>
      <FilterButtons<QuickFilter>
        label="Quick filters"
        value={quick}
        onChange={(value) => setQuick(value === quick ? 'none' : value)}
        options={[
          { value: 'none', label: 'All Users' },
          { value: 'expired', label: 'Expired', count: users.data?.expiredCount },
          {
            value: 'soon_to_expire',
            label: 'Soon to Expire',
            count: users.data?.soonToExpireCount,
          },
          ...(expiringWithin === null
            ? []
            : [
                {
                  value: 'expiring_within' as const,
                  label: `Expiring in ${expiringWithin} Days`,
                  ...(quick === 'expiring_within' ? { count: users.data?.total } : {}),
                },
              ]),
        ]}
      />
      {users.isPending ? (
        <PageSpinner label="Loading users" />
      ) : users.isError ? (
        <Card role="alert">Could not fetch users.</Card>
      ) : users.data.rows.length === 0 ? (
        <EmptyState title="No Users Found" />
      ) : (
        <Table
          caption="Users"
          columns={columns}
          rows={users.data.rows}
          rowKey={(u) => u.id}
          ordering={ordering}
          onSort={(next) => setOrdering(next as NonNullable<UsersQuery['ordering']>)}
        />
      )}
      <Pager
        label="Users"
        offset={offset}
        limit={PAGE_SIZE}
        total={users.data?.total ?? 0}
        onOffset={setOffset}
      />
    </div>
  );
}

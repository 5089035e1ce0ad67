// Active Subscribers tab: All / Tiffin / Mess with counts, search, the tiffin breakfast, lunch and
// dinner counts that expand their delivery lists, and rows with profile info and subscription details.
// The owner adjusts one subscriber's end date from its row, or extends every active one at once.
import { useEffect, useState } from 'react';
import {
  PAGE_SIZE,
  useActiveSubscribers,
  type ActiveSubscriber,
  type SubscribersQuery,
} from '../../../api/admin';
import { Button } from '../../../components/Button';
import { Badge, Card, Details, EmptyState, lifecycleLabel } from '../../../components/Card';
import { TextField } from '../../../components/Field';
import { FilterButtons, Pager } from '../../../components/Filters';
import { filterButton } from '../../../components/Filters.css';
import { PageSpinner } from '../../../components/Spinner';
import { Table, type Column } from '../../../components/Table';
import { useErrorToast } from '../../../components/useErrorToast';
import { expiryTone } from '../../../../machines/subscription/subscription.selectors';
import { capitalise, formatDate, formatMeals, formatRupees, todayIso } from '../../../lib/format';
import { row, sectionTitle, stack } from '../../../styles/utils.css';
import * as styles from './SuperuserPage.css';
import { AdjustEndDateDialog } from './AdjustEndDateDialog';
import { EmailAddress } from './EmailAddress';
import { ExtendAllDialog } from './ExtendAllDialog';
import { useDebounced } from './useDebounced';

type Service = 'all' | 'tiffin' | 'mess';
type Meal = 'breakfast' | 'lunch' | 'dinner';
const MEALS: readonly Meal[] = ['breakfast', 'lunch', 'dinner'];

/** Only the count (X-Total-Count) of a filter: one row is enough. */
function useCount(query: SubscribersQuery) {
  return useActiveSubscribers({ ...query, limit: 1, offset: 0 }).data?.total;
}

function ProfileInfo({ subscriber }: { subscriber: ActiveSubscriber }) {
  const info = subscriber.profile_info;
  if (subscriber.user_type === 'student') {
    return (
      <span>
        {info.institute ?? '—'} · ID {info.student_id ?? '—'}
        <br />
        Hostel {info.hostel ?? '—'} · {info.year ?? '—'} year · {info.course ?? '—'}
      </span>
    );
  }
  return (
    <span>
      {info.address ?? '—'}
      {info.landmark ? (
        <>
          <br />
          Landmark: {info.landmark}
        </>
      ) : null}
    </span>
  );
}

function subscriberColumns(
  expanded: ReadonlySet<number>,
  toggle: (id: number) => void,
  onAdjust: (subscriber: ActiveSubscriber) => void,
): Column<ActiveSubscriber>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      cell: (s) => (
        <span>
          {s.full_name || s.username}
          <br />@{s.username}
        </span>
      ),
    },
    {
      key: 'contact',
      header: 'Contact',
      cell: (s) => (
        <span>
          <span className={styles.nowrap}>{s.phone}</span>
          <br />
          <EmailAddress address={s.email} />
        </span>
      ),
    },
    { key: 'profile', header: 'Profile Info', cell: (s) => <ProfileInfo subscriber={s} /> },
    {
      key: 'service',
      header: 'Service',
      cell: (s) => (
        <span className={row}>
          <Badge tone={s.service_type === 'tiffin' ? 'info' : 'success'}>
            {s.service_type === 'tiffin' ? 'Tiffin' : 'Mess'}
          </Badge>
          <Badge>{capitalise(s.user_type)}</Badge>
          {s.breakfast_included ? <Badge tone="warning">Breakfast</Badge> : null}
        </span>
      ),
    },
    {
      key: 'profileStatus',
      header: 'Profile Status',
      cell: (s) => lifecycleLabel('account', s.user_status),
    },
    {
      key: 'ends',
      header: 'Ends',
      // Red once past, yellow within 5 days (README: The web app's rules → Screens).
      cell: (s) => (
        <span className={styles.expiry({ tone: expiryTone(s.adjusted_end_date, todayIso()) })}>
          {formatDate(s.adjusted_end_date)}
        </span>
      ),
    },
    {
      key: 'details',
      header: 'Subscription',
      cell: (s) => (
        <span className={row}>
          <Button
            size="sm"
            tone="ghost"
            aria-expanded={expanded.has(s.subscription_id)}
            onClick={() => toggle(s.subscription_id)}
            aria-label={`${expanded.has(s.subscription_id) ? 'Hide details' : 'Details'} of the subscription of ${s.username}`}
          >
            {expanded.has(s.subscription_id) ? 'Hide details' : 'Details'}
          </Button>
          <Button
            size="sm"
            tone="secondary"
            onClick={() => onAdjust(s)}
            aria-label={`Adjust end date of the subscription of ${s.username}`}
          >
            Adjust end date
          </Button>
        </span>
      ),
    },
  ];
}

function SubscriptionDetails({ subscriber }: { subscriber: ActiveSubscriber }) {
  return (
    <Details
      items={[
        ['Subscription', `#${subscriber.subscription_id}`],
        ['Plan', subscriber.plan_name],
        ['Status', lifecycleLabel('subscription', subscriber.status)],
        ['Meals', formatMeals(subscriber.included_meals)],
        ['Start Date', formatDate(subscriber.start_date)],
        ['Base End Date', formatDate(subscriber.base_end_date)],
        ['Adjusted End Date', formatDate(subscriber.adjusted_end_date)],
        ['Days Remaining', subscriber.days_remaining],
        ['Total Paid', formatRupees(subscriber.total_paid)],
      ]}
    />
  );
}

function useExpandable() {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { expanded, toggle };
}

function SubscriberTable({ caption, rows }: { caption: string; rows: ActiveSubscriber[] }) {
  const { expanded, toggle } = useExpandable();
  const [adjusting, setAdjusting] = useState<ActiveSubscriber | null>(null);
  return (
    <>
      <SubscriberRows
        caption={caption}
        rows={rows}
        expanded={expanded}
        toggle={toggle}
        onAdjust={setAdjusting}
      />
      <AdjustEndDateDialog subscriber={adjusting} onClose={() => setAdjusting(null)} />
    </>
  );
}

function SubscriberRows({
  caption,
  rows,
  expanded,
  toggle,
  onAdjust,
}: {
  caption: string;
  rows: ActiveSubscriber[];
  expanded: ReadonlySet<number>;
  toggle: (id: number) => void;
  onAdjust: (subscriber: ActiveSubscriber) => void;
}) {
  return (
    <Table
      caption={caption}
      columns={subscriberColumns(expanded, toggle, onAdjust)}
      rows={rows}
      rowKey={(s) => s.subscription_id}
      expanded={(s) =>
        expanded.has(s.subscription_id) ? <SubscriptionDetails subscriber={s} /> : null
      }
    />
  );
}

function MealList({ meal, search }: { meal: Meal; search: string }) {
  const [offset, setOffset] = useState(0);
  const list = useActiveSubscribers({
    service_type: 'tiffin',
    meal_type: meal,
    limit: PAGE_SIZE,
    offset,
    ...(search ? { search } : {}),
  });
  return (
    <section className={stack} aria-labelledby={`meal-${meal}`}>
      <h3 id={`meal-${meal}`} className={sectionTitle}>
        Tiffin {meal}
      </h3>
      {list.isPending ? (
        <PageSpinner label={`Loading tiffin ${meal} list`} />
      ) : list.isError ? (
        <Card role="alert">Could not fetch active subscribers.</Card>
      ) : list.data.rows.length === 0 ? (
        <p>No tiffin customers take {meal}.</p>
      ) : (
        <SubscriberTable caption={`Tiffin customers taking ${meal}`} rows={list.data.rows} />
      )}
      <Pager
        label={`Tiffin ${meal}`}
        offset={offset}
        limit={PAGE_SIZE}
        total={list.data?.total ?? 0}
        onOffset={setOffset}
      />
    </section>
  );
}

export function ActiveSubscribersTab() {
  const [service, setService] = useState<Service>('all');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [openMeal, setOpenMeal] = useState<Meal | null>(null);
  const [extendingAll, setExtendingAll] = useState(false);
  const debounced = useDebounced(search.trim(), 300);
  useEffect(() => setOffset(0), [debounced, service]);
  const searchQuery = debounced ? { search: debounced } : {};

  const allCount = useCount(searchQuery);
  const tiffinCount = useCount({ ...searchQuery, service_type: 'tiffin' });
  const messCount = useCount({ ...searchQuery, service_type: 'mess' });
  const breakfastCount = useCount({
    ...searchQuery,
    service_type: 'tiffin',
    meal_type: 'breakfast',
  });
  const lunchCount = useCount({ ...searchQuery, service_type: 'tiffin', meal_type: 'lunch' });
  const dinnerCount = useCount({ ...searchQuery, service_type: 'tiffin', meal_type: 'dinner' });
  const mealCounts: Record<Meal, number | undefined> = {
    breakfast: breakfastCount,
    lunch: lunchCount,
    dinner: dinnerCount,
  };

  const list = useActiveSubscribers({
    limit: PAGE_SIZE,
    offset,
    ...searchQuery,
    ...(service === 'all' ? {} : { service_type: service }),
  });
  useErrorToast(
    list.isError,
    'Failed to Load Active Subscribers',
    'Could not fetch active subscribers.',
  );

  return (
    <div className={stack}>
      <div className={styles.toolbar}>
        <TextField
          label="Search subscribers"
          type="search"
          placeholder="Name, username, e-mail or phone"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Button tone="secondary" onClick={() => setExtendingAll(true)}>
          Extend all active
        </Button>
      </div>
      <ExtendAllDialog open={extendingAll} onClose={() => setExtendingAll(false)} />
      <FilterButtons<Service>
        label="Filter by service"
        value={service}
        onChange={(value) => {
          setService(value);
          if (value !== 'tiffin') setOpenMeal(null);
        }}
        options={[
          { value: 'all', label: 'All', count: allCount },
          { value: 'tiffin', label: 'Tiffin', count: tiffinCount },
          { value: 'mess', label: 'Mess', count: messCount },
        ]}
      />
      {service === 'tiffin' ? (
        <div role="group" aria-label="Tiffin meal lists" className={row}>
          {MEALS.map((meal) => (
            <button
              key={meal}
              type="button"
              className={filterButton}
              aria-expanded={openMeal === meal}
              aria-controls={openMeal === meal ? `meal-list-${meal}` : undefined}
              onClick={() => setOpenMeal(openMeal === meal ? null : meal)}
            >
              {capitalise(meal)}: {mealCounts[meal] ?? '…'}
            </button>
          ))}
        </div>
      ) : null}
      {service === 'tiffin' && openMeal ? (
        <div id={`meal-list-${openMeal}`}>
          <MealList meal={openMeal} search={debounced} />
        </div>
      ) : null}
      {list.isPending ? (
        <PageSpinner label="Loading active subscribers" />
      ) : list.isError ? (
        <Card role="alert">Could not fetch active subscribers.</Card>
      ) : list.data.rows.length === 0 ? (
        <EmptyState title="No Active Subscribers" />
      ) : (
        <SubscriberTable caption="Active subscribers" rows={list.data.rows} />
      )}
      <Pager
        label="Active subscribers"
        offset={offset}
        limit={PAGE_SIZE}
        total={list.data?.total ?? 0}
        onOffset={setOffset}
      />
    </div>
  );
}

// Active Subscribers tab: All / Tiffin / Mess with counts, search, the tiffin breakfast, lunch and
// dinner counts that expand their delivery lists, and rows with profile info and subscription details.
// The owner adjusts one subscriber's end date from its row, or extends every active one at once.
import { useState } from 'react';
import {
  PAGE_SIZE,
  useActiveSubscribers,
  type ActiveSubscriber,
  type SubscribersQuery,
} from '@web/api/admin';
import { Button, ExpandButton, SmallButton } from '@web/components/Button';
import { useExpandable } from '@web/lib/useExpandable';
import { Badge, Details, EmptyState } from '@web/components/Card';
import { CustomerLink } from '@web/components/CustomerLink';
import { useT, type Translate } from '@web/i18n/i18n';
import { lifecycleLabel } from '@web/i18n/labels';
import { FilterButtons } from '@web/components/Filters';
import { PagedList } from '@web/components/Loaded';
import { filterButton } from '@web/components/Filters.css';
import { Table, type Column } from '@web/components/Table';
import { expiryTone } from '@machines/subscription';
import {
  wordLabel,
  formatDate,
  formatMeals,
  subscriptionMoneyItems,
  todayIso,
} from '@web/lib/format';
import { usePageOffset } from '@web/lib/usePageOffset';
import { row, sectionTitle, stack } from '@web/styles/utils.css';
import * as styles from './SuperuserPage.css';
import { AdjustEndDateDialog, ExtendAllDialog } from '@web/features/subscription';
import { EmailAddress } from '@web/features/walk-in';
import { SearchToolbar, useSearchText } from './SearchToolbar';
import { PhoneNumber } from '@web/components/PhoneNumber';

type Service = 'all' | 'tiffin' | 'mess';
type Meal = 'breakfast' | 'lunch' | 'dinner';
const MEALS: readonly Meal[] = ['breakfast', 'lunch', 'dinner'];

/** Where a customer page's back link returns: this tab. */
const SUBSCRIBERS_TAB = '/admin/superuser?tab=subscribers';

/** Only the count (X-Total-Count) of a filter: one row is enough. */
function useCount(query: SubscribersQuery) {
  return useActiveSubscribers({ ...query, limit: 1, offset: 0 }).data?.total;
}

function ProfileInfo({ subscriber }: { subscriber: ActiveSubscriber }) {
  const t = useT();
  const info = subscriber.profile_info;
  if (subscriber.user_type === 'student') {
    return (
      <span>
        {t('superuser.subscribers.institute', {
          institute: info.institute ?? '—',
          studentId: info.student_id ?? '—',
        })}
        <br />
        {t('superuser.subscribers.hostel', {
          hostel: info.hostel ?? '—',
          year: info.year ?? '—',
          course: info.course ?? '—',
        })}
      </span>
    );
  }
  return (
    <span>
      {info.address ?? '—'}
      {info.landmark ? (
        <>
          <br />
          {t('superuser.subscribers.landmark', { landmark: info.landmark })}
        </>
      ) : null}
    </span>
  );
}

function subscriberColumns(
  t: Translate,
  expanded: ReadonlySet<number>,
  toggle: (id: number) => void,
  onAdjust: (subscriber: ActiveSubscriber) => void,
): Column<ActiveSubscriber>[] {
  return [
    {
      key: 'name',
      header: t('superuser.column.name'),
      cell: (s) => (
        <span>
          <CustomerLink id={s.id} from={SUBSCRIBERS_TAB}>
            {s.full_name || s.username}
          </CustomerLink>
          <br />@{s.username}
        </span>
      ),
    },
    {
      key: 'contact',
      header: t('superuser.column.contact'),
      cell: (s) => (
        <span>
          <PhoneNumber phone={s.phone} />
          <br />
          <EmailAddress address={s.email} />
        </span>
      ),
    },
    {
      key: 'profile',
      header: t('superuser.column.profileInfo'),
      cell: (s) => <ProfileInfo subscriber={s} />,
    },
    {
      key: 'service',
      header: t('superuser.column.service'),
      cell: (s) => (
        <span className={row}>
          <Badge tone={s.service_type === 'tiffin' ? 'info' : 'success'}>
            {s.service_type === 'tiffin' ? t('format.service.tiffin') : t('format.service.mess')}
          </Badge>
          <Badge>{wordLabel(s.user_type)}</Badge>
          {s.breakfast_included ? <Badge tone="warning">{t('format.meal.breakfast')}</Badge> : null}
        </span>
      ),
    },
    {
      key: 'plan',
      header: t('superuser.column.plan'),
      cell: (s) => s.plan_name,
    },
    {
      key: 'profileStatus',
      header: t('superuser.column.profileStatus'),
      cell: (s) => lifecycleLabel('account', s.user_status),
    },
    {
      key: 'ends',
      header: t('superuser.column.ends'),
      // Red once past, yellow within 5 days (docs/web.md: Screens).
      cell: (s) => (
        <span className={styles.expiry({ tone: expiryTone(s.adjusted_end_date, todayIso()) })}>
          {formatDate(s.adjusted_end_date)}
        </span>
      ),
    },
    {
      key: 'details',
      header: t('superuser.column.subscription'),
      cell: (s) => (
        <span className={row}>
          <ExpandButton
            expanded={expanded.has(s.subscription_id)}
            onToggle={() => toggle(s.subscription_id)}
            text={[t('superuser.subscribers.details'), t('superuser.subscribers.hideDetails')]}
            label={[
              t('superuser.subscribers.detailsLabel', { username: s.username }),
              t('superuser.subscribers.hideDetailsLabel', { username: s.username }),
            ]}
          />
          <SmallButton
            onClick={() => onAdjust(s)}
            aria-label={t('superuser.adjust.rowLabel', { username: s.username })}
          >
            {t('superuser.adjust.title')}
          </SmallButton>
        </span>
      ),
    },
  ];
}

function SubscriptionDetails({ subscriber }: { subscriber: ActiveSubscriber }) {
  const t = useT();
  return (
    <Details
      items={[
        [t('superuser.column.subscription'), `#${subscriber.subscription_id}`],
        [t('superuser.column.plan'), subscriber.plan_name],
        [t('superuser.column.status'), lifecycleLabel('subscription', subscriber.status)],
        [t('superuser.subscribers.meals'), formatMeals(subscriber.included_meals)],
        [t('superuser.startDate'), formatDate(subscriber.start_date)],
        [t('superuser.baseEndDate'), formatDate(subscriber.base_end_date)],
        [t('superuser.adjustedEndDate'), formatDate(subscriber.adjusted_end_date)],
        [t('superuser.daysRemaining'), subscriber.days_remaining],
        ...subscriptionMoneyItems(subscriber),
      ]}
    />
  );
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
  const t = useT();
  return (
    <Table
      caption={caption}
      columns={subscriberColumns(t, expanded, toggle, onAdjust)}
      rows={rows}
      rowKey={(s) => s.subscription_id}
      expanded={(s) =>
        expanded.has(s.subscription_id) ? <SubscriptionDetails subscriber={s} /> : null
      }
    />
  );
}

function MealList({ meal, search }: { meal: Meal; search: string }) {
  const t = useT();
  const [offset, setOffset] = usePageOffset([meal, search]);
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
        {t('superuser.subscribers.mealHeading', { meal })}
      </h3>
      <PagedList
        read={list}
        loading={t('superuser.subscribers.mealLoading', { meal })}
        failed={t('superuser.subscribers.loadFailed')}
        empty={<p>{t('superuser.subscribers.mealNone', { meal })}</p>}
        pager={{
          label: t('superuser.subscribers.mealHeading', { meal }),
          offset,
          onOffset: setOffset,
        }}
      >
        {(rows) => (
          <SubscriberTable caption={t('superuser.subscribers.mealCaption', { meal })} rows={rows} />
        )}
      </PagedList>
    </section>
  );
}

export function ActiveSubscribersTab() {
  const t = useT();
  const [service, setService] = useState<Service>('all');
  const search = useSearchText();
  const [openMeal, setOpenMeal] = useState<Meal | null>(null);
  const [extendingAll, setExtendingAll] = useState(false);
  const [offset, setOffset] = usePageOffset([search.query, service]);
  const searchQuery = search.query ? { search: search.query } : {};

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

  return (
    <div className={stack}>
      <SearchToolbar
        label={t('superuser.subscribers.search')}
        placeholder={t('superuser.subscribers.searchPlaceholder')}
        search={search}
      >
        <Button tone="secondary" onClick={() => setExtendingAll(true)}>
          {t('superuser.extend.open')}
        </Button>
      </SearchToolbar>
      <ExtendAllDialog open={extendingAll} onClose={() => setExtendingAll(false)} />
      <FilterButtons<Service>
        label={t('superuser.subscribers.filter')}
        value={service}
        onChange={(value) => {
          setService(value);
          if (value !== 'tiffin') setOpenMeal(null);
        }}
        options={[
          { value: 'all', label: t('superuser.filter.all'), count: allCount },
          { value: 'tiffin', label: t('format.service.tiffin'), count: tiffinCount },
          { value: 'mess', label: t('format.service.mess'), count: messCount },
        ]}
      />
      {service === 'tiffin' ? (
        <div role="group" aria-label={t('superuser.subscribers.mealLists')} className={row}>
          {MEALS.map((meal) => (
            <button
              key={meal}
              type="button"
              className={filterButton}
              aria-expanded={openMeal === meal}
              aria-controls={openMeal === meal ? `meal-list-${meal}` : undefined}
              onClick={() => setOpenMeal(openMeal === meal ? null : meal)}
            >
              {wordLabel(meal)}: {mealCounts[meal] ?? '…'}
            </button>
          ))}
        </div>
      ) : null}
      {service === 'tiffin' && openMeal ? (
        <div id={`meal-list-${openMeal}`}>
          <MealList meal={openMeal} search={search.query} />
        </div>
      ) : null}
      <PagedList
        read={list}
        loading={t('superuser.subscribers.loading')}
        failed={t('superuser.subscribers.loadFailed')}
        toast={t('superuser.subscribers.loadFailedTitle')}
        empty={<EmptyState title={t('superuser.subscribers.none')} />}
        pager={{ label: t('superuser.subscribers.caption'), offset, onOffset: setOffset }}
      >
        {(rows) => <SubscriberTable caption={t('superuser.subscribers.caption')} rows={rows} />}
      </PagedList>
    </div>
  );
}

// The owner's and a manager's deliveries page (issue 22): for a date and meal, the run's progress
// per route (asked again every 20 s and on focus), the missed stops, the boxes still out and the
// riders' cash to confirm; a tab of the routes to add, change and remove; and, from a route, its
// run sheet to print. The date, meal, tab and printed route live in the address (?date=…&meal=…),
// so the browser's Back leaves the printed sheet and a reload keeps what was chosen.
import { useLocation, useSearch } from 'wouter';
import { isIsoDate } from '@machines/shared';
import { nextMealAt } from '@machines/delivery-stop';
import type { Meal } from '@web/features/delivery-stop';
import { DateField } from '@web/components/DateField';
import { SelectField } from '@web/components/Field';
import { TabPanel, Tabs } from '@web/components/Tabs';
import { PageHeader } from '@web/components/PageHeader';
import { useT } from '@web/i18n/i18n';
import { mealLabel, todayIso } from '@web/lib/format';
import { stack } from '@web/styles/utils.css';
import * as riderStyles from './DeliveriesPage.css';
import * as styles from './OwnerDeliveries.css';
import { businessHour, DELIVERY_MEALS } from './deliveriesModel';
import { PendingCash } from './PendingCash';
import { RouteSheet } from './RouteSheet';
import { RoutesPanel } from './RoutesPanel';
import { RunProgress } from './RunProgress';

const TABS = ['run', 'routes'] as const;
type Tab = (typeof TABS)[number];

/** The page's choices as the address keeps them, and a way to change them. */
function useRunChoice() {
  const [pathname, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const date = params.get('date');
  const meal = params.get('meal');
  const tab = params.get('tab');
  const sheet = Number(params.get('sheet'));
  const choice = {
    date: isIsoDate(date) ? date : todayIso(),
    meal: DELIVERY_MEALS.find((known) => known === meal) ?? nextMealAt(businessHour()),
    tab: TABS.find((known) => known === tab) ?? 'run',
    sheet: Number.isInteger(sheet) && sheet > 0 ? sheet : null,
  };
  const go = (next: Partial<typeof choice>, replace = true) => {
    const merged = { ...choice, ...next };
    const query = new URLSearchParams({ date: merged.date, meal: merged.meal });
    if (merged.tab !== 'run') query.set('tab', merged.tab);
    if (merged.sheet !== null) query.set('sheet', String(merged.sheet));
    navigate(`${pathname}?${query.toString()}`, { replace });
  };
  return { ...choice, go };
}

export function OwnerDeliveries() {
  const t = useT();
  const { date, meal, tab, sheet, go } = useRunChoice();
  const openSheet = (route: number) => go({ sheet: route }, false);

  if (sheet !== null) {
    return <RouteSheet route={sheet} date={date} meal={meal} onBack={() => go({ sheet: null })} />;
  }
  return (
    <div className={stack}>
      <PageHeader title={t('deliveries.owner.title')} intro={t('deliveries.owner.intro')} />
      <div className={`${riderStyles.pickers} ${styles.pickers}`}>
        <DateField
          label={t('deliveries.date')}
          value={date}
          onChange={(event) => {
            if (event.target.value) go({ date: event.target.value });
          }}
        />
        <SelectField
          label={t('deliveries.meal')}
          value={meal}
          onChange={(event) => go({ meal: event.target.value as Meal })}
          options={DELIVERY_MEALS.map((value) => ({ value, label: mealLabel(value) }))}
        />
      </div>
      <Tabs
        fit
        value={tab}
        onValueChange={(value) => go({ tab: value as Tab })}
        label={t('deliveries.owner.tabs')}
        tabs={[
          { value: 'run', label: t('deliveries.owner.tab.run') },
          { value: 'routes', label: t('deliveries.owner.tab.routes') },
        ]}
      >
        <TabPanel value="run" className={stack}>
          <RunProgress date={date} meal={meal} onPrint={openSheet} />
          <PendingCash />
        </TabPanel>
        <TabPanel value="routes" className={stack}>
          <RoutesPanel onPrint={openSheet} />
        </TabPanel>
      </Tabs>
    </div>
  );
}

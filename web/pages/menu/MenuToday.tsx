// The dashboard's menu: today's and tomorrow's meals, in the reader's language, with a link to the
// week (/menu). Offline, the menu this device loaded last.
import { addDays } from '@machines/shared';
import { useMenu, type MenuDay } from '@web/features/menu';
import { ButtonLink } from '@web/components/Button';
import { Card } from '@web/components/Card';
import { Skeleton } from '@web/components/Skeleton';
import { useT } from '@web/i18n/i18n';
import { formatDate, todayIso } from '@web/lib/format';
import { muted, sectionTitle, stack } from '@web/styles/utils.css';
import { MenuDayMeals } from './MenuDayMeals';
import * as styles from './MenuPage.css';

/** While the menu loads: a day of two dishes a meal, so the cards below keep their place. */
const sampleDay = (date: string): MenuDay => {
  const dishes = [
    { name: 'Dal tadka', name_hi: null, mark: 'veg' as const },
    { name: 'Jeera rice', name_hi: null, mark: 'veg' as const },
  ];
  const meal = { dishes, source: 'week' as const };
  return { date, weekday: 'monday', meals: { breakfast: meal, lunch: meal, dinner: meal } };
};

export function MenuToday() {
  const t = useT();
  const menu = useMenu();
  // The business's today (one clock): an offline copy may have been loaded days ago.
  const today = todayIso();
  const shown = [
    { date: today, label: t('menuToday.today') },
    { date: addDays(today, 1), label: t('menuToday.tomorrow') },
  ].flatMap(({ date, label }) => {
    const day = menu.data?.days.find((candidate) => candidate.date === date);
    return day ? [{ day, label }] : [];
  });
  return (
    <Card aria-labelledby="menu-today-title" className={stack}>
      <h2 id="menu-today-title" className={sectionTitle}>
        {t('menuToday.title')}
      </h2>
      {menu.offline ? <p className={styles.offline}>{t('format.menu.offline')}</p> : null}
      {shown.length === 0 && menu.isLoading ? (
        <Skeleton loading label={t('menuToday.loading')}>
          <div className={styles.twoDays}>
            <MenuDayMeals day={sampleDay(today)} headingLevel={4} />
            <MenuDayMeals day={sampleDay(addDays(today, 1))} headingLevel={4} />
          </div>
        </Skeleton>
      ) : shown.length === 0 ? (
        <p className={muted}>{t('menuToday.loadFailed')}</p>
      ) : (
        <div className={styles.twoDays}>
          {shown.map(({ day, label }) => (
            <section key={day.date} aria-label={label} className={stack}>
              <h3 className={styles.dayTitle}>
                {label} <span className={muted}>{formatDate(day.date)}</span>
              </h3>
              <MenuDayMeals day={day} headingLevel={4} />
            </section>
          ))}
        </div>
      )}
      <div>
        <ButtonLink href="/menu" tone="secondary">
          {t('menuToday.week')}
        </ButtonLink>
      </div>
    </Card>
  );
}

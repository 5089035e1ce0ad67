// The week's menu (/menu): each day from today, each meal's dishes in the reader's language with
// their diet marks; a date the owner changed says so. Offline, the menu this device loaded last.
import { addDays } from '@machines/shared';
import { useMenu } from '@web/features/menu';
import { Card } from '@web/components/Card';
import { PageSpinner } from '@web/components/Spinner';
import { PageHeader } from '@web/components/PageHeader';
import { useT } from '@web/i18n/i18n';
import { formatDate, formatWeekday, todayIso } from '@web/lib/format';
import { muted, stack } from '@web/styles/utils.css';
import { MenuDayMeals } from './MenuDayMeals';
import * as styles from './MenuPage.css';

export function MenuPage() {
  const t = useT();
  const menu = useMenu();
  // The business's today (one clock): an offline copy may have been loaded days ago.
  const today = todayIso();
  const days = (menu.data?.days ?? []).filter((day) => day.date >= today);
  const dayLabel = (date: string) =>
    date === today
      ? t('menu.today')
      : date === addDays(today, 1)
        ? t('menu.tomorrow')
        : formatWeekday(date);
  return (
    <div className={stack}>
      <PageHeader title={t('menu.title')} intro={t('menu.subtitle')} />
      {menu.offline ? <p className={styles.offline}>{t('format.menu.offline')}</p> : null}
      {days.length === 0 && menu.isLoading ? (
        <PageSpinner label={t('menu.loading')} />
      ) : days.length === 0 ? (
        <Card role="alert">{t('menu.loadFailed')}</Card>
      ) : (
        <div className={styles.days}>
          {days.map((day) => (
            <Card key={day.date} aria-labelledby={`menu-${day.date}`} className={stack}>
              <h2 id={`menu-${day.date}`} className={styles.dayTitle}>
                {dayLabel(day.date)} <span className={muted}>{formatDate(day.date)}</span>
              </h2>
              <MenuDayMeals day={day} headingLevel={3} />
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}

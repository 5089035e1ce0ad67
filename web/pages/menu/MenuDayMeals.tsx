// One date's meals: each meal's name, its dishes (DishList) and whether the owner changed it for
// that date. The menu page and the dashboard's menu show a day alike.
import { MENU_MEALS } from '@machines/menu';
import type { MenuDay } from '@web/features/menu';
import { DishList } from '@web/components/DishList';
import { useT } from '@web/i18n/i18n';
import { formatDate, mealLabel } from '@web/lib/format';
import * as styles from './MenuPage.css';

export function MenuDayMeals({ day, headingLevel }: { day: MenuDay; headingLevel: 3 | 4 }) {
  const t = useT();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className={styles.meals}>
      {MENU_MEALS.map((meal) => {
        const served = day.meals[meal];
        return (
          <div key={meal} className={styles.meal}>
            <Heading className={styles.mealTitle}>
              {mealLabel(meal)}
              {served.source === 'date' ? (
                <span className={styles.changed}>{t('format.menu.changed')}</span>
              ) : null}
            </Heading>
            <DishList
              dishes={served.dishes}
              label={t('format.menu.dishesOf', {
                meal: mealLabel(meal),
                date: formatDate(day.date),
              })}
            />
          </div>
        );
      })}
    </div>
  );
}

// The kitchen sheet's diet counts (issue 20): per meal, how many of the customers cooked for eat
// veg, egg, non-veg or Jain, and how many have not said. One line a meal, so a phone shows all
// three without scrolling past a table.
import { DIETS, MENU_MEALS } from '@machines/menu';
import type { KitchenSheet } from '@web/api/admin';
import { useT } from '@web/i18n/i18n';
import { mealLabel, wordLabel } from '@web/lib/format';
import { sectionTitle, stack } from '@web/styles/utils.css';
import * as styles from './KitchenDiets.css';

export function KitchenDiets({ sheet }: { sheet: KitchenSheet }) {
  const t = useT();
  return (
    <section aria-labelledby="diets-title" className={stack}>
      <h2 id="diets-title" className={sectionTitle}>
        {t('kitchen.diets.title')}
      </h2>
      <ul className={styles.diets} aria-label={t('kitchen.diets.caption')}>
        {MENU_MEALS.map((meal) => {
          const counts = sheet.diets[meal];
          const parts = [
            ...DIETS.map((diet) => `${wordLabel(diet)} ${counts[diet]}`),
            `${t('format.diet.none')} ${counts.unset}`,
          ];
          return (
            <li key={meal}>
              <strong>{mealLabel(meal)}:</strong> {parts.join(' · ')}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

// The kitchen sheet's diet counts (issue 20): how many of the customers cooked for the sheet's meal
// eat veg, egg, non-veg or Jain, and how many have not said, on one line that fits a phone; each
// diet with its FSSAI mark, as the menu's dishes show it.
import { DIETS } from '@machines/menu';
import type { Meal } from '@machines/settings';
import type { KitchenSheet } from '@web/api/admin';
import { DietMark } from '@web/components/DietMark';
import { useT } from '@web/i18n/i18n';
import { mealLabel } from '@web/lib/format';
import { sectionTitle, stack } from '@web/styles/utils.css';
import * as styles from './KitchenDiets.css';

export function KitchenDiets({ sheet, meal }: { sheet: KitchenSheet; meal: Meal }) {
  const t = useT();
  const counts = sheet.diets[meal];
  return (
    <section aria-labelledby="diets-title" className={stack}>
      <h2 id="diets-title" className={sectionTitle}>
        {t('kitchen.diets.title')}
      </h2>
      <p className={styles.meal}>
        <strong>{mealLabel(meal)}:</strong>
        {DIETS.map((diet) => (
          <span key={diet} className={styles.count}>
            <DietMark mark={diet} /> {counts[diet]}
          </span>
        ))}
        <span className={styles.count}>
          {t('format.diet.none')} {counts.unset}
        </span>
      </p>
    </section>
  );
}

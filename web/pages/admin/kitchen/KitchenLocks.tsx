// The kitchen sheet's locks (issue 20): per meal the count fixed at its cutoff and the change since
// ("Lunch 212 (+2 after 9:00 am)"), or when it will lock, with who came or went after the lock.
// The sentences are machines/kitchen's, so the screen and `dabba kitchen` say the same. Every meal
// of the day is listed, the sheet's own meal marked.
import { lockHeadline, lockNotes } from '@machines/kitchen';
import { MEALS, type Meal } from '@machines/settings';
import type { KitchenSheet } from '@web/api/admin';
import { currentLanguage, useT } from '@web/i18n/i18n';
import { businessTimeZone, mealLabel } from '@web/lib/format';
import { muted, sectionTitle, stack } from '@web/styles/utils.css';
import * as styles from './KitchenLocks.css';

export function KitchenLocks({ sheet, meal: shown }: { sheet: KitchenSheet; meal: Meal }) {
  const t = useT();
  const language = currentLanguage();
  const zone = businessTimeZone();
  const now = new Date().toISOString();
  return (
    <section aria-labelledby="locks-title" className={stack}>
      <h2 id="locks-title" className={sectionTitle}>
        {t('kitchen.locks.title')}
      </h2>
      <p className={muted}>{t('kitchen.locks.hint')}</p>
      <ul className={styles.locks} aria-label={t('kitchen.locks.caption')}>
        {MEALS.map((meal) => {
          const lock = sheet.locks[meal];
          const changed = (lock.difference ?? 0) !== 0;
          const current = meal === shown;
          return (
            <li
              key={meal}
              className={current ? `${styles.lock} ${styles.current}` : styles.lock}
              data-meal={meal}
              aria-current={current ? 'true' : undefined}
            >
              <span className={changed ? `${styles.headline} ${styles.changed}` : styles.headline}>
                {lockHeadline(language, meal, sheet.date, lock, now, zone, mealLabel(meal))}
              </span>
              {lockNotes(language, sheet.date, lock, zone).map((note) => (
                <span key={note} className={styles.note}>
                  {note}
                </span>
              ))}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

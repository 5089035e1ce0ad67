// A meal's dishes, each in the reader's language (the owner's Hindi name when given): its FSSAI
// symbol before the name, as menus print it, and its diet word at the end of the line, where the
// eye counts them; the menu page, the dashboard's menu and next meal, and the owner's editor show
// dishes alike.
import { dishName } from '@machines/menu';
import type { DishBody } from '@web/features/menu';
import { useLanguage, useT } from '@web/i18n/i18n';
import { wordLabel } from '@web/lib/format';
import { muted } from '@web/styles/utils.css';
import { DietSymbol } from './DietMark';
import * as styles from './DishList.css';

export function DishList({ dishes, label }: { dishes: readonly DishBody[]; label: string }) {
  const t = useT();
  const language = useLanguage();
  if (dishes.length === 0) return <p className={muted}>{t('format.menu.none')}</p>;
  return (
    <ul className={styles.list} aria-label={label}>
      {dishes.map((dish) => (
        <li key={dish.name} className={styles.dish}>
          <DietSymbol mark={dish.mark} className={styles.symbol} />
          <span className={styles.name}>{dishName(dish, language)}</span>
          <span className={styles.word}>{wordLabel(dish.mark)}</span>
        </li>
      ))}
    </ul>
  );
}

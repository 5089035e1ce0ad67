// A meal's dishes, each in the reader's language (the owner's Hindi name when given) with its
// veg / egg / non-veg / Jain mark; the menu page, the dashboard's menu and the owner's editor show
// dishes alike.
import { dishName } from '@machines/menu';
import type { DishBody } from '@web/features/menu';
import { useLanguage, useT } from '@web/i18n/i18n';
import { wordLabel } from '@web/lib/format';
import { muted } from '@web/styles/utils.css';
import * as styles from './DishList.css';

function DishMark({ mark }: { mark: DishBody['mark'] }) {
  return <span className={styles.mark[mark]}>{wordLabel(mark)}</span>;
}

export function DishList({ dishes, label }: { dishes: readonly DishBody[]; label: string }) {
  const t = useT();
  const language = useLanguage();
  if (dishes.length === 0) return <p className={muted}>{t('format.menu.none')}</p>;
  return (
    <ul className={styles.list} aria-label={label}>
      {dishes.map((dish) => (
        <li key={dish.name} className={styles.dish}>
          <span>{dishName(dish, language)}</span>
          <DishMark mark={dish.mark} />
        </li>
      ))}
    </ul>
  );
}

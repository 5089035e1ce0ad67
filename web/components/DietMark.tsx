// The FSSAI food marks (Food Safety and Standards (Labelling and Display) Regulations): a green
// filled circle in a green square outline for vegetarian food, a brown filled triangle in a brown
// square outline for non-vegetarian food, which since 2022 includes food with egg. Jain food is
// vegetarian, so it carries the green mark. The symbol names itself to a screen reader, and the
// diet word beside it ("Veg", "Egg", "Non-veg", "Jain") is what the kitchen counts by: colour and
// shape are never the only signal. Every screen that shows a dish or a diet count draws this.
import type { DishMark } from '@machines/menu';
import { useT } from '@web/i18n/i18n';
import { wordLabel } from '@web/lib/format';
import * as styles from './DietMark.css';

/** The FSSAI colours: veg green and non-veg brown. */
const VEG_GREEN = '#118a3c';
const NON_VEG_BROWN = '#7a3a0d';

/** Whether a dish of `mark` carries the vegetarian symbol (veg and Jain) or the non-vegetarian one. */
const isVegetarian = (mark: DishMark) => mark === 'veg' || mark === 'jain';

/** The symbol alone, named for a screen reader. */
export function DietSymbol({ mark, className }: { mark: DishMark; className?: string }) {
  const t = useT();
  const veg = isVegetarian(mark);
  const colour = veg ? VEG_GREEN : NON_VEG_BROWN;
  return (
    <svg
      className={className ? `${styles.symbol} ${className}` : styles.symbol}
      viewBox="0 0 20 20"
      role="img"
      aria-label={t(veg ? 'format.diet.symbol.veg' : 'format.diet.symbol.non_veg')}
      data-mark={veg ? 'veg' : 'non_veg'}
    >
      <rect x="1" y="1" width="18" height="18" rx="2" fill="#fff" stroke={colour} strokeWidth="2" />
      {veg ? (
        <circle cx="10" cy="10" r="5" fill={colour} />
      ) : (
        <path d="M10 4.5 L15.5 14.5 H4.5 Z" fill={colour} />
      )}
    </svg>
  );
}

/** The symbol and the diet word: a dish's mark, or a diet in the kitchen's counts. */
export function DietMark({ mark }: { mark: DishMark }) {
  return (
    <span className={styles.mark}>
      <DietSymbol mark={mark} />
      <span>{wordLabel(mark)}</span>
    </span>
  );
}

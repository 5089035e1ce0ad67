// The owner's week grid (issue 37, item 12): every weekday's breakfast, lunch and dinner on one
// screen, a row a day and a column a meal on a desktop, a block a day on a phone, saved at once
// with one Save. A meal with unsaved changes says so; the save bar counts them, leaving the page
// asks first, and a refused save marks the dishes the server named, nothing being stored.
import { useEffect, useRef, useState, type Dispatch } from 'react';
import { DISH_MARKS, MENU_MEALS, WEEKDAYS, type DishMark, type Weekday } from '@machines/menu';
import { addDays } from '@machines/shared';
import { ApiError, failureToast, fieldErrors } from '@web/api/errors';
import { useSetMenuWeek } from '@web/features/menu';
import { Button, SmallButton } from '@web/components/Button';
import { DietSymbol } from '@web/components/DietMark';
import { useToast } from '@web/components/Toaster';
import { useT } from '@web/i18n/i18n';
import { formatWeekday, mealLabel, wordLabel } from '@web/lib/format';
import { row } from '@web/styles/utils.css';
import { LeaveGuard } from './LeaveGuard';
import {
  cellOf,
  knownNames,
  slotId,
  unsavedSlots,
  weekSave,
  type DishDraft,
  type Slot,
  type WeekGrid,
  type WeekGridAction,
} from './weekGrid';
import * as styles from './WeekGridEditor.css';

/** A weekday's name in the screen's language (2026-11-30 was a Monday). */
const weekdayName = (weekday: Weekday) =>
  formatWeekday(addDays('2026-11-30', WEEKDAYS.indexOf(weekday)));

const KNOWN_DISHES = 'menu-known-dishes';

interface CellProps {
  readonly slot: Slot;
  readonly grid: WeekGrid;
  readonly dispatch: Dispatch<WeekGridAction>;
  readonly unsaved: boolean;
}

function DishRow({
  slot,
  draft,
  n,
  cell,
  grid,
  dispatch,
}: Omit<CellProps, 'unsaved'> & { draft: DishDraft; n: number; cell: string }) {
  const t = useT();
  const errors = grid.dishErrors.get(draft.key) ?? {};
  const id = `week-${slotId(slot).replace('.', '-')}-${draft.key}`;
  const edit = (change: Partial<Pick<DishDraft, 'name' | 'nameHi' | 'mark'>>) =>
    dispatch({ type: 'edit', slot, key: draft.key, change });
  const described = (field: keyof typeof errors) =>
    errors[field] ? `${id}-${field}-error` : undefined;
  return (
    <li className={styles.dish}>
      <input
        className={styles.control}
        aria-label={t('adminMenu.week.dishName', { cell, n })}
        placeholder={t('adminMenu.week.namePlaceholder')}
        list={KNOWN_DISHES}
        maxLength={80}
        value={draft.name}
        aria-invalid={errors.name ? true : undefined}
        aria-describedby={described('name')}
        onChange={(event) => edit({ name: event.target.value })}
      />
      <span className={styles.markPick}>
        <DietSymbol mark={draft.mark} />
        <select
          className={styles.markSelect}
          aria-label={t('adminMenu.week.dishMark', { cell, n })}
          value={draft.mark}
          aria-invalid={errors.mark ? true : undefined}
          aria-describedby={described('mark')}
          onChange={(event) => edit({ mark: event.target.value as DishMark })}
        >
          {DISH_MARKS.map((mark) => (
            <option key={mark} value={mark}>
              {wordLabel(mark)}
            </option>
          ))}
        </select>
      </span>
      <input
        className={styles.hindi}
        lang="hi"
        aria-label={t('adminMenu.week.dishNameHi', { cell, n })}
        placeholder={t('adminMenu.week.nameHiPlaceholder')}
        maxLength={80}
        value={draft.nameHi}
        aria-invalid={errors.name_hi ? true : undefined}
        aria-describedby={described('name_hi')}
        onChange={(event) => edit({ nameHi: event.target.value })}
      />
      <Button
        tone="ghost"
        size="sm"
        aria-label={t('adminMenu.week.remove', { cell, n })}
        onClick={() => dispatch({ type: 'remove', slot, key: draft.key })}
      >
        {t('adminMenu.dish.remove')}
      </Button>
      {(['name', 'name_hi', 'mark'] as const).map((field) =>
        errors[field] ? (
          <p key={field} id={`${id}-${field}-error`} className={styles.error}>
            {errors[field]}
          </p>
        ) : null,
      )}
    </li>
  );
}

function MealCell({ slot, grid, dispatch, unsaved }: CellProps) {
  const t = useT();
  const drafts = cellOf(grid, slot);
  const mealError = grid.mealErrors.get(slotId(slot));
  const refused = mealError !== undefined || drafts.some((d) => grid.dishErrors.has(d.key));
  const cell = t('adminMenu.week.cell', {
    meal: mealLabel(slot.meal),
    weekday: weekdayName(slot.weekday),
  });
  return (
    <fieldset
      className={styles.cell[refused ? 'refused' : unsaved ? 'unsaved' : 'saved']}
      aria-label={cell}
    >
      <legend className={styles.legend}>
        <span className={styles.legendMeal}>{mealLabel(slot.meal)}</span>
        {unsaved ? <span className={styles.notSaved}>{t('adminMenu.week.notSaved')}</span> : null}
      </legend>
      {drafts.length === 0 ? (
        <p className={styles.nothing}>{t('adminMenu.week.nothing')}</p>
      ) : (
        <ol className={styles.dishes}>
          {drafts.map((draft, index) => (
            <DishRow
              key={draft.key}
              slot={slot}
              draft={draft}
              n={index + 1}
              cell={cell}
              grid={grid}
              dispatch={dispatch}
            />
          ))}
        </ol>
      )}
      {mealError ? <p className={styles.error}>{mealError}</p> : null}
      <SmallButton
        className={styles.add}
        aria-label={t('adminMenu.week.add', { cell })}
        onClick={() => dispatch({ type: 'add', slot })}
      >
        <span aria-hidden="true">+</span> {t('adminMenu.addDish')}
      </SmallButton>
    </fieldset>
  );
}

export function WeekGridEditor({
  grid,
  dispatch,
  onDiscard,
}: {
  grid: WeekGrid;
  dispatch: Dispatch<WeekGridAction>;
  /** Back to the saved week. */
  onDiscard: () => void;
}) {
  const t = useT();
  const notify = useToast();
  const save = useSetMenuWeek();
  const weekRef = useRef<HTMLFieldSetElement>(null);
  // Bumped by a refused save: the first dish it marked takes the focus once drawn.
  const [refusals, setRefusals] = useState(0);
  const unsaved = new Set(unsavedSlots(grid).map(slotId));
  const count = unsaved.size;

  useEffect(() => {
    if (refusals === 0) return;
    const first = weekRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [refusals]);

  const onSave = () => {
    const { body, sentKeys } = weekSave(grid);
    save.mutate(body, {
      onSuccess: (answer) => {
        dispatch({ type: 'load', menu: answer });
        notify({
          tone: 'success',
          title: t('adminMenu.toast.saved'),
          message: t('adminMenu.week.savedMessage', { count }),
        });
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        if (error instanceof ApiError && error.status === 400 && Object.keys(fields).length > 0) {
          dispatch({ type: 'refused', fields, sentKeys });
          setRefusals((n) => n + 1);
          notify({
            tone: 'error',
            title: t('adminMenu.toast.failed'),
            message: t('adminMenu.week.refused'),
          });
          return;
        }
        notify(failureToast(error, t('adminMenu.toast.failed'), t('adminMenu.week.failedMessage')));
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (count > 0) onSave();
      }}
    >
      <p className={styles.caption}>
        {t('adminMenu.week.caption')} {t('adminMenu.week.pickHint')}
      </p>
      <datalist id={KNOWN_DISHES}>
        {knownNames(grid).map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <fieldset
        ref={weekRef}
        className={styles.week}
        aria-label={t('adminMenu.week.label')}
        disabled={save.isPending}
      >
        <div className={styles.head} aria-hidden="true">
          <span>{t('adminMenu.week.day')}</span>
          {MENU_MEALS.map((meal) => (
            <span key={meal}>{mealLabel(meal)}</span>
          ))}
        </div>
        {WEEKDAYS.map((weekday) => (
          <section key={weekday} className={styles.day} aria-labelledby={`week-${weekday}`}>
            <h3 id={`week-${weekday}`} className={styles.dayName}>
              {weekdayName(weekday)}
            </h3>
            <div className={styles.meals}>
              {MENU_MEALS.map((meal) => (
                <MealCell
                  key={meal}
                  slot={{ weekday, meal }}
                  grid={grid}
                  dispatch={dispatch}
                  unsaved={unsaved.has(`${weekday}.${meal}`)}
                />
              ))}
            </div>
          </section>
        ))}
      </fieldset>
      <div className={styles.saveBar}>
        <p className={count > 0 ? styles.statusUnsaved : styles.status} role="status">
          {count > 0 ? t('adminMenu.week.unsaved', { count }) : t('adminMenu.week.allSaved')}
        </p>
        <div className={row}>
          {count > 0 ? (
            <Button tone="ghost" onClick={onDiscard} disabled={save.isPending}>
              {t('adminMenu.week.discard')}
            </Button>
          ) : null}
          <Button type="submit" busy={save.isPending} disabled={count === 0}>
            {t('adminMenu.week.save')}
          </Button>
        </div>
      </div>
      <LeaveGuard unsaved={count} />
    </form>
  );
}

// The owner's menu editor (/admin/menu, issue 20): the usual week as one grid saved at once
// (issue 37, item 12: WeekGridEditor), and a change for one date's meal (which wins over its
// weekday), each dish with an optional Hindi name and its veg / egg / non-veg / Jain mark; the
// coming changes. The grid's state lives here, so switching tabs keeps what is not yet saved.
import { useEffect, useReducer, useState, type ReactNode } from 'react';
import { DISH_MARKS, MENU_MEALS, weekdayOf, type MenuMeal } from '@machines/menu';
import { addDays, isIsoDate } from '@machines/shared';
import { fieldErrors, failureToast } from '@web/api/errors';
import {
  useClearMenuDate,
  useMenuWeek,
  useSetMenuDate,
  type DishBody,
  type DishInput,
  type MenuWeek,
} from '@web/features/menu';
import { Button } from '@web/components/Button';
import { Card } from '@web/components/Card';
import { DateField } from '@web/components/DateField';
import { DishList } from '@web/components/DishList';
import { formStyles, SelectField, TextField } from '@web/components/Field';
import { PageSpinner } from '@web/components/Spinner';
import { TabPanel, Tabs } from '@web/components/Tabs';
import { useToast } from '@web/components/Toaster';
import { PageHeader } from '@web/components/PageHeader';
import { useT } from '@web/i18n/i18n';
import { formatDate, mealLabel, todayIso, wordLabel } from '@web/lib/format';
import { muted, row, sectionTitle, stack } from '@web/styles/utils.css';
import * as styles from './MenuEditorPage.css';
import { sameWeek, unsavedSlots, weekGrid, weekGridReducer } from './weekGrid';
import { WeekGridEditor } from './WeekGridEditor';

/** A dish as the form holds it: every field a string. */
interface DishDraft {
  readonly key: number;
  name: string;
  nameHi: string;
  mark: DishBody['mark'];
}

let draftKeys = 0;
const draftOf = (dish?: DishBody): DishDraft => ({
  key: (draftKeys += 1),
  name: dish?.name ?? '',
  nameHi: dish?.name_hi ?? '',
  mark: dish?.mark ?? 'veg',
});

const sent = (draft: DishDraft): DishInput => ({
  name: draft.name,
  name_hi: draft.nameHi.trim() ? draft.nameHi : null,
  mark: draft.mark,
});

/**
 * The dishes of one meal being edited. `onSave` sends them; the server's refusals show under the
 * field they name (`dishes.2.name`).
 */
function DishesForm({
  initial,
  title,
  busy,
  error,
  onSave,
  extra,
}: {
  initial: readonly DishBody[];
  title: string;
  busy: boolean;
  error: unknown;
  onSave: (dishes: DishInput[]) => void;
  extra?: ReactNode;
}) {
  const t = useT();
  const [drafts, setDrafts] = useState<DishDraft[]>(() => initial.map(draftOf));
  const errors = fieldErrors(error);
  const update = (key: number, change: Partial<DishDraft>) =>
    setDrafts((all) => all.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)));
  return (
    <form
      className={formStyles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave(drafts.map(sent));
      }}
    >
      <h2 className={sectionTitle}>{title}</h2>
      {drafts.length === 0 ? <p className={muted}>{t('adminMenu.noDishes')}</p> : null}
      <ol className={styles.dishes} aria-label={t('adminMenu.dishesLabel', { title })}>
        {drafts.map((draft, index) => (
          <li key={draft.key} className={styles.dish}>
            <TextField
              label={t('adminMenu.dish.name', { n: index + 1 })}
              value={draft.name}
              maxLength={80}
              error={errors[`dishes.${index}.name`]}
              onChange={(event) => update(draft.key, { name: event.target.value })}
            />
            <TextField
              label={t('adminMenu.dish.nameHi', { n: index + 1 })}
              lang="hi"
              value={draft.nameHi}
              maxLength={80}
              error={errors[`dishes.${index}.name_hi`]}
              onChange={(event) => update(draft.key, { nameHi: event.target.value })}
            />
            <SelectField
              label={t('adminMenu.dish.mark', { n: index + 1 })}
              options={DISH_MARKS.map((mark) => ({ value: mark, label: wordLabel(mark) }))}
              value={draft.mark}
              error={errors[`dishes.${index}.mark`]}
              onChange={(event) =>
                update(draft.key, { mark: event.target.value as DishBody['mark'] })
              }
            />
            <Button
              type="button"
              tone="ghost"
              aria-label={t('adminMenu.dish.removeLabel', { n: index + 1 })}
              onClick={() => setDrafts((all) => all.filter((other) => other.key !== draft.key))}
            >
              {t('adminMenu.dish.remove')}
            </Button>
          </li>
        ))}
      </ol>
      {errors.dishes ? (
        <p role="alert" className={muted}>
          {errors.dishes}
        </p>
      ) : null}
      <div className={row}>
        <Button
          type="button"
          tone="secondary"
          onClick={() => setDrafts((all) => [...all, draftOf()])}
        >
          {t('adminMenu.addDish')}
        </Button>
        <Button type="submit" busy={busy}>
          {t('adminMenu.save')}
        </Button>
        {extra}
      </div>
    </form>
  );
}

function useSavedToast() {
  const t = useT();
  const notify = useToast();
  return {
    saved: (message: string) =>
      notify({ tone: 'success', title: t('adminMenu.toast.saved'), message }),
    failed: (error: unknown) =>
      notify(failureToast(error, t('adminMenu.toast.failed'), t('adminMenu.toast.failedMessage'))),
  };
}

function MealSelect({ value, onChange }: { value: MenuMeal; onChange: (meal: MenuMeal) => void }) {
  const t = useT();
  return (
    <SelectField
      label={t('adminMenu.meal')}
      options={MENU_MEALS.map((meal) => ({ value: meal, label: mealLabel(meal) }))}
      value={value}
      onChange={(event) => onChange(event.target.value as MenuMeal)}
    />
  );
}

function DateEditor({ menu }: { menu: MenuWeek }) {
  const t = useT();
  const toast = useSavedToast();
  const save = useSetMenuDate();
  const clear = useClearMenuDate();
  const today = todayIso();
  const [date, setDate] = useState(() => addDays(today, 1));
  const [meal, setMeal] = useState<MenuMeal>('lunch');
  const change = menu.changes.find((one) => one.date === date && one.meal === meal);
  const valid = isIsoDate(date) && date >= today;
  // A date without a change starts from its weekday's dishes, the ones it would serve.
  const initial = change?.dishes ?? (valid ? menu.week[weekdayOf(date)][meal] : []);
  const title = t('adminMenu.dateTitle', { meal: mealLabel(meal), date: formatDate(date) });
  return (
    <Card className={stack}>
      <div className={styles.slot}>
        <DateField
          label={t('adminMenu.date')}
          value={date}
          min={today}
          onChange={(event) => setDate(event.target.value)}
        />
        <MealSelect value={meal} onChange={setMeal} />
      </div>
      {valid ? (
        <DishesForm
          key={`${date}-${meal}-${change ? 'changed' : 'usual'}`}
          initial={initial}
          title={title}
          busy={save.isPending}
          error={save.variables?.date === date && save.variables.meal === meal ? save.error : null}
          onSave={(dishes) =>
            save.mutate(
              { date, meal, dishes },
              { onSuccess: () => toast.saved(title), onError: toast.failed },
            )
          }
          extra={
            change ? (
              <Button
                type="button"
                tone="ghost"
                busy={clear.isPending}
                onClick={() =>
                  clear.mutate(
                    { date, meal },
                    {
                      onSuccess: () => toast.saved(t('adminMenu.cleared', { title })),
                      onError: toast.failed,
                    },
                  )
                }
              >
                {t('adminMenu.clear')}
              </Button>
            ) : null
          }
        />
      ) : (
        <p className={muted}>{t('adminMenu.pickDate')}</p>
      )}
    </Card>
  );
}

function Changes({ menu }: { menu: MenuWeek }) {
  const t = useT();
  return (
    <Card aria-labelledby="changes-title" className={stack}>
      <h2 id="changes-title" className={sectionTitle}>
        {t('adminMenu.changes')}
      </h2>
      {menu.changes.length === 0 ? (
        <p className={muted}>{t('adminMenu.noChanges')}</p>
      ) : (
        menu.changes.map((change) => {
          const title = t('adminMenu.dateTitle', {
            meal: mealLabel(change.meal),
            date: formatDate(change.date),
          });
          return (
            <div key={`${change.date}-${change.meal}`} className={styles.change}>
              <h3 className={styles.changeTitle}>{title}</h3>
              <DishList dishes={change.dishes} label={title} />
            </div>
          );
        })
      )}
    </Card>
  );
}

/** The editor once the menu is loaded: the week grid's state, the tabs and the coming changes. */
function MenuEditor({ menu }: { menu: MenuWeek }) {
  const t = useT();
  const [tab, setTab] = useState('week');
  const [grid, dispatch] = useReducer(weekGridReducer, menu, (loaded) => weekGrid(loaded));
  const clean = unsavedSlots(grid).length === 0;
  // A week saved elsewhere (another device, dabba) shows here while nothing here is unsaved.
  useEffect(() => {
    if (clean && !sameWeek(menu.week, grid.saved)) dispatch({ type: 'load', menu });
  }, [menu, clean, grid.saved]);
  return (
    <>
      <Tabs
        label={t('adminMenu.sections')}
        value={tab}
        onValueChange={setTab}
        tabs={[
          { value: 'week', label: t('adminMenu.tab.week') },
          { value: 'date', label: t('adminMenu.tab.date') },
        ]}
      >
        <TabPanel value="week">
          <Card>
            <WeekGridEditor
              grid={grid}
              dispatch={dispatch}
              onDiscard={() => dispatch({ type: 'load', menu })}
            />
          </Card>
        </TabPanel>
        <TabPanel value="date">
          <DateEditor menu={menu} />
        </TabPanel>
      </Tabs>
      <Changes menu={menu} />
    </>
  );
}

export function MenuEditorPage() {
  const t = useT();
  const menu = useMenuWeek();
  return (
    <div className={stack}>
      <PageHeader title={t('adminMenu.title')} intro={t('adminMenu.subtitle')} />
      {menu.isPending ? (
        <PageSpinner label={t('adminMenu.loading')} />
      ) : menu.isError || !menu.data ? (
        <Card role="alert">{t('adminMenu.loadFailed')}</Card>
      ) : (
        <MenuEditor menu={menu.data} />
      )}
    </div>
  );
}

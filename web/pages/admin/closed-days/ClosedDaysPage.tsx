// The owner's closed days: close a date, or one meal of it, with a reason (Diwali, a water cut).
// Every subscriber who loses the day gets it back at the end of their plan, and opening the day
// again before its first cutoff takes exactly those days back. "Repeat every week" makes a closure
// rule instead (every Sunday dinner), whose dates the server closes as they come, each a closed day
// of this list. The server decides (machines/closed-day, machines/closure-rule); this shows what it
// answers and how many subscriptions moved.
import { useState } from 'react';
import { addDays } from '@machines/shared';
import { MEALS, type Meal } from '@machines/settings';
import { weekdayOf, WEEKDAYS, type Weekday } from '@machines/menu';
import {
  useCloseDay,
  useClosedDays,
  useRemoveClosedDay,
  type ClosedDay,
} from '@web/features/closed-day';
import { useCreateClosureRule } from '@web/features/closure-rule';
import { fieldErrors, failureToast } from '@web/api/errors';
import { Button } from '@web/components/Button';
import { Card } from '@web/components/Card';
import { DateField } from '@web/components/DateField';
import { Dialog } from '@web/components/Dialog';
import { Checkbox, formStyles, SelectField, TextField } from '@web/components/Field';
import { PageSpinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { useErrorToast } from '@web/components/useErrorToast';
import { PageHeader } from '@web/components/PageHeader';
import { useT } from '@web/i18n/i18n';
import { formatDate, formatDateTime, mealLabel, todayIso } from '@web/lib/format';
import { useMayCall } from '@web/session/SessionProvider';
import { muted, sectionTitle, stack, stackXs } from '@web/styles/utils.css';
import * as styles from './ClosedDaysPage.css';
import { ClosureRules, formatWeekdayName } from './ClosureRules';

const WHOLE_DAY = 'day';

function ClosureItem({ closure, onRemove }: { closure: ClosedDay; onRemove?: () => void }) {
  const t = useT();
  const meals = closure.meal === null ? t('closedDays.wholeDay') : mealLabel(closure.meal);
  return (
    <li className={styles.item} data-testid={`closed-day-${closure.id}`}>
      <div className={styles.what}>
        <span className={styles.when}>
          {formatDate(closure.date)} · {meals}
        </span>
        <span>{closure.reason}</span>
        {closure.rule !== null ? <span className={muted}>{t('closedDays.fromRule')}</span> : null}
        <span className={muted}>
          {closure.status === 'REMOVED'
            ? t('closedDays.removedSummary', {
                count: closure.reversed,
                by: closure.removed_by ?? '',
              })
            : t('closedDays.extendedSummary', { count: closure.extended })}
        </span>
        {closure.removable ? (
          <span className={muted}>
            {t('closedDays.removableUntil', { time: formatDateTime(closure.locks_at) })}
          </span>
        ) : null}
      </div>
      {onRemove ? (
        <Button tone="secondary" size="sm" onClick={onRemove}>
          {t('closedDays.remove')}
        </Button>
      ) : null}
    </li>
  );
}

/** A fieldset of checkboxes (weekdays, meals), its error under it. */
function Picks<T extends string>({
  legend,
  className,
  options,
  picked,
  onChange,
  error,
}: {
  legend: string;
  className: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  picked: readonly T[];
  onChange: (picked: T[]) => void;
  error: string | undefined;
}) {
  return (
    <div className={stackXs}>
      <fieldset className={className}>
        <legend className={formStyles.legend}>{legend}</legend>
        {options.map((option) => (
          <Checkbox
            key={option.value}
            label={option.label}
            checked={picked.includes(option.value)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...picked, option.value]
                  : picked.filter((value) => value !== option.value),
              )
            }
          />
        ))}
      </fieldset>
      {error ? <span className={formStyles.error}>{error}</span> : null}
    </div>
  );
}

export function ClosedDaysPage() {
  const t = useT();
  const notify = useToast();
  const closures = useClosedDays();
  const close = useCloseDay();
  const remove = useRemoveClosedDay();
  const createRule = useCreateClosureRule();
  // A kitchen account reads the closed days; the owner and a manager close and reopen them.
  const mayCall = useMayCall();
  const mayClose = mayCall('ownerCloseDay');
  const mayRemove = mayCall('ownerRemoveClosedDay');
  const mayRepeat = mayCall('ownerCreateClosureRule');
  const mayWithdraw = mayCall('ownerWithdrawClosureRule');
  const [date, setDate] = useState(() => addDays(todayIso(), 1));
  const [meal, setMeal] = useState<string>(WHOLE_DAY);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<ClosedDay | null>(null);
  // "Repeat every week": the date is the rule's first, the weekdays and meals its picks.
  const [repeat, setRepeat] = useState(false);
  const [until, setUntil] = useState('');
  const [weekdays, setWeekdays] = useState<Weekday[]>([]);
  const [meals, setMeals] = useState<Meal[]>([]);
  useErrorToast(closures.isError, t('closedDays.toast.loadFailed'), t('closedDays.loadFailed'));

  const startRepeating = (on: boolean) => {
    setRepeat(on);
    setErrors({});
    if (!on) return;
    // The picks start from what the form says: the date's weekday, the chosen meal (or all).
    if (weekdays.length === 0) setWeekdays([weekdayOf(date)]);
    if (meals.length === 0) setMeals(meal === WHOLE_DAY ? [...MEALS] : [meal as Meal]);
  };

  /** A closing the server refused, a single day or a repeating one: its complaints and a toast. */
  const closeFailed = (error: unknown) => {
    setErrors(fieldErrors(error));
    notify(
      failureToast(
        error,
        t('closedDays.toast.closeFailed'),
        t('closedDays.toast.closeFailedMessage'),
      ),
    );
  };

  const submitRule = () => {
    createRule.mutate(
      {
        weekdays: WEEKDAYS.filter((day) => weekdays.includes(day)),
        meals: MEALS.filter((one) => meals.includes(one)),
        start_date: date,
        end_date: until === '' ? null : until,
        reason,
      },
      {
        onSuccess: (rule) => {
          setReason('');
          notify({
            tone: 'success',
            title: t('closedDays.repeat.toast.created'),
            message: t('closedDays.repeat.toast.createdMessage', { count: rule.upcoming.length }),
          });
        },
        onError: closeFailed,
      },
    );
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    if (repeat) return submitRule();
    close.mutate(
      { date, meal: meal === WHOLE_DAY ? null : (meal as Meal), reason },
      {
        onSuccess: (closure) => {
          setReason('');
          notify({
            tone: 'success',
            title: t('closedDays.toast.closed'),
            message: t('closedDays.toast.closedMessage', {
              date: formatDate(closure.date),
              count: closure.extended,
            }),
          });
        },
        onError: closeFailed,
      },
    );
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { id: removing.id },
      {
        onSuccess: (closure) => {
          setRemoving(null);
          notify({
            tone: 'success',
            title: t('closedDays.toast.removed'),
            message: t('closedDays.toast.removedMessage', {
              date: formatDate(closure.date),
              count: closure.reversed,
            }),
          });
        },
        onError: (error) => {
          setRemoving(null);
          notify(
            failureToast(
              error,
              t('closedDays.toast.removeFailed'),
              t('closedDays.toast.removeFailedMessage'),
            ),
          );
        },
      },
    );
  };

  const today = todayIso();
  const all = closures.data ?? [];
  const upcoming = all
    .filter((closure) => closure.status === 'SCHEDULED' && closure.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const past = all.filter((closure) => !upcoming.includes(closure));

  return (
    <div className={stack}>
      <PageHeader as="div" title={t('closedDays.title')} intro={t('closedDays.intro')} />
      {mayClose ? (
        <Card aria-labelledby="close-title">
          <form onSubmit={submit} className={stack} noValidate>
            <h2 id="close-title" className={sectionTitle}>
              {t('closedDays.form.title')}
            </h2>
            {mayRepeat ? (
              <Checkbox
                label={t('closedDays.repeat.toggle')}
                checked={repeat}
                onChange={(event) => startRepeating(event.target.checked)}
              />
            ) : null}
            <div className={styles.fields}>
              <DateField
                label={repeat ? t('closedDays.repeat.from') : t('closedDays.form.date')}
                required
                min={today}
                value={date}
                onChange={(event) => setDate(event.target.value)}
                error={repeat ? errors.start_date : errors.date}
              />
              {repeat ? (
                <DateField
                  label={t('closedDays.repeat.until')}
                  min={date}
                  value={until}
                  onChange={(event) => setUntil(event.target.value)}
                  error={errors.end_date}
                />
              ) : (
                <SelectField
                  label={t('closedDays.form.meal')}
                  value={meal}
                  onChange={(event) => setMeal(event.target.value)}
                  options={[
                    { value: WHOLE_DAY, label: t('closedDays.wholeDay') },
                    ...MEALS.map((one) => ({ value: one, label: mealLabel(one) })),
                  ]}
                  error={errors.meal}
                />
              )}
              <TextField
                label={t('closedDays.form.reason')}
                required
                maxLength={200}
                value={reason}
                placeholder={t('closedDays.form.reasonPlaceholder')}
                onChange={(event) => setReason(event.target.value)}
                error={errors.reason}
              />
            </div>
            {repeat ? (
              <>
                <Picks
                  legend={t('closedDays.repeat.weekdays')}
                  className={styles.weekdays}
                  options={WEEKDAYS.map((day) => ({ value: day, label: formatWeekdayName(day) }))}
                  picked={weekdays}
                  onChange={setWeekdays}
                  error={errors.weekdays}
                />
                <Picks
                  legend={t('closedDays.repeat.meals')}
                  className={styles.meals}
                  options={MEALS.map((one) => ({ value: one, label: mealLabel(one) }))}
                  picked={meals}
                  onChange={setMeals}
                  error={errors.meals}
                />
              </>
            ) : null}
            <p className={muted}>
              {repeat ? t('closedDays.repeat.hint') : t('closedDays.form.hint')}
            </p>
            <div>
              <Button type="submit" busy={repeat ? createRule.isPending : close.isPending}>
                {repeat ? t('closedDays.repeat.submit') : t('closedDays.form.submit')}
              </Button>
            </div>
          </form>
        </Card>
      ) : null}
      {closures.isPending ? (
        <PageSpinner label={t('closedDays.loading')} />
      ) : (
        <>
          <Card aria-labelledby="upcoming-title">
            <div className={stack}>
              <h2 id="upcoming-title" className={sectionTitle}>
                {t('closedDays.upcoming')}
              </h2>
              {upcoming.length === 0 ? (
                <p className={muted}>{t('closedDays.noneUpcoming')}</p>
              ) : (
                <ul className={styles.list}>
                  {upcoming.map((closure) => (
                    <ClosureItem
                      key={closure.id}
                      closure={closure}
                      {...(closure.removable && mayRemove
                        ? { onRemove: () => setRemoving(closure) }
                        : {})}
                    />
                  ))}
                </ul>
              )}
            </div>
          </Card>
          <ClosureRules mayWithdraw={mayWithdraw} />
          {past.length > 0 ? (
            <Card aria-labelledby="past-title">
              <div className={stack}>
                <h2 id="past-title" className={sectionTitle}>
                  {t('closedDays.past')}
                </h2>
                <ul className={styles.list}>
                  {past.map((closure) => (
                    <ClosureItem key={closure.id} closure={closure} />
                  ))}
                </ul>
              </div>
            </Card>
          ) : null}
        </>
      )}
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('closedDays.confirm.title')}
        description={
          removing
            ? t('closedDays.confirm.description', {
                date: formatDate(removing.date),
                count: removing.extended,
              })
            : ''
        }
        footer={
          <>
            <Button tone="secondary" onClick={() => setRemoving(null)}>
              {t('closedDays.confirm.cancel')}
            </Button>
            <Button tone="danger" busy={remove.isPending} onClick={confirmRemove}>
              {t('closedDays.confirm.remove')}
            </Button>
          </>
        }
      >
        {null}
      </Dialog>
    </div>
  );
}

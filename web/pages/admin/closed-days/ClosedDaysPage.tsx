// The owner's closed days: close a date, or one meal of it, with a reason (Diwali, a water cut).
// Every subscriber who loses the day gets it back at the end of their plan, and opening the day
// again before its first cutoff takes exactly those days back. The server decides (machines/
// closed-day); this shows what it answers and how many subscriptions moved.
import { useState } from 'react';
import { addDays } from '@machines/shared';
import { MEALS, type Meal } from '@machines/settings';
import {
  useCloseDay,
  useClosedDays,
  useRemoveClosedDay,
  type ClosedDay,
} from '@web/features/closed-day';
import { errorMessage, fieldErrors } from '@web/api/errors';
import { Button } from '@web/components/Button';
import { Card } from '@web/components/Card';
import { DateField } from '@web/components/DateField';
import { Dialog } from '@web/components/Dialog';
import { SelectField, TextField } from '@web/components/Field';
import { PageSpinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { useErrorToast } from '@web/components/useErrorToast';
import { useT } from '@web/i18n/i18n';
import { formatDate, formatDateTime, mealLabel, todayIso } from '@web/lib/format';
import { useMayCall } from '@web/session/SessionProvider';
import { muted, pageHeader, pageTitle, sectionTitle, stack } from '@web/styles/utils.css';
import * as styles from './ClosedDaysPage.css';

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

export function ClosedDaysPage() {
  const t = useT();
  const notify = useToast();
  const closures = useClosedDays();
  const close = useCloseDay();
  const remove = useRemoveClosedDay();
  // A kitchen account reads the closed days; the owner and a manager close and reopen them.
  const mayCall = useMayCall();
  const mayClose = mayCall('ownerCloseDay');
  const mayRemove = mayCall('ownerRemoveClosedDay');
  const [date, setDate] = useState(() => addDays(todayIso(), 1));
  const [meal, setMeal] = useState<string>(WHOLE_DAY);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<ClosedDay | null>(null);
  useErrorToast(closures.isError, t('closedDays.toast.loadFailed'), t('closedDays.loadFailed'));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
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
        onError: (error) => {
          setErrors(fieldErrors(error));
          notify({
            tone: 'error',
            title: t('closedDays.toast.closeFailed'),
            message: errorMessage(error, t('closedDays.toast.closeFailedMessage')),
          });
        },
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
          notify({
            tone: 'error',
            title: t('closedDays.toast.removeFailed'),
            message: errorMessage(error, t('closedDays.toast.removeFailedMessage')),
          });
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
      <div className={pageHeader}>
        <div>
          <h1 className={pageTitle}>{t('closedDays.title')}</h1>
          <p className={muted}>{t('closedDays.intro')}</p>
        </div>
      </div>
      {mayClose ? (
        <Card aria-labelledby="close-title">
          <form onSubmit={submit} className={stack} noValidate>
            <h2 id="close-title" className={sectionTitle}>
              {t('closedDays.form.title')}
            </h2>
            <div className={styles.fields}>
              <DateField
                label={t('closedDays.form.date')}
                required
                min={today}
                value={date}
                onChange={(event) => setDate(event.target.value)}
                error={errors.date}
              />
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
            <p className={muted}>{t('closedDays.form.hint')}</p>
            <div>
              <Button type="submit" busy={close.isPending}>
                {t('closedDays.form.submit')}
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

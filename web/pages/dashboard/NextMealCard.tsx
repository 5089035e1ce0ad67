// The customer's next meals on the dashboard: the next one that can still change, with a Skip (or
// Undo) button and the time left to its cutoff, and the rest of today's and tomorrow's meals. The
// meal-skip machine says which button a skip offers; the server refuses after the cutoff anyway.
import { useEffect, useState } from 'react';
import { mealSkipFromApi, mealSkipMachine } from '@machines/meal-skip';
import { addDays, allowedEvents } from '@machines/shared';

import { useMenu } from '@web/features/menu';
import { useUpcomingMeals, type UpcomingMeal } from '@web/api/queries';
import { useSkipMeal, useUndoMealSkip } from '@web/features/meal-skip';
import { errorMessage } from '@web/api/errors';
import { Button } from '@web/components/Button';
import { Badge, Card } from '@web/components/Card';
import { DishList } from '@web/components/DishList';
import { Skeleton } from '@web/components/Skeleton';
import { useToast } from '@web/components/Toaster';
import { useT, type Translate } from '@web/i18n/i18n';
import { formatClock, formatDate, mealLabel, todayIso } from '@web/lib/format';
import { muted, sectionTitle, stack } from '@web/styles/utils.css';
import * as styles from './NextMealCard.css';

/** Re-reads the clock every 30 s, so the time left and the buttons follow it. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const minutesLeft = (cutoffAt: string, now: number) =>
  Math.max(0, Math.floor((Date.parse(cutoffAt) - now) / 60_000));

function timeLeft(t: Translate, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return hours > 0
    ? t('dashboard.nextMeal.leftHours', { hours, minutes: minutes % 60 })
    : t('dashboard.nextMeal.leftMinutes', { minutes });
}

/** 'Today', 'Tomorrow', else the date. */
function dayName(t: Translate, date: string): string {
  const today = todayIso();
  if (date === today) return t('dashboard.nextMeal.today');
  if (date === addDays(today, 1)) return t('dashboard.nextMeal.tomorrow');
  return formatDate(date);
}

type Action = 'skip' | 'undo' | null;

/** What the customer can do with `meal` now: the machine's answer for a skip, else skip if open. */
function actionOf(meal: UpcomingMeal, now: number): Action {
  // A closed meal is off for everyone: nothing to skip or put back.
  if (meal.closed || meal.leave?.status === 'APPROVED') return null;
  if (!meal.skip) return meal.open && minutesLeft(meal.cutoff_at, now) > 0 ? 'skip' : null;
  const allowed = allowedEvents(
    mealSkipMachine,
    mealSkipFromApi(meal.skip, new Date(now).toISOString()),
  );
  if (!meal.open) return null;
  if (allowed.includes('meal_skip.undo')) return 'undo';
  return allowed.includes('meal_skip.skip') ? 'skip' : null;
}

function MealState({ meal }: { meal: UpcomingMeal }) {
  const t = useT();
  if (meal.closed) {
    return <Badge tone="warning">{t('dashboard.nextMeal.kitchenClosed')}</Badge>;
  }
  if (meal.leave?.status === 'APPROVED') {
    return <Badge tone="info">{t('dashboard.nextMeal.onLeave')}</Badge>;
  }
  if (meal.skip?.status === 'SKIPPED') {
    return <Badge tone="warning">{t('dashboard.nextMeal.skipped')}</Badge>;
  }
  if (meal.leave?.status === 'PENDING') {
    return <Badge tone="neutral">{t('dashboard.nextMeal.leavePending')}</Badge>;
  }
  return null;
}

/** The card's shape while the meals load. */
function NextMealPlaceholder() {
  const t = useT();
  return (
    <Card aria-labelledby="next-meal-title" className={styles.card}>
      <h2 id="next-meal-title" className={sectionTitle}>
        {t('dashboard.nextMeal.title')}
      </h2>
      <Skeleton loading label={t('dashboard.nextMeal.loading')}>
        <div className={stack}>
          <p className={styles.meal}>
            {mealLabel('lunch')} · {t('dashboard.nextMeal.tomorrow')}
          </p>
          <p className={muted}>{t('dashboard.nextMeal.closedAt', { time: '9:00 am' })}</p>
          <Button tone="secondary" disabled>
            {t('dashboard.nextMeal.skip')}
          </Button>
        </div>
      </Skeleton>
    </Card>
  );
}

export function NextMealCard() {
  const t = useT();
  const now = useNow();
  const meals = useUpcomingMeals();
  // The same query as the dashboard's menu card: read once.
  const menu = useMenu();
  const skip = useSkipMeal();
  const undo = useUndoMealSkip();
  const notify = useToast();
  const list = meals.data ?? [];
  // While the meals load, the card keeps its place (the cards below do not jump when it comes);
  // a customer without an active subscription has no meals and no card.
  if (meals.isPending) return <NextMealPlaceholder />;
  if (list.length === 0) return null;
  const ahead = list.filter((meal) => Date.parse(meal.cutoff_at) > now);
  const next = ahead[0] ?? list[list.length - 1]!;
  const later = ahead.slice(1);
  const busy = skip.isPending || undo.isPending;

  const act = (meal: UpcomingMeal, action: Exclude<Action, null>) => {
    const name = mealLabel(meal.meal);
    const date = formatDate(meal.meal_date);
    const onError = (error: unknown) =>
      notify({
        tone: 'error',
        title: t('dashboard.nextMeal.toast.failed'),
        message: errorMessage(error, t('dashboard.nextMeal.toast.failedMessage')),
      });
    if (action === 'skip') {
      skip.mutate(
        { subscription: meal.subscription, meal_date: meal.meal_date, meal: meal.meal },
        {
          onSuccess: () =>
            notify({
              tone: 'success',
              title: t('dashboard.nextMeal.toast.skipped'),
              message: t('dashboard.nextMeal.toast.skippedMessage', { meal: name, date }),
            }),
          onError,
        },
      );
    } else if (meal.skip) {
      undo.mutate(meal.skip.id, {
        onSuccess: () =>
          notify({
            tone: 'success',
            title: t('dashboard.nextMeal.toast.undone'),
            message: t('dashboard.nextMeal.toast.undoneMessage', { meal: name, date }),
          }),
        onError,
      });
    }
  };

  const button = (meal: UpcomingMeal, size?: 'sm') => {
    const action = actionOf(meal, now);
    if (!action) return null;
    const label = action === 'skip' ? t('dashboard.nextMeal.skip') : t('dashboard.nextMeal.undo');
    return (
      <Button
        tone={action === 'skip' ? 'secondary' : 'primary'}
        {...(size ? { size } : {})}
        disabled={busy}
        onClick={() => act(meal, action)}
        aria-label={`${label}: ${mealLabel(meal.meal)}, ${dayName(t, meal.meal_date)}`}
      >
        {label}
      </Button>
    );
  };

  const nextOpen = Date.parse(next.cutoff_at) > now;
  const dishes = menu.data?.days.find((day) => day.date === next.meal_date)?.meals[next.meal]
    ?.dishes;
  return (
    <Card aria-labelledby="next-meal-title" className={styles.card}>
      <h2 id="next-meal-title" className={sectionTitle}>
        {t('dashboard.nextMeal.title')}
      </h2>
      <div className={stack}>
        <div className={styles.headline}>
          <div>
            <p className={styles.meal}>
              {mealLabel(next.meal)} · {dayName(t, next.meal_date)}
            </p>
            <p className={muted}>{next.plan_name}</p>
          </div>
          <MealState meal={next} />
        </div>
        {dishes ? (
          <DishList
            dishes={dishes}
            label={t('format.menu.dishesOf', {
              meal: mealLabel(next.meal),
              date: formatDate(next.meal_date),
            })}
          />
        ) : null}
        <p className={muted}>
          {next.closed
            ? t('dashboard.nextMeal.kitchenClosedReason', { reason: next.closed.reason })
            : nextOpen
              ? t('dashboard.nextMeal.closesAt', {
                  time: formatClock(next.cutoff_at),
                  left: timeLeft(t, minutesLeft(next.cutoff_at, now)),
                })
              : t('dashboard.nextMeal.closedAt', { time: formatClock(next.cutoff_at) })}
        </p>
        {button(next)}
        {later.length > 0 ? (
          <div className={stack}>
            <h3 className={styles.laterTitle}>{t('dashboard.nextMeal.later')}</h3>
            <ul className={styles.laterList}>
              {later.map((meal) => (
                <li
                  key={`${meal.subscription}-${meal.meal_date}-${meal.meal}`}
                  className={styles.laterRow}
                >
                  <span>
                    <strong>{mealLabel(meal.meal)}</strong>
                    <span className={muted}> · {dayName(t, meal.meal_date)}</span>
                  </span>
                  <span className={styles.laterActions}>
                    <MealState meal={meal} />
                    {button(meal, 'sm')}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

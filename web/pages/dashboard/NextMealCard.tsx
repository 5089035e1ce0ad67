// The customer's next meals on the dashboard: the next one that can still change, with a Skip (or
// Undo) button and the time left to its cutoff, and the rest of today's and tomorrow's meals. The
// meal-skip machine says which button a skip offers; the server refuses after the cutoff anyway,
// and then the card shows the refused meal with the catalogue's sentence naming the cutoff that
// refused it (the meals asked again, so its button goes), without a reload.
import { useEffect, useState } from 'react';
import { mealSkipFromApi, mealSkipMachine } from '@machines/meal-skip';
import { wallClockIn } from '@machines/settings';
import { addDays, allowedEvents } from '@machines/shared';

import { useMenu } from '@web/features/menu';
import { useUpcomingMeals, type UpcomingMeal } from '@web/api/queries';
import { useSkipMeal, useUndoMealSkip } from '@web/features/meal-skip';
import { Button } from '@web/components/Button';
import { Badge, Card } from '@web/components/Card';
import { DishList } from '@web/components/DishList';
import { Skeleton } from '@web/components/Skeleton';
import { useToast } from '@web/components/Toaster';
import { useT, type Translate } from '@web/i18n/i18n';
import { planText } from '@web/i18n/labels';
import { refusalKeyText } from '@web/i18n/refusals';
import { businessTimeZone, formatClock, formatDate, mealLabel, todayIso } from '@web/lib/format';
import { muted, sectionTitle, stack } from '@web/styles/utils.css';
import * as styles from './NextMealCard.css';
import { ApiError, errorMessage, failureToast } from '@web/api/errors';

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

/** One meal of one subscription, across the card's refetches. */
const mealKey = (meal: UpcomingMeal) => `${meal.subscription}-${meal.meal_date}-${meal.meal}`;

/** A skip or undo the server refused: which meal, its code, and the server's sentence. */
interface Refused {
  readonly key: string;
  readonly code: string;
  readonly message: string;
}

/**
 * Why `meal` was refused, in the catalogue's words: after its cutoff, "Lunch for 28 Nov closed at
 * 9:00 am." from the meal's cutoff as the server now gives it (the one that refused), in the
 * language shown now; any other refusal as the server said it.
 */
function refusedText(refused: Refused, meal: UpcomingMeal): string {
  if (refused.code !== 'meal_skip.closed') return refused.message;
  return refusalKeyText('meal_skip.closed:at', {
    meal: meal.meal,
    day: meal.meal_date,
    time: wallClockIn(meal.cutoff_at, businessTimeZone()).time,
  });
}

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
  const [refused, setRefused] = useState<Refused | null>(null);
  const list = meals.data ?? [];
  // While the meals and their dishes load, the card keeps its place, drawn whole once both have
  // come (dishes arriving later would push its button down); a customer without an active
  // subscription has no meals and no card (the dashboard shows what follows the card then).
  if (meals.isPending || menu.isLoading) return <NextMealPlaceholder />;
  if (list.length === 0) return null;
  // A refused meal stays at the head of the card, saying why, until the customer acts again.
  const pinned = refused ? list.find((meal) => mealKey(meal) === refused.key) : undefined;
  const ahead = list.filter((meal) => Date.parse(meal.cutoff_at) > now && meal !== pinned);
  const next = pinned ?? ahead[0] ?? list[list.length - 1]!;
  const later = pinned ? ahead : ahead.slice(1);
  const busy = skip.isPending || undo.isPending;

  const act = (meal: UpcomingMeal, action: Exclude<Action, null>) => {
    const name = mealLabel(meal.meal);
    const date = formatDate(meal.meal_date);
    setRefused(null);
    // The feature has asked the meals again by now (web/features/meal-skip).
    const onError = (error: unknown) => {
      notify(
        failureToast(
          error,
          t('dashboard.nextMeal.toast.failed'),
          t('dashboard.nextMeal.toast.failedMessage'),
        ),
      );
      const code = error instanceof ApiError ? error.body?.error_code : undefined;
      if (code?.startsWith('meal_skip.')) {
        setRefused({
          key: mealKey(meal),
          code,
          message: errorMessage(error, t('dashboard.nextMeal.toast.failedMessage')),
        });
      }
    };
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
            <p className={muted}>{planText(next.plan_name, next.plan_name_hi)}</p>
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
        {pinned && refused ? (
          <p className={styles.refused}>{refusedText(refused, pinned)}</p>
        ) : (
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
        )}
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

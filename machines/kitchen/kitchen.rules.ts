// The kitchen sheet's lock (docs/rules/kitchen.md: Kitchen sheet locks at the cutoff), shared by the server, the
// web app and `dabba`: when a lock counts as late, how far ahead the server locks, and the one
// wording of a meal's locked count and its difference, in English and Hindi, so the screen and
// the CLI say the same. Pure functions, no XState.
import type { components } from '../../generated/api';
import { fillSentence, type CatalogueLanguage } from '../shared/refusals';
import { wallClockIn, type Meal } from '../settings/settings.rules';
import type { IsoDate } from '../shared/dates';

export type KitchenMealLock = components['schemas']['KitchenMealLock'];
export type KitchenLockChange = components['schemas']['KitchenLockChange'];

/**
 * A lock stored more than this after its cutoff is marked late: the scheduler's job locks within
 * about a minute, so a later lock means nothing ran at the cutoff (the server was down, or the
 * owner moved the cutoff into the past) and the count holds the changes made until then.
 */
export const LATE_LOCK_MS = 5 * 60_000;

/** Cutoffs fall at most this many days before their meal (MealCutoff.days_before). */
export const LOCK_DAYS_AHEAD = 2;

export const isLateLock = (cutoffAt: string, lockedAt: string) =>
  Date.parse(lockedAt) - Date.parse(cutoffAt) > LATE_LOCK_MS;

/** Whether `now` (ISO) has reached the cutoff `cutoffAt` (ISO): the meal locks at the cutoff. */
export const isPastCutoff = (now: string, cutoffAt: string) =>
  Date.parse(now) >= Date.parse(cutoffAt);

/**
 * Whether the dues hold takes a held customer's subscription off a meal: from the next cutoff on.
 * A meal already locked keeps whoever its lock counted (`lockedIds`; one it did not count stays
 * off); an unlocked meal before its cutoff drops them; an unlocked meal past its cutoff (a past
 * date, never locked: the server locks every due meal from today on before it reads) is left as
 * it was. The lock itself, at the cutoff, leaves every held customer out.
 */
export function holdTakesOff(
  subscriptionId: number,
  lockedIds: ReadonlySet<number> | null,
  pastCutoff: boolean,
): boolean {
  if (lockedIds !== null) return !lockedIds.has(subscriptionId);
  return !pastCutoff;
}

/** A difference as the sheet writes it: '+2', '−1' (a minus sign), '0'. */
export const signedDifference = (difference: number) =>
  difference > 0 ? `+${difference}` : difference < 0 ? `−${-difference}` : '0';

const SENTENCES = {
  en: {
    changed: '{meal} {count} ({difference} after {when})',
    unchanged: '{meal} {count} (locked at {when})',
    open: '{meal} {count} (locks at {when})',
    unlocked: '{meal} {count}',
    timeOnDay: '{time}, {day}',
    late: 'Locked late, at {when}: the cutoff was {cutoff}.',
    added: 'Added after the lock: {names}',
    removed: 'Off after the lock: {names}',
  },
  hi: {
    changed: '{meal} {count} ({when} के बाद {difference})',
    unchanged: '{meal} {count} ({when} पर तय)',
    open: '{meal} {count} ({when} पर तय होगा)',
    unlocked: '{meal} {count}',
    timeOnDay: '{day}, {time}',
    late: 'देर से तय हुआ, {when} पर: कटऑफ़ {cutoff} था।',
    added: 'तय होने के बाद जुड़े: {names}',
    removed: 'तय होने के बाद हटे: {names}',
  },
} as const satisfies Record<CatalogueLanguage, Record<string, string>>;

/** An instant as a time of day ('9:00 am'), with its day when that is not the meal's date. */
function whenText(language: CatalogueLanguage, at: string, mealDate: IsoDate, zone: string) {
  const wall = wallClockIn(at, zone);
  const template = wall.date === mealDate ? '{time}' : SENTENCES[language].timeOnDay;
  return fillSentence(language, template, { time: wall.time, day: wall.date });
}

/** Where a meal's lock stands: counted and fixed, still open, or a past date never locked. */
export function lockState(lock: KitchenMealLock, now: string): 'locked' | 'open' | 'unlocked' {
  if (lock.locked) return 'locked';
  return isPastCutoff(now, lock.locks_at) ? 'unlocked' : 'open';
}

/**
 * A meal's count as the sheet heads it: 'Lunch 212 (+2 after 9:00 am)' once locked (the stored
 * count, and the difference since, after the time the count was really stored), 'Lunch 212
 * (locks at 9:00 am)' before (the count now). `mealName` is the meal as the host names it (the
 * web app's own word for it), else the catalogue's.
 */
export function lockHeadline(
  language: CatalogueLanguage,
  meal: Meal,
  mealDate: IsoDate,
  lock: KitchenMealLock,
  now: string,
  zone: string,
  mealName: string = meal,
): string {
  const sentences = SENTENCES[language];
  const state = lockState(lock, now);
  if (state === 'locked' && lock.locked) {
    const when = whenText(language, lock.locked.at, mealDate, zone);
    const difference = lock.difference ?? 0;
    return fillSentence(language, difference === 0 ? sentences.unchanged : sentences.changed, {
      meal: mealName,
      count: lock.locked.count,
      difference: signedDifference(difference),
      when,
    });
  }
  if (state === 'open') {
    return fillSentence(language, sentences.open, {
      meal: mealName,
      count: lock.live,
      when: whenText(language, lock.locks_at, mealDate, zone),
    });
  }
  return fillSentence(language, sentences.unlocked, { meal: mealName, count: lock.live });
}

/** What follows the headline: a late lock said so, then who came and who went after it. */
export function lockNotes(
  language: CatalogueLanguage,
  mealDate: IsoDate,
  lock: KitchenMealLock,
  zone: string,
): string[] {
  const sentences = SENTENCES[language];
  const notes: string[] = [];
  if (!lock.locked) return notes;
  if (lock.locked.late) {
    notes.push(
      fillSentence(language, sentences.late, {
        when: whenText(language, lock.locked.at, mealDate, zone),
        cutoff: whenText(language, lock.locked.cutoff_at, mealDate, zone),
      }),
    );
  }
  const names = (changes: readonly KitchenLockChange[]) =>
    changes.map((change) => change.name).join(', ');
  if (lock.added.length > 0) {
    notes.push(fillSentence(language, sentences.added, { names: names(lock.added) }));
  }
  if (lock.removed.length > 0) {
    notes.push(fillSentence(language, sentences.removed, { names: names(lock.removed) }));
  }
  return notes;
}

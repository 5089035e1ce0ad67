// The owner's settings from the terminal: read them, or change some and send the whole (PUT).
import type { BusinessSettings, Meal } from '@machines/settings';
import { MEALS } from '@machines/settings';
import type { Api } from './api';
import { unwrap } from './api';

export const readSettings = (api: Api): Promise<BusinessSettings> =>
  unwrap(api, api.client.GET('/owner/settings/'), 'The settings');

export const saveSettings = (api: Api, settings: BusinessSettings): Promise<BusinessSettings> =>
  unwrap(api, api.client.PUT('/owner/settings/', { body: settings }), 'The settings');

/** `lunch=09:30` or `breakfast=22:00/1` (the day before): a meal and its new cutoff. */
export function parseCutoff(value: string): { meal: Meal; time: string; daysBefore: number } {
  const match = /^(breakfast|lunch|dinner)=([01]\d|2[0-3]):([0-5]\d)(?:\/([0-2]))?$/.exec(value);
  if (!match) {
    throw new Error(
      'Expected MEAL=HH:MM or MEAL=HH:MM/DAYS (e.g. lunch=09:30, breakfast=22:00/1 for the evening before).',
    );
  }
  return {
    meal: match[1] as Meal,
    time: `${match[2]}:${match[3]}`,
    daysBefore: match[4] === undefined ? 0 : Number(match[4]),
  };
}

/** `settings` with the given cutoffs and skips switch applied. */
export function changedSettings(
  settings: BusinessSettings,
  changes: { cutoffs?: readonly ReturnType<typeof parseCutoff>[]; skips?: boolean },
): BusinessSettings {
  const cutoffs = { ...settings.cutoffs };
  for (const cutoff of changes.cutoffs ?? []) {
    cutoffs[cutoff.meal] = { time: cutoff.time, days_before: cutoff.daysBefore };
  }
  return { ...settings, cutoffs, skips_enabled: changes.skips ?? settings.skips_enabled };
}

const DAYS_BEFORE = ['the same day', 'the day before', 'two days before'];

/** The settings as lines a person reads: each meal's cutoff, and whether skips are on. */
export function describeSettings(settings: BusinessSettings): string {
  const width = Math.max(...MEALS.map((meal) => meal.length));
  const lines = MEALS.map((meal) => {
    const cutoff = settings.cutoffs[meal];
    return `${meal.padEnd(width)}  closes ${cutoff.time} ${DAYS_BEFORE[cutoff.days_before] ?? ''}`;
  });
  lines.push(`Meal skips: ${settings.skips_enabled ? 'on' : 'off'}`);
  return `${lines.join('\n')}\n`;
}

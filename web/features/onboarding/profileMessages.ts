// The study years as messages.
import type { YEAR_OPTIONS } from '@machines/onboarding';
import type { MessageId } from '@web/i18n/i18n';

/** '1st' … '5th' as the year of study reads in the current language. */
export const YEAR_LABELS = {
  '1st': 'profile.year.1st',
  '2nd': 'profile.year.2nd',
  '3rd': 'profile.year.3rd',
  '4th': 'profile.year.4th',
  '5th': 'profile.year.5th',
} as const satisfies Record<(typeof YEAR_OPTIONS)[number], MessageId>;

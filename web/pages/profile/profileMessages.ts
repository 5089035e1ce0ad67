// The profile rules' refusals (machines/onboarding/onboarding.messages.ts) and the study years as
// messages. tests/web/messages-customer-care.test.ts keeps the refusals' English equal to the
// machine's.
import { onboardingRefusals, type YEAR_OPTIONS } from '@machines/onboarding';
import type { Refusal } from '@machines/shared';
import { t, type MessageId } from '@web/i18n/i18n';

/** The refusals of validateProfile, by the guard that refuses. */
export const PROFILE_REFUSAL_MESSAGES = {
  isCustomer: 'profile.refusal.ownerReadOnly',
  choosesOneService: 'profile.refusal.serviceChoice',
  hasRequiredProfileFields: 'profile.refusal.fieldsRequired',
} as const satisfies Partial<Record<keyof typeof onboardingRefusals.guards, MessageId>>;

type ProfileRefusal = keyof typeof PROFILE_REFUSAL_MESSAGES;

/** A refusal of validateProfile in the current language (any other as the machine wrote it). */
export function profileRefusalText(refusal: Refusal): string {
  const guard = (Object.keys(PROFILE_REFUSAL_MESSAGES) as ProfileRefusal[]).find(
    (name) => onboardingRefusals.guards[name].code === refusal.code,
  );
  return guard ? t(PROFILE_REFUSAL_MESSAGES[guard]) : refusal.message;
}

/** '1st' … '5th' as the year of study reads in the current language. */
export const YEAR_LABELS = {
  '1st': 'profile.year.1st',
  '2nd': 'profile.year.2nd',
  '3rd': 'profile.year.3rd',
  '4th': 'profile.year.4th',
  '5th': 'profile.year.5th',
} as const satisfies Record<(typeof YEAR_OPTIONS)[number], MessageId>;

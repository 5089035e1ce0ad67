// The language an account the owner makes is written to (a walk-in's claim SMS, a staff member's
// invite, and every message after): English, Hindi, or the mess's usual one (BUSINESS_LANGUAGE),
// which the server applies when the owner does not say.
import type { SelectHTMLAttributes } from 'react';
import type { Language } from '@web/i18n/namespaces';
import { useT } from '@web/i18n/i18n';
import { SelectField } from './Field';

/** Each language in its own words, as the header's switch names it. */
const OPTIONS: ReadonlyArray<{ value: Language; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'hi', label: 'हिन्दी' },
];

export type MessageLanguage = Language | '';

export function MessageLanguageField({
  error,
  ...select
}: { error?: string | null } & SelectHTMLAttributes<HTMLSelectElement>) {
  const t = useT();
  return (
    <SelectField
      label={t('ui.messageLanguage.label')}
      hint={t('ui.messageLanguage.hint')}
      error={error}
      placeholder={t('ui.messageLanguage.default')}
      options={OPTIONS}
      {...select}
    />
  );
}

/** The field's value as the API takes it: nothing for the mess's usual language. */
export const messageLanguage = (value: string): { language?: Language } =>
  value === 'en' || value === 'hi' ? { language: value } : {};

// One card of the Settings page: its title (which names the card), what it is for, and its fields.
import type { ReactNode } from 'react';
import { ButtonLink } from '@web/components/Button';
import { Card } from '@web/components/Card';
import { TextField } from '@web/components/Field';
import type { OperationId } from '@machines/staff';
import { useT, type MessageId } from '@web/i18n/i18n';
import { useMayCall } from '@web/session/SessionProvider';
import { muted, sectionTitle, stack } from '@web/styles/utils.css';
import * as styles from './SettingsPage.css';

/**
 * Each card's title, what it is for, and where the intro speaks of what only the owner may do,
 * the words of a reader whose role may not call that operation (a manager).
 */
const SECTIONS = {
  'closed-days': ['settings.closedDays.title', 'settings.closedDays.intro'],
  staff: ['settings.staff.title', 'settings.staff.intro'],
  reports: [
    'settings.reports.title',
    'settings.reports.intro',
    ['ownerGstReport', 'settings.reports.introReadOnly'],
  ],
  cutoffs: ['settings.cutoffs.title', 'settings.cutoffs.intro'],
  skips: ['settings.skips.title'],
  leaves: ['settings.leaves.title', 'settings.leaves.intro'],
  payments: [
    'settings.payments.title',
    'settings.payments.intro',
    ['ownerUpdateSettings', 'settings.payments.introReadOnly'],
  ],
  upi: ['settings.upi.title', 'settings.upi.intro'],
  reminders: ['settings.reminders.title', 'settings.reminders.intro'],
  whatsapp: ['settings.whatsapp.title', 'settings.whatsapp.intro'],
} as const satisfies Record<
  string,
  readonly [MessageId, MessageId?, (readonly [OperationId, MessageId])?]
>;

/** A card, named by its title (id `{id}-title`), with what it is for under it. */
export function SettingsSection({
  id,
  children,
}: {
  id: keyof typeof SECTIONS;
  children: ReactNode;
}) {
  const t = useT();
  const mayCall = useMayCall();
  const [title, ownersIntro, otherwise]: readonly [
    MessageId,
    MessageId?,
    (readonly [OperationId, MessageId])?,
  ] = SECTIONS[id];
  const intro = otherwise && !mayCall(otherwise[0]) ? otherwise[1] : ownersIntro;
  return (
    <Card aria-labelledby={`${id}-title`}>
      <div className={stack}>
        <h2 id={`${id}-title`} className={sectionTitle}>
          {t(title)}
        </h2>
        {intro === undefined ? null : <p className={muted}>{t(intro)}</p>}
        {children}
      </div>
    </Card>
  );
}

/** A card that only leads to another of the owner's pages. */
export function LinkSection({
  id,
  href,
  open,
}: {
  id: keyof typeof SECTIONS;
  href: string;
  open: string;
}) {
  return (
    <SettingsSection id={id}>
      <div>
        <ButtonLink href={href} tone="secondary">
          {open}
        </ButtonLink>
      </div>
    </SettingsSection>
  );
}

/** A number field: what it sets, its label and its hint. */
export type NumberSpec<K> = readonly [K, MessageId, MessageId];

/**
 * Numbers side by side, kept as typed, each with its hint and the server's complaint under it (by
 * the server's name for it). A field with a placeholder may be left empty (no limit); the others
 * must be given.
 */
export function NumberRow<K extends string>({
  fields,
  values,
  onChange,
  errors,
  serverName,
  placeholders = {},
}: {
  fields: ReadonlyArray<NumberSpec<K>>;
  values: Record<K, string>;
  onChange: (name: K, text: string) => void;
  errors: Record<string, string>;
  serverName: (name: K) => string;
  placeholders?: Partial<Record<K, string>>;
}) {
  const t = useT();
  return (
    <div className={styles.numberRow}>
      {fields.map(([name, label, hint]) => (
        <TextField
          key={name}
          label={t(label)}
          inputMode="numeric"
          required={placeholders[name] === undefined}
          placeholder={placeholders[name]}
          value={values[name]}
          onChange={(event) => onChange(name, event.target.value)}
          hint={t(hint)}
          error={errors[serverName(name)]}
        />
      ))}
    </div>
  );
}

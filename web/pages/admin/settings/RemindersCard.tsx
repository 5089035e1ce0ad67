// The Settings page's Reminders card: the owner's schedule for dues and expiry reminders (before the
// end, on the overdue day, every N days, at most M, never in quiet hours). The numbers are kept as
// typed; the server validates them and its field messages show under each field.
import type { ReminderSettings } from '@machines/reminder';
import { Checkbox, TextField } from '@web/components/Field';
import { useT, type MessageId } from '@web/i18n/i18n';
import { muted } from '@web/styles/utils.css';
import { NumberRow, SettingsSection, type NumberSpec } from './SettingsSection';
import * as styles from './SettingsPage.css';

/** The schedule as typed. */
export interface ReminderText {
  enabled: boolean;
  on_due_date: boolean;
  before_expiry_days: string;
  every_days_overdue: string;
  max_reminders: string;
  quiet_start: string;
  quiet_end: string;
}

export const reminderText = (reminders: ReminderSettings): ReminderText => ({
  enabled: reminders.enabled,
  on_due_date: reminders.on_due_date,
  before_expiry_days: String(reminders.before_expiry_days),
  every_days_overdue: String(reminders.every_days_overdue),
  max_reminders: String(reminders.max_reminders),
  quiet_start: reminders.quiet_hours.start,
  quiet_end: reminders.quiet_hours.end,
});

/** The schedule to save: a number that is not whole is sent as NaN, which the server refuses. */
export const remindersFromText = (
  text: ReminderText,
  wholeNumber: (text: string) => number,
): ReminderSettings => ({
  enabled: text.enabled,
  on_due_date: text.on_due_date,
  before_expiry_days: wholeNumber(text.before_expiry_days),
  every_days_overdue: wholeNumber(text.every_days_overdue),
  max_reminders: wholeNumber(text.max_reminders),
  quiet_hours: { start: text.quiet_start, end: text.quiet_end },
});

/** The schedule's numbers. */
const NUMBERS = [
  ['before_expiry_days', 'settings.reminders.beforeExpiry', 'settings.reminders.beforeExpiryHint'],
  ['every_days_overdue', 'settings.reminders.everyDays', 'settings.reminders.everyDaysHint'],
  ['max_reminders', 'settings.reminders.max', 'settings.reminders.maxHint'],
] as const satisfies ReadonlyArray<NumberSpec<keyof ReminderText>>;

/** The quiet hours' ends: what each sets, its label, and the server's name for it. */
const QUIET_HOURS = [
  ['quiet_start', 'settings.reminders.quietStart', 'reminders.quiet_hours.start'],
  ['quiet_end', 'settings.reminders.quietEnd', 'reminders.quiet_hours.end'],
] as const satisfies ReadonlyArray<readonly [keyof ReminderText, MessageId, string]>;

export function RemindersCard({
  value,
  onChange,
  errors,
}: {
  value: ReminderText;
  onChange: (value: ReminderText) => void;
  errors: Record<string, string>;
}) {
  const t = useT();
  const set = (change: Partial<ReminderText>) => onChange({ ...value, ...change });
  return (
    <SettingsSection id="reminders">
      <Checkbox
        label={t('settings.reminders.enabled')}
        checked={value.enabled}
        onChange={(event) => set({ enabled: event.target.checked })}
      />
      <NumberRow
        fields={NUMBERS}
        values={value}
        onChange={(name, text) => set({ [name]: text })}
        errors={errors}
        serverName={(name) => `reminders.${name}`}
      />
      <Checkbox
        label={t('settings.reminders.onDueDate')}
        checked={value.on_due_date}
        onChange={(event) => set({ on_due_date: event.target.checked })}
      />
      <fieldset className={styles.mealRow}>
        <legend className={styles.legend}>{t('settings.reminders.quietHours')}</legend>
        {QUIET_HOURS.map(([name, label, serverName]) => (
          <TextField
            key={name}
            label={t(label)}
            type="time"
            required
            value={value[name]}
            onChange={(event) => set({ [name]: event.target.value })}
            error={errors[serverName]}
          />
        ))}
      </fieldset>
      <p className={muted}>{t('settings.reminders.quietHint')}</p>
    </SettingsSection>
  );
}

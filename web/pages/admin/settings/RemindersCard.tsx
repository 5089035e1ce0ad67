// The Settings page's Reminders card: the owner's schedule for dues and expiry reminders (before the
// end, on the overdue day, every N days, at most M, never in quiet hours). The numbers are kept as
// typed; the server validates them and its field messages show under each field.
import type { ReminderSettings } from '@machines/reminder';
import { Card } from '@web/components/Card';
import { Checkbox, TextField } from '@web/components/Field';
import { useT } from '@web/i18n/i18n';
import { muted, sectionTitle, stack } from '@web/styles/utils.css';
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
    <Card aria-labelledby="reminders-title">
      <div className={stack}>
        <h2 id="reminders-title" className={sectionTitle}>
          {t('settings.reminders.title')}
        </h2>
        <p className={muted}>{t('settings.reminders.intro')}</p>
        <Checkbox
          label={t('settings.reminders.enabled')}
          checked={value.enabled}
          onChange={(event) => set({ enabled: event.target.checked })}
        />
        <div className={styles.numberRow}>
          <TextField
            label={t('settings.reminders.beforeExpiry')}
            inputMode="numeric"
            required
            value={value.before_expiry_days}
            onChange={(event) => set({ before_expiry_days: event.target.value })}
            hint={t('settings.reminders.beforeExpiryHint')}
            error={errors['reminders.before_expiry_days']}
          />
          <TextField
            label={t('settings.reminders.everyDays')}
            inputMode="numeric"
            required
            value={value.every_days_overdue}
            onChange={(event) => set({ every_days_overdue: event.target.value })}
            hint={t('settings.reminders.everyDaysHint')}
            error={errors['reminders.every_days_overdue']}
          />
          <TextField
            label={t('settings.reminders.max')}
            inputMode="numeric"
            required
            value={value.max_reminders}
            onChange={(event) => set({ max_reminders: event.target.value })}
            hint={t('settings.reminders.maxHint')}
            error={errors['reminders.max_reminders']}
          />
        </div>
        <Checkbox
          label={t('settings.reminders.onDueDate')}
          checked={value.on_due_date}
          onChange={(event) => set({ on_due_date: event.target.checked })}
        />
        <fieldset className={styles.mealRow}>
          <legend className={styles.legend}>{t('settings.reminders.quietHours')}</legend>
          <TextField
            label={t('settings.reminders.quietStart')}
            type="time"
            required
            value={value.quiet_start}
            onChange={(event) => set({ quiet_start: event.target.value })}
            error={errors['reminders.quiet_hours.start']}
          />
          <TextField
            label={t('settings.reminders.quietEnd')}
            type="time"
            required
            value={value.quiet_end}
            onChange={(event) => set({ quiet_end: event.target.value })}
            error={errors['reminders.quiet_hours.end']}
          />
        </fieldset>
        <p className={muted}>{t('settings.reminders.quietHint')}</p>
      </div>
    </Card>
  );
}

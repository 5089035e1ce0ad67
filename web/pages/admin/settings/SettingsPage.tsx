// The owner's settings: when each meal's count is fixed (its cutoff), whether customers may skip
// single meals and what a skipped day earns, the leave policy, and the mess's UPI id (the counter
// QR) with how long a payment link lasts, and the reminder schedule. Saved whole; a change applies to
// requests made after it.
import { useEffect, useState } from 'react';
import { holdPolicyOf } from '@machines/dues';
import { PAYMENT_LINK_LIFETIME_DAYS } from '@machines/payment-link';
import { MEALS, type Meal } from '@machines/settings';
import { useSaveSettings, useSettings, type BusinessSettings } from '@web/api/admin';
import { fieldErrors, failureToast } from '@web/api/errors';
import { Button, ButtonLink } from '@web/components/Button';
import { Card } from '@web/components/Card';
import { Checkbox, SelectField, TextField } from '@web/components/Field';
import { PageSpinner } from '@web/components/Spinner';
import { RadioGroup } from '@web/components/RadioGroup';
import { useToast } from '@web/components/Toaster';
import { useErrorToast } from '@web/components/useErrorToast';
import { PageHeader } from '@web/components/PageHeader';
import { useT, type MessageId } from '@web/i18n/i18n';
import { wordLabel } from '@web/lib/format';
import { useMayCall } from '@web/session/SessionProvider';
import { muted, stack } from '@web/styles/utils.css';
import { LinkSection, NumberRow, SettingsSection, type NumberSpec } from './SettingsSection';
import { RemindersCard, reminderText, remindersFromText, type ReminderText } from './RemindersCard';
import { StartableDialog, StartableSubscriptions } from './StartableSubscriptions';
import * as styles from './SettingsPage.css';

/** The cutoff's day, by how many days before the meal it falls. */
const DAYS_BEFORE = [
  [0, 'settings.cutoffs.daysBefore.0'],
  [1, 'settings.cutoffs.daysBefore.1'],
  [2, 'settings.cutoffs.daysBefore.2'],
] as const satisfies ReadonlyArray<readonly [number, MessageId]>;

/** The leave policy's numbers as typed (an empty monthly cap: no limit). */
interface LeaveNumbers {
  max_days: string;
  min_extending_days: string;
  max_days_per_month: string;
  /** The payment policy's most a subscription may owe and start, in rupees. */
  max_dues: string;
  /** The dues hold's limits (empty: no limit of that kind). */
  hold_amount: string;
  hold_days: string;
}

const leaveNumbers = (settings: BusinessSettings): LeaveNumbers => ({
  max_days: String(settings.leaves.max_days),
  min_extending_days: String(settings.leaves.min_extending_days),
  max_days_per_month:
    settings.leaves.max_days_per_month === null ? '' : String(settings.leaves.max_days_per_month),
  max_dues: String(settings.payments.max_dues),
  hold_amount: String(holdPolicyOf(settings.payments).max_amount ?? ''),
  hold_days: String(holdPolicyOf(settings.payments).max_days_overdue ?? ''),
});

/** The leave policy's numbers (an empty monthly cap: no limit). */
const LEAVE_FIELDS = [
  ['max_days', 'settings.leaves.maxDays', 'settings.leaves.maxDaysHint'],
  ['min_extending_days', 'settings.leaves.minExtending', 'settings.leaves.minExtendingHint'],
  ['max_days_per_month', 'settings.leaves.monthMax', 'settings.leaves.monthMaxHint'],
] as const satisfies ReadonlyArray<NumberSpec<keyof LeaveNumbers>>;

/** The dues hold's limits, each optional, and the server's names for them. */
const HOLD_FIELDS = [
  ['hold_amount', 'settings.payments.holdAmount', 'settings.payments.holdAmountHint'],
  ['hold_days', 'settings.payments.holdDays', 'settings.payments.holdDaysHint'],
] as const satisfies ReadonlyArray<NumberSpec<keyof LeaveNumbers>>;
const HOLD_SERVER_NAMES = {
  hold_amount: 'payments.hold.max_amount',
  hold_days: 'payments.hold.max_days_overdue',
} as const;

/** A typed limit: empty is none (null). */
const optionalNumber = (text: string) => (text.trim() === '' ? null : wholeNumber(text));

/** The UPI settings as typed. */
interface UpiText {
  vpa: string;
  payee_name: string;
  link_expiry_days: string;
}

const upiText = (settings: BusinessSettings): UpiText => ({
  vpa: settings.upi?.vpa ?? '',
  payee_name: settings.upi?.payee_name ?? '',
  link_expiry_days: String(settings.upi?.link_expiry_days ?? PAYMENT_LINK_LIFETIME_DAYS),
});

/** A typed decimal (11.5); anything else NaN, which the server refuses under the field. */
const decimalNumber = (text: string) =>
  /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;

/** A typed number as the contract takes it; not a whole number: NaN, which the server refuses. */
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

export function SettingsPage() {
  const t = useT();
  const notify = useToast();
  const saved = useSettings();
  const save = useSaveSettings();
  // A manager reads the settings in force; only the owner changes them.
  const mayCall = useMayCall();
  const mayEdit = mayCall('ownerUpdateSettings');
  const [draft, setDraft] = useState<BusinessSettings | null>(null);
  const [numbers, setNumbers] = useState<LeaveNumbers | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [upi, setUpi] = useState<UpiText | null>(null);
  const [reminders, setReminders] = useState<ReminderText | null>(null);
  /** The price of a WhatsApp message in paise, as typed. */
  const [whatsappPrice, setWhatsappPrice] = useState<string | null>(null);
  /** A save changed the payment policy: offer to start what it now lets start. */
  const [offerStarts, setOfferStarts] = useState(false);
  useErrorToast(saved.isError, t('settings.toast.loadFailed'), t('settings.loadFailed'));
  useEffect(() => {
    if (saved.data && draft === null) {
      setDraft(saved.data);
      setNumbers(leaveNumbers(saved.data));
      setUpi(upiText(saved.data));
      setReminders(reminderText(saved.data.reminders));
      setWhatsappPrice(String(saved.data.whatsapp.utility_price_paise));
    }
  }, [saved.data, draft]);

  if (saved.isPending || (!draft && !saved.isError)) {
    return <PageSpinner label={t('settings.loading')} />;
  }
  if (!draft || !numbers || !upi || !reminders || whatsappPrice === null)
    return <Card role="alert">{t('settings.loadFailed')}</Card>;

  const setCutoff = (meal: Meal, change: Partial<BusinessSettings['cutoffs'][Meal]>) =>
    setDraft({
      ...draft,
      cutoffs: { ...draft.cutoffs, [meal]: { ...draft.cutoffs[meal], ...change } },
    });

  const setNumber = (field: keyof LeaveNumbers, value: string) =>
    setNumbers({ ...numbers, [field]: value });
  const hold = holdPolicyOf(draft.payments);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    const monthCap = numbers.max_days_per_month.trim();
    const body: BusinessSettings = {
      ...draft,
      leaves: {
        ...draft.leaves,
        max_days: wholeNumber(numbers.max_days),
        min_extending_days: wholeNumber(numbers.min_extending_days),
        max_days_per_month: monthCap === '' ? null : wholeNumber(monthCap),
      },
      payments: {
        ...draft.payments,
        max_dues: wholeNumber(numbers.max_dues),
        hold: {
          enabled: hold.enabled,
          max_amount: optionalNumber(numbers.hold_amount),
          max_days_overdue: optionalNumber(numbers.hold_days),
        },
      },
      reminders: remindersFromText(reminders, wholeNumber),
      whatsapp: { utility_price_paise: decimalNumber(whatsappPrice) },
      // Left out until the owner types a UPI id: a saved one is kept.
      ...(upi.vpa.trim() || upi.payee_name.trim()
        ? {
            upi: {
              vpa: upi.vpa.trim(),
              payee_name: upi.payee_name.trim(),
              link_expiry_days: wholeNumber(upi.link_expiry_days),
            },
          }
        : {}),
    };
    save.mutate(body, {
      onSuccess: (settings) => {
        const before = saved.data?.payments;
        if (
          before &&
          (before.activation !== settings.payments.activation ||
            before.max_dues !== settings.payments.max_dues)
        ) {
          setOfferStarts(true);
        }
        setDraft(settings);
        setNumbers(leaveNumbers(settings));
        setUpi(upiText(settings));
        setReminders(reminderText(settings.reminders));
        setWhatsappPrice(String(settings.whatsapp.utility_price_paise));
        notify({
          tone: 'success',
          title: t('settings.toast.saved'),
          message: t('settings.toast.savedMessage'),
        });
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        notify(
          failureToast(
            error,
            t('settings.toast.saveFailed'),
            t('settings.toast.saveFailedMessage'),
          ),
        );
      },
    });
  };

  return (
    <div className={stack}>
      <PageHeader as="div" title={t('settings.title')} intro={t('settings.intro')} />
      <LinkSection
        id="closed-days"
        href="/admin/closed-days"
        open={t('settings.closedDays.open')}
      />
      {mayCall('ownerListStaff') ? (
        <LinkSection id="staff" href="/admin/staff" open={t('settings.staff.open')} />
      ) : null}
      <LinkSection id="reports" href="/admin/reports" open={t('settings.reports.open')} />
      {mayEdit ? null : (
        <Card role="note">
          <p className={muted}>{t('settings.readOnly')}</p>
        </Card>
      )}
      <form onSubmit={submit} className={stack} noValidate>
        <fieldset disabled={!mayEdit} className={styles.readOnlyFrame}>
          <SettingsSection id="cutoffs">
            {MEALS.map((meal) => (
              <fieldset key={meal} className={styles.mealRow}>
                <legend className={styles.legend}>{wordLabel(meal)}</legend>
                <TextField
                  label={t('settings.cutoffs.time')}
                  type="time"
                  required
                  value={draft.cutoffs[meal].time}
                  onChange={(event) => setCutoff(meal, { time: event.target.value })}
                  error={errors[`cutoffs.${meal}.time`]}
                />
                <SelectField
                  label={t('settings.cutoffs.day')}
                  value={String(draft.cutoffs[meal].days_before)}
                  onChange={(event) => setCutoff(meal, { days_before: Number(event.target.value) })}
                  options={DAYS_BEFORE.map(([days, label]) => ({
                    value: String(days),
                    label: t(label),
                  }))}
                  error={errors[`cutoffs.${meal}.days_before`]}
                />
              </fieldset>
            ))}
          </SettingsSection>
          <SettingsSection id="skips">
            <Checkbox
              label={t('settings.skips.enabled')}
              checked={draft.skips_enabled}
              onChange={(event) => setDraft({ ...draft, skips_enabled: event.target.checked })}
            />
            <p className={muted}>{t('settings.skips.hint')}</p>
            <Checkbox
              label={t('settings.skips.credit')}
              checked={draft.skip_credit === 'day'}
              onChange={(event) =>
                setDraft({ ...draft, skip_credit: event.target.checked ? 'day' : 'none' })
              }
            />
            <p className={muted}>{t('settings.skips.creditHint')}</p>
          </SettingsSection>
          <SettingsSection id="leaves">
            <NumberRow
              fields={LEAVE_FIELDS}
              values={numbers}
              onChange={setNumber}
              errors={errors}
              serverName={(name) => `leaves.${name}`}
              placeholders={{ max_days_per_month: t('settings.leaves.monthMaxPlaceholder') }}
            />
            <Checkbox
              label={t('settings.leaves.beforeCutoff')}
              checked={draft.leaves.before_cutoff}
              onChange={(event) =>
                setDraft({
                  ...draft,
                  leaves: { ...draft.leaves, before_cutoff: event.target.checked },
                })
              }
            />
            <p className={muted}>{t('settings.leaves.beforeCutoffHint')}</p>
          </SettingsSection>
          <SettingsSection id="payments">
            <RadioGroup
              label={t('settings.payments.activation')}
              value={draft.payments.activation}
              onValueChange={(activation) =>
                setDraft({ ...draft, payments: { ...draft.payments, activation } })
              }
              options={[
                { value: 'full_payment', label: t('settings.payments.fullPayment') },
                { value: 'dues_allowed', label: t('settings.payments.duesAllowed') },
              ]}
            />
            {draft.payments.activation === 'dues_allowed' ? (
              <div className={styles.numberRow}>
                <TextField
                  label={t('settings.payments.maxDues')}
                  inputMode="numeric"
                  value={numbers.max_dues}
                  onChange={(event) => setNumber('max_dues', event.target.value)}
                  hint={t('settings.payments.maxDuesHint')}
                  error={errors['payments.max_dues']}
                />
              </div>
            ) : null}
            <Checkbox
              label={t('settings.payments.holdEnabled')}
              checked={hold.enabled}
              onChange={(event) =>
                setDraft({
                  ...draft,
                  payments: {
                    ...draft.payments,
                    hold: { ...hold, enabled: event.target.checked },
                  },
                })
              }
            />
            <p className={muted}>{t('settings.payments.holdHint')}</p>
            {hold.enabled ? (
              <NumberRow
                fields={HOLD_FIELDS}
                values={numbers}
                onChange={setNumber}
                errors={errors}
                serverName={(name) => HOLD_SERVER_NAMES[name]}
                placeholders={{
                  hold_amount: t('settings.payments.holdNoLimit'),
                  hold_days: t('settings.payments.holdNoLimit'),
                }}
              />
            ) : null}
            <StartableSubscriptions mayStart={mayEdit} />
            <div>
              <ButtonLink href="/admin/dues" tone="secondary">
                {t('settings.duesLink')}
              </ButtonLink>
            </div>
          </SettingsSection>
          <SettingsSection id="upi">
            <TextField
              label={t('settings.upi.vpa')}
              autoComplete="off"
              placeholder="messname@okaxis"
              value={upi.vpa}
              onChange={(event) => setUpi({ ...upi, vpa: event.target.value })}
              hint={t('settings.upi.vpaHint')}
              error={errors['upi.vpa']}
            />
            <TextField
              label={t('settings.upi.payee')}
              autoComplete="off"
              maxLength={50}
              value={upi.payee_name}
              onChange={(event) => setUpi({ ...upi, payee_name: event.target.value })}
              hint={t('settings.upi.payeeHint')}
              error={errors['upi.payee_name']}
            />
            <TextField
              label={t('settings.upi.linkExpiry')}
              inputMode="numeric"
              value={upi.link_expiry_days}
              onChange={(event) => setUpi({ ...upi, link_expiry_days: event.target.value })}
              hint={t('settings.upi.linkExpiryHint')}
              error={errors['upi.link_expiry_days']}
            />
          </SettingsSection>
          <RemindersCard value={reminders} onChange={setReminders} errors={errors} />
          {/* The price is for the owner's estimate of what WhatsApp costs: a manager sees no costs. */}
          {mayCall('ownerWhatsappUsage') ? (
            <SettingsSection id="whatsapp">
              <TextField
                label={t('settings.whatsapp.price')}
                inputMode="decimal"
                value={whatsappPrice}
                onChange={(event) => setWhatsappPrice(event.target.value)}
                hint={t('settings.whatsapp.priceHint')}
                error={errors['whatsapp.utility_price_paise']}
              />
            </SettingsSection>
          ) : null}
        </fieldset>
        {mayEdit ? (
          <div>
            <Button type="submit" busy={save.isPending}>
              {t('settings.save')}
            </Button>
          </div>
        ) : null}
      </form>
      {mayEdit ? (
        <StartableDialog open={offerStarts} onClose={() => setOfferStarts(false)} />
      ) : null}
    </div>
  );
}

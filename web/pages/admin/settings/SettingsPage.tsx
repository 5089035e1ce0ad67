// The owner's settings: when each meal's count is fixed (its cutoff), whether customers may skip
// single meals and what a skipped day earns, the leave policy, and the mess's UPI id (the counter
// QR) with how long a payment link lasts, and the reminder schedule. Saved whole; a change applies to
// requests made after it.
import { useEffect, useState } from 'react';
import { holdPolicyOf } from '@machines/dues';
import { PAYMENT_LINK_LIFETIME_DAYS } from '@machines/payment-link';
import { MEALS, type Meal } from '@machines/settings';
import { useSaveSettings, useSettings, type BusinessSettings } from '@web/api/admin';
import { errorMessage, fieldErrors } from '@web/api/errors';
import { Button, ButtonLink } from '@web/components/Button';
import { Card } from '@web/components/Card';
import { Checkbox, SelectField, TextField } from '@web/components/Field';
import { PageSpinner } from '@web/components/Spinner';
import { RadioGroup } from '@web/components/RadioGroup';
import { useToast } from '@web/components/Toaster';
import { useErrorToast } from '@web/components/useErrorToast';
import { useT, type MessageId } from '@web/i18n/i18n';
import { wordLabel } from '@web/lib/format';
import { useMayCall } from '@web/session/SessionProvider';
import { muted, pageHeader, pageTitle, sectionTitle, stack } from '@web/styles/utils.css';
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
        notify({
          tone: 'error',
          title: t('settings.toast.saveFailed'),
          message: errorMessage(error, t('settings.toast.saveFailedMessage')),
        });
      },
    });
  };

  return (
    <div className={stack}>
      <div className={pageHeader}>
        <div>
          <h1 className={pageTitle}>{t('settings.title')}</h1>
          <p className={muted}>{t('settings.intro')}</p>
        </div>
      </div>
      <Card aria-labelledby="closed-days-title">
        <div className={stack}>
          <h2 id="closed-days-title" className={sectionTitle}>
            {t('settings.closedDays.title')}
          </h2>
          <p className={muted}>{t('settings.closedDays.intro')}</p>
          <div>
            <ButtonLink href="/admin/closed-days" tone="secondary">
              {t('settings.closedDays.open')}
            </ButtonLink>
          </div>
        </div>
      </Card>
      {mayCall('ownerListStaff') ? (
        <Card aria-labelledby="staff-title">
          <div className={stack}>
            <h2 id="staff-title" className={sectionTitle}>
              {t('settings.staff.title')}
            </h2>
            <p className={muted}>{t('settings.staff.intro')}</p>
            <div>
              <ButtonLink href="/admin/staff" tone="secondary">
                {t('settings.staff.open')}
              </ButtonLink>
            </div>
          </div>
        </Card>
      ) : null}
      <Card aria-labelledby="reports-title">
        <div className={stack}>
          <h2 id="reports-title" className={sectionTitle}>
            {t('settings.reports.title')}
          </h2>
          <p className={muted}>{t('settings.reports.intro')}</p>
          <div>
            <ButtonLink href="/admin/reports" tone="secondary">
              {t('settings.reports.open')}
            </ButtonLink>
          </div>
        </div>
      </Card>
      {mayEdit ? null : (
        <Card role="note">
          <p className={muted}>{t('settings.readOnly')}</p>
        </Card>
      )}
      <form onSubmit={submit} className={stack} noValidate>
        <fieldset disabled={!mayEdit} className={styles.readOnlyFrame}>
          <Card aria-labelledby="cutoffs-title">
            <div className={stack}>
              <h2 id="cutoffs-title" className={sectionTitle}>
                {t('settings.cutoffs.title')}
              </h2>
              <p className={muted}>{t('settings.cutoffs.intro')}</p>
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
                    onChange={(event) =>
                      setCutoff(meal, { days_before: Number(event.target.value) })
                    }
                    options={DAYS_BEFORE.map(([days, label]) => ({
                      value: String(days),
                      label: t(label),
                    }))}
                    error={errors[`cutoffs.${meal}.days_before`]}
                  />
                </fieldset>
              ))}
            </div>
          </Card>
          <Card aria-labelledby="skips-title">
            <div className={stack}>
              <h2 id="skips-title" className={sectionTitle}>
                {t('settings.skips.title')}
              </h2>
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
            </div>
          </Card>
          <Card aria-labelledby="leaves-title">
            <div className={stack}>
              <h2 id="leaves-title" className={sectionTitle}>
                {t('settings.leaves.title')}
              </h2>
              <p className={muted}>{t('settings.leaves.intro')}</p>
              <div className={styles.numberRow}>
                <TextField
                  label={t('settings.leaves.maxDays')}
                  inputMode="numeric"
                  required
                  value={numbers.max_days}
                  onChange={(event) => setNumber('max_days', event.target.value)}
                  hint={t('settings.leaves.maxDaysHint')}
                  error={errors['leaves.max_days']}
                />
                <TextField
                  label={t('settings.leaves.minExtending')}
                  inputMode="numeric"
                  required
                  value={numbers.min_extending_days}
                  onChange={(event) => setNumber('min_extending_days', event.target.value)}
                  hint={t('settings.leaves.minExtendingHint')}
                  error={errors['leaves.min_extending_days']}
                />
                <TextField
                  label={t('settings.leaves.monthMax')}
                  inputMode="numeric"
                  placeholder={t('settings.leaves.monthMaxPlaceholder')}
                  value={numbers.max_days_per_month}
                  onChange={(event) => setNumber('max_days_per_month', event.target.value)}
                  hint={t('settings.leaves.monthMaxHint')}
                  error={errors['leaves.max_days_per_month']}
                />
              </div>
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
            </div>
          </Card>
          <Card aria-labelledby="payments-title">
            <div className={stack}>
              <h2 id="payments-title" className={sectionTitle}>
                {t('settings.payments.title')}
              </h2>
              <p className={muted}>{t('settings.payments.intro')}</p>
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
                <div className={styles.numberRow}>
                  <TextField
                    label={t('settings.payments.holdAmount')}
                    inputMode="numeric"
                    placeholder={t('settings.payments.holdNoLimit')}
                    value={numbers.hold_amount}
                    onChange={(event) => setNumber('hold_amount', event.target.value)}
                    hint={t('settings.payments.holdAmountHint')}
                    error={errors['payments.hold.max_amount']}
                  />
                  <TextField
                    label={t('settings.payments.holdDays')}
                    inputMode="numeric"
                    placeholder={t('settings.payments.holdNoLimit')}
                    value={numbers.hold_days}
                    onChange={(event) => setNumber('hold_days', event.target.value)}
                    hint={t('settings.payments.holdDaysHint')}
                    error={errors['payments.hold.max_days_overdue']}
                  />
                </div>
              ) : null}
              <StartableSubscriptions mayStart={mayEdit} />
              <div>
                <ButtonLink href="/admin/dues" tone="secondary">
                  {t('settings.duesLink')}
                </ButtonLink>
              </div>
            </div>
          </Card>
          <Card aria-labelledby="upi-title">
            <div className={stack}>
              <h2 id="upi-title" className={sectionTitle}>
                {t('settings.upi.title')}
              </h2>
              <p className={muted}>{t('settings.upi.intro')}</p>
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
            </div>
          </Card>
          <RemindersCard value={reminders} onChange={setReminders} errors={errors} />
          <Card aria-labelledby="whatsapp-title">
            <div className={stack}>
              <h2 id="whatsapp-title" className={sectionTitle}>
                {t('settings.whatsapp.title')}
              </h2>
              <p className={muted}>{t('settings.whatsapp.intro')}</p>
              <TextField
                label={t('settings.whatsapp.price')}
                inputMode="decimal"
                value={whatsappPrice}
                onChange={(event) => setWhatsappPrice(event.target.value)}
                hint={t('settings.whatsapp.priceHint')}
                error={errors['whatsapp.utility_price_paise']}
              />
            </div>
          </Card>
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

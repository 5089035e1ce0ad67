// "Enrol a walk-in": a customer who came to the counter gets an account, a subscription and a
// receipt for what they paid (any amount, 0 for nothing yet) in one step; they claim the account
// from the SMS link. Paid in part, the owner says when the subscription starts: now, owing the
// rest, or when it is paid. After enrolling, the dialog shows what is still due and that the SMS
// went.
import { useState, type FormEvent } from 'react';
import {
  OFFLINE_PAYMENT_MODES,
  type OfflinePaymentMode,
  referenceRequired,
} from '@machines/payment';
import { normalizePhone } from '@machines/shared';
import { walkInDuePaise, type WalkInStart } from '@machines/walk-in';
import { errorMessage, sentFieldErrors } from '@web/api/errors';
import { usePlans } from '@web/api/queries';
import { useEnrolWalkIn, type WalkInEnrolled } from './walk-in.api';
import { Button } from '@web/components/Button';
import { Details } from '@web/components/Card';
import { Dialog } from '@web/components/Dialog';
import { formStyles, SelectField, TextField } from '@web/components/Field';
import { RadioGroup } from '@web/components/RadioGroup';
import { useToast } from '@web/components/Toaster';
import { t as translate, useT } from '@web/i18n/i18n';
import { formatRupees } from '@web/lib/format';
import { useForm } from '@web/lib/useForm';
import { muted } from '@web/styles/utils.css';
import { offlineModeText, recordPaymentStyles as styles } from '@web/features/payment';

type Values = {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  userType: string;
  plan: string;
  amount: string;
  mode: string;
  reference: string;
  /** Paid in part: when the subscription starts ('' until the owner says). */
  start: WalkInStart | '';
};

const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;
const REFERENCE_PATTERN = /^[A-Za-z0-9]{1,50}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const isMode = (value: string): value is OfflinePaymentMode =>
  (OFFLINE_PAYMENT_MODES as readonly string[]).includes(value);

const EMPTY: Values = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  userType: 'regular',
  plan: '',
  amount: '0',
  mode: 'cash',
  reference: '',
  start: '',
};

/** The server's field names, for its per-field complaints. */
const SERVER_FIELD: Record<keyof Values, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  phone: 'phone',
  email: 'email',
  userType: 'user_type',
  plan: 'plan',
  amount: 'amount',
  mode: 'payment_mode',
  reference: 'reference',
  start: 'start',
};

/**
 * What the counter payment leaves due, in paise, by the plan's listed price (0 until a plan and an
 * amount are given). A price with GST on top is the server's to say: it asks under `start`.
 */
function dueAfterPayment(values: Values, pricesByPlan: ReadonlyMap<string, number>): number {
  const price = pricesByPlan.get(values.plan);
  const amount = values.amount.trim();
  if (price === undefined || !AMOUNT_PATTERN.test(amount)) return 0;
  return walkInDuePaise({
    amountPaise: Math.round(Number(amount) * 100),
    pricePaise: Math.round(price * 100),
  });
}

function validate(values: Values, duePaise: number) {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!values.firstName.trim()) errors.firstName = translate('superuser.walkIn.error.firstName');
  if (!normalizePhone(values.phone).ok) errors.phone = translate('superuser.walkIn.error.phone');
  const email = values.email.trim();
  if (email && !EMAIL_PATTERN.test(email)) errors.email = translate('superuser.walkIn.error.email');
  if (!values.plan) errors.plan = translate('superuser.walkIn.error.plan');
  const amount = values.amount.trim();
  // Above the price is the server's to say (the price includes GST when the business charges it).
  if (!AMOUNT_PATTERN.test(amount)) errors.amount = translate('superuser.walkIn.error.amount');
  const reference = values.reference.trim();
  if (reference && !REFERENCE_PATTERN.test(reference)) {
    errors.reference = translate('superuser.record.referenceInvalid');
  } else if (!reference && isMode(values.mode) && referenceRequired(values.mode)) {
    if (Number(amount) > 0) errors.reference = translate('superuser.walkIn.error.reference');
  }
  if (duePaise > 0 && !values.start) errors.start = translate('superuser.walkIn.error.start');
  return errors;
}

export function WalkInDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const notify = useToast();
  const plans = usePlans(open);
  const enrol = useEnrolWalkIn();
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [enrolled, setEnrolled] = useState<WalkInEnrolled | null>(null);
  const activePlans = (plans.data ?? []).filter((plan) => plan.is_active);
  const prices = new Map(activePlans.map((plan) => [String(plan.id), plan.base_price]));
  const form = useForm<Values>(EMPTY, (values) =>
    validate(values, dueAfterPayment(values, prices)),
  );
  const duePaise = dueAfterPayment(form.values, prices);
  const mode = isMode(form.values.mode) ? form.values.mode : 'cash';
  const sent = enrol.variables
    ? ({
        firstName: enrol.variables.first_name,
        lastName: enrol.variables.last_name ?? '',
        phone: enrol.variables.phone,
        email: enrol.variables.email ?? '',
        userType: enrol.variables.user_type,
        plan: String(enrol.variables.plan),
        amount: String(enrol.variables.amount),
        mode: enrol.variables.payment_mode,
        reference: enrol.variables.reference ?? '',
        start: enrol.variables.start ?? '',
      } satisfies Values)
    : undefined;
  const server = sentFieldErrors(enrol.error, sent, form.values);
  const fieldProps = (name: keyof Values) => {
    const { error, ...props } = form.field(name);
    return { ...props, error: error ?? server[SERVER_FIELD[name]] ?? null };
  };
  // Asked when the payment is partial; also when the server says so (a price with GST on top).
  const asksStart = duePaise > 0 || Boolean(server.start);
  const startField = fieldProps('start');

  const close = () => {
    form.reset();
    enrol.reset();
    setEnrolled(null);
    setRequestId(crypto.randomUUID());
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.trySubmit()) return;
    const v = form.values;
    enrol.mutate(
      {
        first_name: v.firstName.trim(),
        ...(v.lastName.trim() ? { last_name: v.lastName.trim() } : {}),
        phone: v.phone.trim(),
        ...(v.email.trim() ? { email: v.email.trim() } : {}),
        user_type: v.userType === 'student' ? 'student' : 'regular',
        plan: Number(v.plan),
        amount: Number(v.amount.trim()),
        payment_mode: mode,
        ...(v.reference.trim() ? { reference: v.reference.trim() } : {}),
        ...(asksStart && v.start ? { start: v.start } : {}),
        request_id: requestId,
      },
      {
        onSuccess: (answer) => setEnrolled(answer),
        onError: (error) =>
          notify({
            tone: 'error',
            title: translate('superuser.walkIn.failed.title'),
            message: errorMessage(error, translate('superuser.walkIn.failed.message')),
          }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t('superuser.walkIn.title')}
      description={t('superuser.walkIn.description')}
    >
      {enrolled ? (
        <div className={formStyles.form}>
          <p role="status">
            {t('superuser.walkIn.done', {
              name: enrolled.customer.first_name,
              username: enrolled.customer.username,
            })}
          </p>
          <Details
            items={[
              [
                t('superuser.walkIn.subscription'),
                `#${enrolled.subscription.id} ${enrolled.subscription.plan.name}`,
              ],
              [
                t('superuser.walkIn.status'),
                enrolled.subscription.status === 'ACTIVE'
                  ? t('superuser.walkIn.status.active')
                  : t('superuser.walkIn.status.pending'),
              ],
              [t('superuser.walkIn.paid'), formatRupees(enrolled.payment?.amount_inr ?? 0)],
              [t('superuser.walkIn.amountDue'), formatRupees(enrolled.subscription.amount_due)],
            ]}
          />
          {enrolled.sms_sent ? (
            <p className={muted}>
              {t('superuser.walkIn.smsSent', { phone: enrolled.customer.phone })}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button onClick={close}>{t('superuser.walkIn.close')}</Button>
          </div>
        </div>
      ) : (
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <TextField
            label={t('superuser.walkIn.firstName')}
            autoComplete="off"
            required
            {...fieldProps('firstName')}
          />
          <TextField
            label={t('superuser.walkIn.lastName')}
            autoComplete="off"
            {...fieldProps('lastName')}
          />
          <TextField
            label={t('superuser.walkIn.phone')}
            inputMode="tel"
            autoComplete="off"
            required
            {...fieldProps('phone')}
          />
          <TextField
            label={t('superuser.walkIn.email')}
            type="email"
            autoComplete="off"
            {...fieldProps('email')}
          />
          <SelectField
            label={t('superuser.walkIn.userType')}
            required
            options={[
              { value: 'regular', label: t('superuser.walkIn.userType.regular') },
              { value: 'student', label: t('superuser.walkIn.userType.student') },
            ]}
            {...fieldProps('userType')}
          />
          <SelectField
            label={t('superuser.walkIn.plan')}
            required
            options={[
              { value: '', label: t('superuser.walkIn.choosePlan') },
              ...activePlans.map((plan) => ({
                value: String(plan.id),
                label: `${plan.name} (${formatRupees(plan.base_price)})`,
              })),
            ]}
            {...fieldProps('plan')}
          />
          <TextField
            label={t('superuser.walkIn.amount')}
            inputMode="decimal"
            autoComplete="off"
            required
            hint={t('superuser.walkIn.amountHint')}
            {...fieldProps('amount')}
          />
          <SelectField
            label={t('superuser.record.mode')}
            required
            options={OFFLINE_PAYMENT_MODES.map((value) => ({
              value,
              label: offlineModeText(value),
            }))}
            {...fieldProps('mode')}
          />
          <TextField
            label={t('superuser.walkIn.reference')}
            autoComplete="off"
            maxLength={50}
            required={referenceRequired(mode) && Number(form.values.amount) > 0}
            {...fieldProps('reference')}
          />
          {asksStart ? (
            <RadioGroup<WalkInStart>
              label={t('superuser.walkIn.start')}
              description={
                duePaise > 0
                  ? t('superuser.walkIn.start.due', { amount: formatRupees(duePaise / 100) })
                  : undefined
              }
              value={form.values.start}
              onValueChange={(start) => form.setValues((current) => ({ ...current, start }))}
              options={[
                { value: 'now_with_dues', label: t('superuser.walkIn.start.now') },
                { value: 'when_paid', label: t('superuser.walkIn.start.whenPaid') },
              ]}
              error={startField.error}
            />
          ) : null}
          <p className={muted}>{t('superuser.walkIn.notice')}</p>
          <div className={styles.actions}>
            <Button tone="secondary" onClick={close}>
              {t('superuser.cancel')}
            </Button>
            <Button type="submit" busy={enrol.isPending}>
              {t('superuser.walkIn.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

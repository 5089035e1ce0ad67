// "Enrol a walk-in": a customer who came to the counter gets an account, a subscription and a
// receipt for what they paid (any amount, 0 for nothing yet) in one step; they claim the account
// from the SMS link. Paid in part, the owner says when the subscription starts: now, owing the
// rest, or when it is paid. A plan that delivers (tiffin) asks where to: the customer's profile as
// their own form has it (a student's details with the hostel, or a regular customer's address).
// After enrolling, the dialog shows what is still due and that the SMS went.
import { useState, type FormEvent } from 'react';
import { referenceRequired } from '@machines/payment';
import { normalizePhone } from '@machines/shared';
import type { ProfileFieldName } from '@machines/onboarding';
import { deliversTiffin, walkInDuePaise, type WalkInStart } from '@machines/walk-in';
import { usePlans } from '@web/api/queries';
import { useEnrolWalkIn, type WalkInEnrolled } from './walk-in.api';
import { Button } from '@web/components/Button';
import { Details } from '@web/components/Card';
import { CancelSubmit, Dialog } from '@web/components/Dialog';
import { AmountField, formStyles, SelectField, PhoneField, TextField } from '@web/components/Field';
import {
  MessageLanguageField,
  messageLanguage,
  type MessageLanguage,
} from '@web/components/MessageLanguageField';
import { RadioGroup } from '@web/components/RadioGroup';
import { useToast } from '@web/components/Toaster';
import { t as translate, useT } from '@web/i18n/i18n';
import { formatRupees } from '@web/lib/format';
import { useForm } from '@web/lib/useForm';
import { withServerErrors, failureToast } from '@web/api/errors';
import { muted, sectionTitle } from '@web/styles/utils.css';
import {
  EMPTY_PROFILE,
  OwnerProfileFields,
  profileBodyOf,
  profileErrorsOf,
  profileKeyOf,
  profileServerName,
  profileValuesOf,
  type ProfileValues,
} from '@web/features/onboarding';
import {
  isOfflineMode,
  OfflineModeField,
  recordPaymentStyles as styles,
} from '@web/features/payment';

type Values = ProfileValues & {
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
  /** The language their claim SMS and later messages are in ('': the mess's usual one). */
  language: MessageLanguage;
};

const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;
const REFERENCE_PATTERN = /^[A-Za-z0-9]{1,50}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const EMPTY: Values = {
  ...EMPTY_PROFILE,
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
  language: '',
};

/** The server's field names, for its per-field complaints (the profile's by the customer's type). */
const SERVER_FIELD: Record<Exclude<keyof Values, ProfileFieldName>, string> = {
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
  language: 'language',
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

const customerType = (values: Pick<Values, 'userType'>) =>
  values.userType === 'student' ? 'student' : 'regular';

function validate(values: Values, duePaise: number, delivers: boolean) {
  // Where a tiffin goes, by the customer's own profile form's rules.
  const errors: Partial<Record<keyof Values, string>> = delivers
    ? profileErrorsOf(customerType(values), values)
    : {};
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
  } else if (!reference && isOfflineMode(values.mode) && referenceRequired(values.mode)) {
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
  const services = new Map(activePlans.map((plan) => [String(plan.id), plan.service_type]));
  const deliversOf = (values: Values) => deliversTiffin(services.get(values.plan) ?? '');
  const form = useForm<Values>(EMPTY, (values) =>
    validate(values, dueAfterPayment(values, prices), deliversOf(values)),
  );
  const userType = customerType(form.values);
  const delivers = deliversOf(form.values);
  const duePaise = dueAfterPayment(form.values, prices);
  const mode = isOfflineMode(form.values.mode) ? form.values.mode : 'cash';
  const sent = enrol.variables
    ? ({
        ...profileValuesOf(enrol.variables),
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
        language: enrol.variables.language ?? '',
      } satisfies Values)
    : undefined;
  const { server, fieldProps } = withServerErrors(form, enrol.error, sent, (name) =>
    name in SERVER_FIELD
      ? SERVER_FIELD[name as keyof typeof SERVER_FIELD]
      : profileServerName(userType, name as ProfileFieldName),
  );
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
        user_type: userType,
        ...(delivers ? profileBodyOf(userType, v) : {}),
        plan: Number(v.plan),
        amount: Number(v.amount.trim()),
        payment_mode: mode,
        ...(v.reference.trim() ? { reference: v.reference.trim() } : {}),
        ...(asksStart && v.start ? { start: v.start } : {}),
        request_id: requestId,
        ...messageLanguage(v.language),
      },
      {
        onSuccess: (answer) => setEnrolled(answer),
        onError: (error) =>
          notify(
            failureToast(
              error,
              translate('superuser.walkIn.failed.title'),
              translate('superuser.walkIn.failed.message'),
            ),
          ),
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
          <PhoneField
            label={t('superuser.walkIn.phone')}
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
          <MessageLanguageField {...fieldProps('language')} />
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
          {delivers ? (
            <section aria-labelledby="walk-in-address" className={formStyles.form}>
              <h3 id="walk-in-address" className={sectionTitle}>
                {t('superuser.walkIn.addressTitle')}
              </h3>
              <p className={muted}>{t('superuser.walkIn.addressHint')}</p>
              <OwnerProfileFields
                userType={userType}
                error={server[profileKeyOf(userType)]}
                field={(name) => fieldProps(name)}
              />
            </section>
          ) : null}
          <AmountField
            label={t('superuser.walkIn.amount')}
            hint={t('superuser.walkIn.amountHint')}
            {...fieldProps('amount')}
          />
          <OfflineModeField label={t('superuser.record.mode')} {...fieldProps('mode')} />
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
          <CancelSubmit
            className={styles.actions}
            onCancel={close}
            submit={t('superuser.walkIn.submit')}
            busy={enrol.isPending}
          />
        </form>
      )}
    </Dialog>
  );
}

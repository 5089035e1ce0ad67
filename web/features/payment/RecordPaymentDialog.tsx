// "Record payment" for a subscription awaiting payment: money received at the mess in cash, by UPI
// or by bank transfer. The same rules as the server (machines/payment/payment.rules.ts) explain a
// wrong amount, a missing reference or a bad date under its field before anything is sent.
import { useEffect, useMemo, type FormEvent } from 'react';
import {
  type OfflinePaymentMode,
  offlinePaymentProblems,
  referenceRequired,
} from '@machines/payment';
import { decide, isIsoDate } from '@machines/shared';
import { subscriptionFromApi, subscriptionMachine } from '@machines/subscription';
import { SubscriptionDialog } from '@web/features/subscription';
import {
  pendingSummary,
  useRecordOfflinePayment,
  type PendingDialogProps,
  type PendingSubscription,
} from './payment.api';
import { Details } from '@web/components/Card';
import { CancelSubmit } from '@web/components/Dialog';
import { DateField } from '@web/components/DateField';
import { AmountField, formStyles, TextAreaField, TextField } from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { t as translate, useT, type MessageId } from '@web/i18n/i18n';
import { Trans } from '@web/i18n/Trans';
import { businessDateOf, formatDate, formatRupees, todayIso } from '@web/lib/format';
import { useForm } from '@web/lib/useForm';
import { withServerErrors, failureToast } from '@web/api/errors';
import { muted } from '@web/styles/utils.css';
import { refusalText } from '@web/i18n/refusals';
import { OFFLINE_PAYMENT_TOAST_MESSAGES, offlineModeText } from './messages';
import { isOfflineMode, OfflineModeField } from './OfflineModeField';
import * as styles from './RecordPaymentDialog.css';

type Values = {
  amount: string;
  mode: string;
  reference: string;
  receivedOn: string;
  note: string;
};

const REFERENCE_PATTERN = /^[A-Za-z0-9]{1,50}$/;
const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;

const REFERENCE_LABELS: Record<OfflinePaymentMode, MessageId> = {
  cash: 'superuser.record.reference.cash',
  upi: 'superuser.record.reference.upi',
  bank_transfer: 'superuser.record.reference.bank_transfer',
};

/**
 * Every field's complaint, in the current language: the text formats first, then the rules the
 * server applies.
 */
function validate(values: Values, subscription: PendingSubscription | null) {
  const errors: Partial<Record<keyof Values, string>> = {};
  const amount = values.amount.trim();
  if (amount === '') errors.amount = translate('superuser.record.amountRequired');
  else if (!AMOUNT_PATTERN.test(amount) || Number(amount) <= 0) {
    errors.amount = translate('superuser.record.amountInvalid');
  }
  const reference = values.reference.trim();
  if (reference !== '' && !REFERENCE_PATTERN.test(reference)) {
    errors.reference = translate('superuser.record.referenceInvalid');
  }
  if (!isIsoDate(values.receivedOn)) errors.receivedOn = translate('superuser.record.dateInvalid');
  if (!isOfflineMode(values.mode)) errors.mode = translate('superuser.record.modeRequired');
  if (!subscription || !isOfflineMode(values.mode) || !isIsoDate(values.receivedOn)) return errors;
  for (const problem of offlinePaymentProblems({
    amountPaise: errors.amount
      ? Math.round(subscription.amount_due * 100)
      : Math.round(Number(amount) * 100),
    amountDuePaise: Math.round(subscription.amount_due * 100),
    mode: values.mode,
    reference: reference === '' ? null : reference,
    receivedOn: values.receivedOn,
    today: todayIso(),
    subscriptionCreatedOn: createdOn(subscription),
  })) {
    const field = problem.field === 'received_on' ? 'receivedOn' : problem.field;
    errors[field] ??= refusalText(problem);
  }
  return errors;
}

const createdOn = (subscription: PendingSubscription) => businessDateOf(subscription.created_at);

export function RecordPaymentDialog({ subscription, onClose }: PendingDialogProps) {
  const t = useT();
  const notify = useToast();
  const recordPayment = useRecordOfflinePayment();
  const initial: Values = {
    amount: subscription ? String(subscription.amount_due) : '',
    mode: 'cash',
    reference: '',
    receivedOn: todayIso(),
    note: '',
  };
  const form = useForm<Values>(initial, (values) => validate(values, subscription));
  const { reset: resetForm } = form;
  const { reset: resetRequest } = recordPayment;
  const subscriptionId = subscription?.id ?? null;
  // This recording's id: a retry or a double tap sends it again and records nothing new.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new id for each subscription opened
  const requestId = useMemo(() => crypto.randomUUID(), [subscriptionId]);
  useEffect(() => {
    // Another subscription: start over from its price and today, with no old complaints.
    resetForm();
    resetRequest();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another subscription opens
  }, [subscriptionId]);

  const mode = isOfflineMode(form.values.mode) ? form.values.mode : 'cash';
  const sent = recordPayment.variables
    ? ({
        amount: String(recordPayment.variables.amount),
        mode: recordPayment.variables.payment_mode,
        reference: recordPayment.variables.reference ?? '',
        receivedOn: recordPayment.variables.received_on ?? '',
        note: recordPayment.variables.admin_comment ?? '',
      } satisfies Values)
    : undefined;
  const { fieldProps } = withServerErrors(form, recordPayment.error, sent, (name) =>
    name === 'receivedOn' ? 'received_on' : name === 'mode' ? 'payment_mode' : name,
  );

  // What recording does to the subscription, as the subscription machine decides it.
  const today = todayIso();
  const activation = subscription
    ? decide(subscriptionMachine, subscriptionFromApi(subscription), {
        type: 'payment.succeeded',
        paidOn: today,
      })
    : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!subscription || !form.trySubmit()) return;
    const reference = form.values.reference.trim();
    const note = form.values.note.trim();
    recordPayment.mutate(
      {
        subscription: subscription.id,
        amount: Number(form.values.amount.trim()),
        payment_mode: mode,
        ...(reference ? { reference } : {}),
        received_on: form.values.receivedOn,
        ...(note ? { admin_comment: note } : {}),
        request_id: requestId,
      },
      {
        onSuccess: (recorded) => {
          notify({
            tone: 'success',
            title: translate(OFFLINE_PAYMENT_TOAST_MESSAGES.recorded.title),
            // A part payment: the server's sentence says what is still due and whether it started.
            message:
              recorded.subscription.amount_due > 0
                ? recorded.detail
                : translate('superuser.record.toast.message', {
                    amount: formatRupees(recorded.payment.amount_inr),
                    mode: offlineModeText(mode),
                    username: recorded.subscription.user.username,
                    id: recorded.subscription.id,
                    date: formatDate(recorded.subscription.adjusted_end_date),
                    receipt: recorded.payment.receipt_number ?? '',
                  }),
          });
          onClose();
        },
        onError: (error) =>
          notify(
            failureToast(
              error,
              translate(OFFLINE_PAYMENT_TOAST_MESSAGES.failed.title),
              translate(OFFLINE_PAYMENT_TOAST_MESSAGES.failed.message),
            ),
          ),
      },
    );
  };

  return (
    <SubscriptionDialog
      subject={subscription}
      summary={pendingSummary}
      title={t('superuser.record.title')}
      onClose={onClose}
    >
      {(subscription) => (
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <Details
            items={[
              [t('superuser.record.amountDue'), formatRupees(subscription.amount_due)],
              subscription.amount_due < subscription.total_paid
                ? [t('superuser.record.price'), formatRupees(subscription.total_paid)]
                : null,
              [t('superuser.record.awaitingSince'), formatDate(createdOn(subscription))],
            ]}
          />
          <AmountField label={t('superuser.record.amountReceived')} {...fieldProps('amount')} />
          <OfflineModeField label={t('superuser.record.mode')} {...fieldProps('mode')} />
          <TextField
            label={t(REFERENCE_LABELS[mode])}
            autoComplete="off"
            maxLength={50}
            required={referenceRequired(mode)}
            hint={
              referenceRequired(mode)
                ? t('superuser.record.referenceHint.required')
                : t('superuser.record.referenceHint.optional')
            }
            {...fieldProps('reference')}
          />
          <DateField
            label={t('superuser.record.dateReceived')}
            required
            min={createdOn(subscription)}
            max={today}
            {...fieldProps('receivedOn')}
          />
          <TextAreaField
            label={t('superuser.record.note')}
            rows={2}
            maxLength={1000}
            {...fieldProps('note')}
          />
          <section aria-label={t('superuser.record.outcomeLabel')} className={styles.outcome}>
            {Number(form.values.amount) < subscription.amount_due ? (
              <p>
                {t('superuser.record.partPayment', {
                  due: formatRupees(
                    Math.max(0, subscription.amount_due - Number(form.values.amount || 0)),
                  ),
                })}
              </p>
            ) : null}
            {activation?.ok ? (
              <p>
                <Trans
                  id="superuser.record.activation"
                  values={{
                    start: formatDate(activation.context.startDate),
                    end: formatDate(activation.context.baseEndDate),
                  }}
                  components={{ 0: <strong />, 1: <strong /> }}
                />
              </p>
            ) : (
              <p className={styles.refusal}>{activation ? refusalText(activation) : null}</p>
            )}
            <p className={muted}>{t('superuser.record.notice')}</p>
          </section>
          <CancelSubmit
            className={styles.actions}
            onCancel={onClose}
            submit={t('superuser.recordPayment')}
            busy={recordPayment.isPending}
          />
        </form>
      )}
    </SubscriptionDialog>
  );
}

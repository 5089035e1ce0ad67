// "Pay back advance": the owner returns (part of) what a customer paid beyond what they owed, in one
// step, in cash, by UPI or by bank transfer. The same rules as the server (machines/dues
// advance.rules.ts) explain a wrong amount, a missing reference or comment under its field first.
import { useMemo, type FormEvent } from 'react';
import { advanceRefundProblems } from '@machines/dues';
import { OFFLINE_PAYMENT_MODES, type OfflinePaymentMode } from '@machines/payment';
import { paiseFromRupees } from '@machines/shared';
import { errorMessage, sentFieldErrors } from '@web/api/errors';
import { useRefundAdvance } from './dues.api';
import { Button } from '@web/components/Button';
import { Details } from '@web/components/Card';
import { Dialog } from '@web/components/Dialog';
import { formStyles, SelectField, TextAreaField, TextField } from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { t as translate, useT } from '@web/i18n/i18n';
import { refusalText } from '@web/i18n/refusals';
import { formatRupees } from '@web/lib/format';
import { useForm } from '@web/lib/useForm';
import { offlineModeText, recordPaymentStyles as styles } from '@web/features/payment';

type Values = { amount: string; mode: string; reference: string; comment: string };

const isMode = (value: string): value is OfflinePaymentMode =>
  (OFFLINE_PAYMENT_MODES as readonly string[]).includes(value);

function validate(values: Values, heldRupees: number) {
  const errors: Partial<Record<keyof Values, string>> = {};
  const amountPaise = paiseFromRupees(Number(values.amount.trim()));
  if (values.amount.trim() === '' || amountPaise === null || amountPaise <= 0) {
    errors.amount = translate('superuser.record.amountInvalid');
  }
  if (!isMode(values.mode)) errors.mode = translate('superuser.record.modeRequired');
  if (!isMode(values.mode)) return errors;
  for (const problem of advanceRefundProblems({
    amountPaise: amountPaise ?? 0,
    heldPaise: Math.round(heldRupees * 100),
    method: values.mode,
    reference: values.reference.trim() || null,
    adminComment: values.comment,
  })) {
    const field =
      problem.field === 'admin_comment'
        ? 'comment'
        : problem.field === 'amount'
          ? 'amount'
          : 'reference';
    errors[field] ??= refusalText(problem);
  }
  return errors;
}

export function RefundAdvanceDialog({
  customer,
  heldRupees,
  onClose,
}: {
  customer: { id: number; full_name: string };
  heldRupees: number;
  onClose: () => void;
}) {
  const t = useT();
  const notify = useToast();
  const refund = useRefundAdvance();
  const form = useForm<Values>(
    { amount: String(heldRupees), mode: 'cash', reference: '', comment: '' },
    (values) => validate(values, heldRupees),
  );
  // This form's id: a retry or a double tap pays back once.
  const requestId = useMemo(() => crypto.randomUUID(), []);
  const mode = isMode(form.values.mode) ? form.values.mode : 'cash';
  const sent = refund.variables
    ? {
        amount: String(refund.variables.amount),
        mode: refund.variables.method,
        reference: refund.variables.reference ?? '',
        comment: refund.variables.admin_comment,
      }
    : undefined;
  const server = sentFieldErrors(refund.error, sent, form.values);
  const fieldProps = (name: keyof Values) => {
    const { error, ...props } = form.field(name);
    const serverName = name === 'comment' ? 'admin_comment' : name === 'mode' ? 'method' : name;
    return { ...props, error: error ?? server[serverName] ?? null };
  };
  const suggestions = [
    t('superuser.advance.suggestion.counter'),
    t('superuser.advance.suggestion.upi'),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.trySubmit()) return;
    const reference = form.values.reference.trim();
    refund.mutate(
      {
        customer: customer.id,
        amount: Number(form.values.amount.trim()),
        method: mode,
        reference: reference || null,
        admin_comment: form.values.comment.trim(),
        request_id: requestId,
      },
      {
        onSuccess: (done) => {
          notify({
            tone: 'success',
            title: translate('superuser.advance.toast.title'),
            message: translate('superuser.advance.toast.message', {
              amount: formatRupees(done.amount),
              name: customer.full_name,
            }),
          });
          onClose();
        },
        onError: (error) =>
          notify({
            tone: 'error',
            title: translate('superuser.advance.failed'),
            message: errorMessage(error, translate('superuser.advance.failed')),
          }),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('superuser.advance.title')}
      description={customer.full_name}
    >
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <Details items={[[t('superuser.advance.held'), formatRupees(heldRupees)]]} />
        <p>{t('superuser.advance.explain')}</p>
        <TextField
          label={t('superuser.advance.amount')}
          inputMode="decimal"
          autoComplete="off"
          required
          {...fieldProps('amount')}
        />
        <SelectField
          label={t('superuser.advance.method')}
          required
          options={OFFLINE_PAYMENT_MODES.map((value) => ({ value, label: offlineModeText(value) }))}
          {...fieldProps('mode')}
        />
        <TextField
          label={t('superuser.advance.reference')}
          autoComplete="off"
          maxLength={64}
          required={mode !== 'cash'}
          {...fieldProps('reference')}
        />
        <div role="group" aria-label={t('ui.comment.suggestions')} className={styles.actions}>
          {suggestions.map((suggestion) => (
            <Button
              key={suggestion}
              size="sm"
              tone="ghost"
              onClick={() => form.setValues((values) => ({ ...values, comment: suggestion }))}
            >
              {suggestion}
            </Button>
          ))}
        </div>
        <TextAreaField
          label={t('superuser.advance.comment')}
          rows={2}
          maxLength={500}
          required
          {...fieldProps('comment')}
        />
        <div className={styles.actions}>
          <Button tone="secondary" onClick={onClose}>
            {t('superuser.cancel')}
          </Button>
          <Button type="submit" busy={refund.isPending}>
            {t('superuser.advance.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

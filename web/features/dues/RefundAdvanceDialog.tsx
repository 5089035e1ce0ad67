// "Pay back advance": the owner returns (part of) what a customer paid beyond what they owed, in one
// step, in cash, by UPI or by bank transfer. The same rules as the server (machines/dues
// advance.rules.ts) explain a wrong amount, a missing reference or comment under its field first.
import { useMemo, type FormEvent } from 'react';
import { advanceRefundProblems } from '@machines/dues';
import { paiseFromRupees } from '@machines/shared';
import { useRefundAdvance } from './dues.api';
import { Button } from '@web/components/Button';
import { Details } from '@web/components/Card';
import { CancelSubmit, Dialog } from '@web/components/Dialog';
import { AmountField, formStyles, TextAreaField, TextField } from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { t as translate, useT } from '@web/i18n/i18n';
import { refusalText } from '@web/i18n/refusals';
import { formatRupees } from '@web/lib/format';
import { useForm } from '@web/lib/useForm';
import { withServerErrors, failureToast } from '@web/api/errors';
import {
  isOfflineMode,
  OfflineModeField,
  recordPaymentStyles as styles,
} from '@web/features/payment';

type Values = { amount: string; mode: string; reference: string; comment: string };

function validate(values: Values, heldRupees: number) {
  const errors: Partial<Record<keyof Values, string>> = {};
  const amountPaise = paiseFromRupees(Number(values.amount.trim()));
  if (values.amount.trim() === '' || amountPaise === null || amountPaise <= 0) {
    errors.amount = translate('superuser.record.amountInvalid');
  }
  if (!isOfflineMode(values.mode)) errors.mode = translate('superuser.record.modeRequired');
  if (!isOfflineMode(values.mode)) return errors;
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
  const mode = isOfflineMode(form.values.mode) ? form.values.mode : 'cash';
  const sent = refund.variables
    ? {
        amount: String(refund.variables.amount),
        mode: refund.variables.method,
        reference: refund.variables.reference ?? '',
        comment: refund.variables.admin_comment,
      }
    : undefined;
  const { fieldProps } = withServerErrors(form, refund.error, sent, (name) =>
    name === 'comment' ? 'admin_comment' : name === 'mode' ? 'method' : name,
  );
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
          notify(
            failureToast(
              error,
              translate('superuser.advance.failed'),
              translate('superuser.advance.failed'),
            ),
          ),
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
        <AmountField label={t('superuser.advance.amount')} {...fieldProps('amount')} />
        <OfflineModeField label={t('superuser.advance.method')} {...fieldProps('mode')} />
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
        <CancelSubmit
          className={styles.actions}
          onCancel={onClose}
          submit={t('superuser.advance.submit')}
          busy={refund.isPending}
        />
      </form>
    </Dialog>
  );
}

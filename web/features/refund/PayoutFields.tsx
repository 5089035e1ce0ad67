// Where the customer's refund is to be paid: UPI or a bank account, chosen with radios, each field
// labelled and checked with the refund payout rules (machines/refund/refund.rules.ts).
import type { ReactNode } from 'react';
import {
  PAYOUT_METHODS,
  type PayoutDraft,
  type PayoutField,
  type PayoutMethod,
} from '@machines/refund';
import { formStyles, TextField } from '@web/components/Field';
import { useT } from '@web/i18n/i18n';
import { payoutErrorText } from './messages';

export function PayoutFields({
  draft,
  errors,
  onChange,
  legend,
}: {
  draft: PayoutDraft;
  errors: Partial<Record<PayoutField, string>>;
  onChange: (draft: PayoutDraft) => void;
  legend: ReactNode;
}) {
  const t = useT();
  const methodLabels: Record<PayoutMethod, string> = {
    upi: 'UPI',
    bank: t('subscriptions.payout.bank'),
  };
  /** A rule's message in the current language; the server's words as they came. */
  const error = (field: PayoutField) => {
    const message = errors[field];
    return message === undefined ? undefined : payoutErrorText(t, field, message);
  };
  const set = (field: keyof PayoutDraft) => (event: { target: { value: string } }) =>
    onChange({ ...draft, [field]: event.target.value });
  return (
    <fieldset className={`${formStyles.form} ${formStyles.bareFieldset}`}>
      <legend className={formStyles.legend}>{legend}</legend>
      <div
        role="radiogroup"
        aria-label={t('subscriptions.payout.method')}
        className={formStyles.checkGrid}
      >
        {PAYOUT_METHODS.map((method) => (
          <label key={method} className={formStyles.checkRow}>
            <input
              type="radio"
              name="payout-method"
              value={method}
              checked={draft.method === method}
              onChange={() => onChange({ ...draft, method })}
            />
            <span>{methodLabels[method]}</span>
          </label>
        ))}
      </div>
      {draft.method === 'upi' ? (
        <TextField
          label={t('subscriptions.payout.upiId')}
          value={draft.upi_id}
          onChange={set('upi_id')}
          error={error('upi_id')}
          hint={t('subscriptions.payout.upiHint')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={322}
        />
      ) : (
        <>
          <TextField
            label={t('subscriptions.payout.holderName')}
            value={draft.account_holder_name}
            onChange={set('account_holder_name')}
            error={error('account_holder_name')}
            autoComplete="name"
            maxLength={100}
          />
          <TextField
            label={t('subscriptions.payout.accountNumber')}
            value={draft.account_number}
            onChange={set('account_number')}
            error={error('account_number')}
            hint={t('subscriptions.payout.accountNumberHint')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={24}
          />
          <TextField
            label="IFSC"
            value={draft.ifsc}
            onChange={(event) => onChange({ ...draft, ifsc: event.target.value.toUpperCase() })}
            error={error('ifsc')}
            hint={t('subscriptions.payout.ifscHint')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={11}
          />
        </>
      )}
    </fieldset>
  );
}

// Where the customer's refund is to be paid: UPI or a bank account, chosen with radios, each field
// labelled and checked with the refund payout rules (machines/refund/refund.rules.ts).
import type { ReactNode } from 'react';
import {
  PAYOUT_METHODS,
  type PayoutDraft,
  type PayoutField,
  type PayoutMethod,
} from '../../../machines/refund/refund.rules';
import { formStyles, TextField } from '../../components/Field';

const METHOD_LABELS: Record<PayoutMethod, string> = { upi: 'UPI', bank: 'Bank account' };

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
  const set = (field: keyof PayoutDraft) => (event: { target: { value: string } }) =>
    onChange({ ...draft, [field]: event.target.value });
  return (
    <fieldset className={formStyles.form} style={{ border: 'none', padding: 0, margin: 0 }}>
      <legend className={formStyles.legend}>{legend}</legend>
      <div role="radiogroup" aria-label="Payout method" className={formStyles.checkGrid}>
        {PAYOUT_METHODS.map((method) => (
          <label key={method} className={formStyles.checkRow}>
            <input
              type="radio"
              name="payout-method"
              value={method}
              checked={draft.method === method}
              onChange={() => onChange({ ...draft, method })}
            />
            <span>{METHOD_LABELS[method]}</span>
          </label>
        ))}
      </div>
      {draft.method === 'upi' ? (
        <TextField
          label="UPI ID"
          value={draft.upi_id}
          onChange={set('upi_id')}
          error={errors.upi_id}
          hint="Like name@okaxis"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={322}
        />
      ) : (
        <>
          <TextField
            label="Account holder name"
            value={draft.account_holder_name}
            onChange={set('account_holder_name')}
            error={errors.account_holder_name}
            autoComplete="name"
            maxLength={100}
          />
          <TextField
            label="Account number"
            value={draft.account_number}
            onChange={set('account_number')}
            error={errors.account_number}
            hint="9 to 18 digits"
            inputMode="numeric"
            autoComplete="off"
            maxLength={24}
          />
          <TextField
            label="IFSC"
            value={draft.ifsc}
            onChange={(event) => onChange({ ...draft, ifsc: event.target.value.toUpperCase() })}
            error={errors.ifsc}
            hint="11 characters, e.g. SBIN0001234"
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

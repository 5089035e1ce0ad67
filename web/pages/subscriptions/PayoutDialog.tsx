// Add or change where a PENDING refund is to be paid (README: Refund payouts): the same fields as
// the cancel dialog, sent with PATCH /payments/refunds/{id}/.
import { useState, type FormEvent } from 'react';
import {
  EMPTY_PAYOUT_DRAFT,
  payoutFromDraft,
  validatePayoutDraft,
  type PayoutField,
} from '../../../machines/refund/refund.rules';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useUpdateRefundPayout } from '../../api/mutations';
import type { Subscription } from '../../api/queries';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { formStyles } from '../../components/Field';
import { useToast } from '../../components/Toaster';
import { PayoutFields } from './PayoutFields';

type RefundInfo = NonNullable<Subscription['refund_info']>;

export function PayoutDialog({ refund, onClose }: { refund: RefundInfo; onClose: () => void }) {
  const notify = useToast();
  const update = useUpdateRefundPayout();
  // A bank account's number is never sent back whole, so a change starts from empty fields.
  const [draft, setDraft] = useState({
    ...EMPTY_PAYOUT_DRAFT,
    method: refund.payout?.method ?? EMPTY_PAYOUT_DRAFT.method,
  });
  const [checked, setChecked] = useState(false);
  const invalid = validatePayoutDraft(draft);
  const errors: Partial<Record<PayoutField, string>> = checked ? { ...invalid } : {};
  for (const [name, message] of Object.entries(fieldErrors(update.error))) {
    const field = name.replace(/^payout\./, '') as PayoutField;
    if (name.startsWith('payout.') && !errors[field]) errors[field] = message;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(invalid).length > 0) return;
    update.mutate(
      { id: refund.id, payout: payoutFromDraft(draft) },
      {
        onSuccess: () => {
          notify({
            tone: 'success',
            title: 'Payout Details Saved',
            message: 'The owner will send your refund there once it is approved.',
          });
          onClose();
        },
        onError: (error) =>
          notify({
            tone: 'error',
            title: 'Update Failed',
            message: errorMessage(error, 'Could not save the payout details.'),
          }),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={refund.payout ? 'Change Payout Details' : 'Add Payout Details'}
      description="You can change them until the owner approves the refund."
    >
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <PayoutFields
          legend="Where should we send your refund?"
          draft={draft}
          errors={errors}
          onChange={setDraft}
        />
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button tone="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending}>
            Save Payout Details
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

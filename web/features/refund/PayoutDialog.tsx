// Add or change where a PENDING refund is to be paid (docs/rules/refund.md: payouts): the same fields as
// the cancel dialog, sent with PATCH /payments/refunds/{id}/.
import { useState, type FormEvent } from 'react';
import {
  EMPTY_PAYOUT_DRAFT,
  type PayoutField,
  payoutFromDraft,
  validatePayoutDraft,
} from '@machines/refund';
import { fieldErrors, failureToast } from '@web/api/errors';
import { useUpdateRefundPayout } from './refund.api';
import type { Subscription } from '@web/features/subscription';
import { Button } from '@web/components/Button';
import { Dialog } from '@web/components/Dialog';
import { formStyles } from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { useT } from '@web/i18n/i18n';
import { actionRow } from '@web/styles/utils.css';
import { PayoutFields } from './PayoutFields';

type RefundInfo = NonNullable<Subscription['refund_info']>;

export function PayoutDialog({ refund, onClose }: { refund: RefundInfo; onClose: () => void }) {
  const notify = useToast();
  const t = useT();
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
            title: t('subscriptions.payout.saved.title'),
            message: t('subscriptions.payout.saved.message'),
          });
          onClose();
        },
        onError: (error) =>
          notify(
            failureToast(
              error,
              t('subscriptions.payout.updateFailed'),
              t('subscriptions.payout.saveFailed'),
            ),
          ),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={refund.payout ? t('subscriptions.payout.change') : t('subscriptions.payout.add')}
      description={t('subscriptions.payout.description')}
    >
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <PayoutFields
          legend={t('subscriptions.payout.legend')}
          draft={draft}
          errors={errors}
          onChange={setDraft}
        />
        <div className={actionRow}>
          <Button tone="secondary" onClick={onClose}>
            {t('subscriptions.payout.cancel')}
          </Button>
          <Button type="submit" busy={update.isPending}>
            {t('subscriptions.payout.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

// The sandbox stand-in for Razorpay's hosted checkout: same details, card or UPI, Pay or Fail (and
// why it fails: declined by the bank, cancelled, timed out, as Razorpay's error reasons say).
import { useState } from 'react';
import type { components } from '@generated/api';
import type { PaymentFailureKind } from '@machines/payment-link';
import { Button } from '@web/components/Button';
import { Details } from '@web/components/Card';
import { Dialog } from '@web/components/Dialog';
import { RadioGroup } from '@web/components/RadioGroup';
import { useT } from '@web/i18n/i18n';
import { formatRupees } from '@web/lib/format';
import { muted, small } from '@web/styles/utils.css';
import { testCards } from './SandboxCheckoutDialog.css';

type CheckoutOrder = components['schemas']['CheckoutOrder'];
export type CheckoutMethod = 'card' | 'upi';

export interface SandboxChoice {
  method: CheckoutMethod;
  failure: PaymentFailureKind;
}

export function SandboxCheckoutDialog({
  order,
  onPay,
  onDismiss,
}: {
  order: CheckoutOrder;
  onPay: (outcome: 'success' | 'failure', choice: SandboxChoice) => Promise<void>;
  onDismiss: () => void;
}) {
  const t = useT();
  const [working, setWorking] = useState<'success' | 'failure' | null>(null);
  const [method, setMethod] = useState<CheckoutMethod>('upi');
  const [failure, setFailure] = useState<PaymentFailureKind>('declined');
  const pay = (outcome: 'success' | 'failure') => {
    setWorking(outcome);
    void onPay(outcome, { method, failure });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && working === null) onDismiss();
      }}
      title={order.name}
      description={order.description}
      footer={
        <>
          <Button
            tone="secondary"
            busy={working === 'failure'}
            disabled={working !== null}
            onClick={() => pay('failure')}
          >
            {t('checkout.sandbox.fail')}
          </Button>
          <Button
            busy={working === 'success'}
            disabled={working !== null}
            onClick={() => pay('success')}
          >
            {t('checkout.sandbox.pay', { amount: formatRupees(order.amount / 100) })}
          </Button>
        </>
      }
    >
      <Details
        items={[
          [t('checkout.sandbox.amount'), <strong>{formatRupees(order.amount / 100)}</strong>],
          [t('checkout.sandbox.currency'), order.currency],
          [t('checkout.sandbox.name'), order.prefill.name],
          [t('checkout.sandbox.email'), order.prefill.email],
          [t('checkout.sandbox.contact'), order.prefill.contact],
          [t('checkout.sandbox.order'), order.order_id],
        ]}
      />
      <RadioGroup<CheckoutMethod>
        label={t('checkout.sandbox.method')}
        value={method}
        onValueChange={setMethod}
        options={[
          { value: 'upi', label: t('checkout.sandbox.method.upi') },
          { value: 'card', label: t('checkout.sandbox.method.card') },
        ]}
      />
      <div className={testCards}>
        <p className={small}>
          <strong>{t('checkout.sandbox.testMode')}</strong>{' '}
          {method === 'upi' ? t('checkout.sandbox.testUpi') : t('checkout.sandbox.testCards')}
        </p>
        {method === 'upi' ? (
          <ul className={`${muted} ${small}`}>
            <li>success@razorpay</li>
            <li>failure@razorpay</li>
          </ul>
        ) : (
          <ul className={`${muted} ${small}`}>
            <li>Visa: 4111 1111 1111 1111</li>
            <li>Mastercard: 5267 3181 8797 5449</li>
            <li>{t('checkout.sandbox.cardHint')}</li>
          </ul>
        )}
      </div>
      <RadioGroup<PaymentFailureKind>
        label={t('checkout.sandbox.failure')}
        value={failure}
        onValueChange={setFailure}
        options={[
          { value: 'declined', label: t('checkout.sandbox.failure.declined') },
          { value: 'cancelled', label: t('checkout.sandbox.failure.cancelled') },
          { value: 'timed_out', label: t('checkout.sandbox.failure.timed_out') },
        ]}
      />
    </Dialog>
  );
}

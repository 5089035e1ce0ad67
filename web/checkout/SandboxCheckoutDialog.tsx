// The sandbox stand-in for Razorpay's hosted checkout: same details, Pay or Fail.
import { useState } from 'react';
import type { components } from '@generated/api';
import { Button } from '@web/components/Button';
import { Details } from '@web/components/Card';
import { Dialog } from '@web/components/Dialog';
import { useT } from '@web/i18n/i18n';
import { formatRupees } from '@web/lib/format';
import { muted, small } from '@web/styles/utils.css';
import { testCards } from './SandboxCheckoutDialog.css';

type CheckoutOrder = components['schemas']['CheckoutOrder'];

export function SandboxCheckoutDialog({
  order,
  onPay,
  onDismiss,
}: {
  order: CheckoutOrder;
  onPay: (outcome: 'success' | 'failure') => Promise<void>;
  onDismiss: () => void;
}) {
  const t = useT();
  const [working, setWorking] = useState<'success' | 'failure' | null>(null);
  const pay = (outcome: 'success' | 'failure') => {
    setWorking(outcome);
    void onPay(outcome);
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
      <div className={testCards}>
        <p className={small}>
          <strong>{t('checkout.sandbox.testMode')}</strong> {t('checkout.sandbox.testCards')}
        </p>
        <ul className={`${muted} ${small}`}>
          <li>Visa: 4111 1111 1111 1111</li>
          <li>Mastercard: 5267 3181 8797 5449</li>
          <li>{t('checkout.sandbox.cardHint')}</li>
        </ul>
      </div>
    </Dialog>
  );
}

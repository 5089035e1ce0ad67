// The sandbox stand-in for Razorpay's hosted checkout: same details, Pay or Fail.
import { useState } from 'react';
import type { components } from '../../generated/api';
import { Button } from '../components/Button';
import { Details } from '../components/Card';
import { Dialog } from '../components/Dialog';
import { formatRupees } from '../lib/format';
import { muted, small } from '../styles/utils.css';

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
            Fail
          </Button>
          <Button
            busy={working === 'success'}
            disabled={working !== null}
            onClick={() => pay('success')}
          >
            Pay {formatRupees(order.amount / 100)}
          </Button>
        </>
      }
    >
      <Details
        items={[
          ['Amount', <strong>{formatRupees(order.amount / 100)}</strong>],
          ['Currency', order.currency],
          ['Name', order.prefill.name],
          ['Email', order.prefill.email],
          ['Contact', order.prefill.contact],
          ['Order', order.order_id],
        ]}
      />
      <div style={{ marginTop: 16 }}>
        <p className={small}>
          <strong>Test mode.</strong> No money moves. Razorpay&apos;s test cards:
        </p>
        <ul className={`${muted} ${small}`}>
          <li>Visa: 4111 1111 1111 1111</li>
          <li>Mastercard: 5267 3181 8797 5449</li>
          <li>Any future expiry date, any CVV, OTP 1234 if asked.</li>
        </ul>
      </div>
    </Dialog>
  );
}

// The offline payment mode (cash, UPI, bank transfer) as the owner's forms ask for it.
import type { ComponentProps } from 'react';
import { OFFLINE_PAYMENT_MODES, type OfflinePaymentMode } from '@machines/payment';
import { SelectField } from '@web/components/Field';
import { offlineModeText } from './messages';

export const isOfflineMode = (value: string): value is OfflinePaymentMode =>
  (OFFLINE_PAYMENT_MODES as readonly string[]).includes(value);

/** A required choice of the offline modes, each as people read it. */
export function OfflineModeField(props: Omit<ComponentProps<typeof SelectField>, 'options'>) {
  return (
    <SelectField
      required
      options={OFFLINE_PAYMENT_MODES.map((value) => ({ value, label: offlineModeText(value) }))}
      {...props}
    />
  );
}

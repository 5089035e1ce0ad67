// The payment lifecycle (machines/payment, server/lifecycles/payment), as the owner records money
// paid at the mess: the Record Payment dialog, the pending subscriptions' hooks, and the payment
// modes' and gateways' messages.
export * from './payment.api';
export * from './messages';
export { RecordPaymentDialog } from './RecordPaymentDialog';
export { isOfflineMode, OfflineModeField } from './OfflineModeField';
export * as recordPaymentStyles from './RecordPaymentDialog.css';

// The refund lifecycle (machines/refund, server/lifecycles/refund): where a refund is to be paid
// (the fields the cancel dialog shares, the customer's payout dialog, how a payout reads), the
// owner's filters, and the data hooks of the customer's payout details and the owner's decisions.
export * from './refund.api';
export * from './messages';
export { describePayout, REFUND_FILTER_LABELS } from './refundLabels';
export { PayoutDialog } from './PayoutDialog';
export { PayoutFields } from './PayoutFields';

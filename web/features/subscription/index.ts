// The subscription lifecycle (machines/subscription, server/lifecycles/subscription), as the owner
// acts on it (move one subscription's end date, or every active one's) and as the customer does
// (cancel, with what it would refund), and their hooks and toasts.
export * from './subscription.api';
export * from './messages';
export { AdjustEndDateDialog } from './AdjustEndDateDialog';
export { ExtendAllDialog } from './ExtendAllDialog';
export { CancelDialog } from './CancelDialog';
export { SubscriptionDialog, type SubscriptionSummary } from './SubscriptionDialog';

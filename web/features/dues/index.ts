// The dues lifecycle (machines/dues, server/lifecycles/ledger): statements, the dues list's and the
// reminders' hooks, credit notes, the hold on a customer's meals, and the owner's advance refund.
export * from './dues.api';
export { CreditNotes } from './CreditNotes';
export { HoldBanner, holdShort } from './DuesHold';
export { RefundAdvanceDialog } from './RefundAdvanceDialog';
export { RemindersList } from './RemindersList';
export { StatementView } from './Statement';

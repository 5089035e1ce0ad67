// The payment-link lifecycle (machines/payment-link, server/lifecycles/payment-link): the owner's
// dialog that sends a customer a link to pay, and the data hooks of the owner's links and the
// customer's hosted page (web/pages/pay-link).
export * from './payment-link.api';
export { PaymentLinkDialog } from './PaymentLinkDialog';
export * as paymentLinkStyles from './PaymentLinks.css';

// The counter-qr lifecycle (machines/counter-qr, server/lifecycles/counter-qr): the owner's dialog
// that shows a UPI QR code at the counter and follows it until paid, and its data hooks.
export * from './counter-qr.api';
export { CounterQrDialog } from './CounterQrDialog';

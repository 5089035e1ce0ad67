// WhatsApp notices (machines/whatsapp): their statuses and templates as people read them, the
// owner's and the customer's lists, and this month's usage.
export * from './whatsapp.api';
export { WHATSAPP_STATUS_LABELS, WHATSAPP_TEMPLATE_LABELS, WhatsappStatus } from './WhatsappStatus';

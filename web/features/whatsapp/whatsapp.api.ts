// WhatsApp as the owner and the customer read it: each notice's status from the send queue and this
// month's count and cost. A customer's consents are web/features/consent's.
import type { components } from '@generated/api';
import { keepPreviousPage, useApiPage, useApiQuery } from '@web/api/query';

export type WhatsappMessage = components['schemas']['WhatsappMessage'];
export type WhatsappMessageStatus = components['schemas']['WhatsappMessageStatus'];
/** A stored status, or `not_sent`: only written to the outbox on the server. */
export type WhatsappMessageFilter = components['schemas']['WhatsappMessageFilter'];

export const WHATSAPP_PAGE_SIZE = 20;

/** The owner's list of every WhatsApp notice, newest first, one status (or not sent) or all. */
export const useWhatsappMessages = (status: WhatsappMessageFilter | null, offset: number) =>
  useApiPage(
    '/owner/whatsapp/messages/',
    {
      params: {
        query: { limit: WHATSAPP_PAGE_SIZE, offset, ...(status === null ? {} : { status }) },
      },
    },
    { role: 'business', placeholderData: keepPreviousPage },
  );

/** The signed-in customer's own WhatsApp notices. */
export const useMyWhatsappMessages = (offset: number) =>
  useApiPage(
    '/notifications/whatsapp/',
    { params: { query: { limit: WHATSAPP_PAGE_SIZE, offset } } },
    { placeholderData: keepPreviousPage },
  );

/** This month's WhatsApp messages and their cost, for the owner's home. */
export const useWhatsappUsage = (enabled = true) =>
  useApiQuery('/owner/whatsapp/usage/', undefined, { role: 'business', enabled });

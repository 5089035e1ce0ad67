// WhatsApp as the owner and the customer read it: each notice's status from the send queue, this
// month's count and cost, and a customer's consents, which the owner records and withdraws.
import type { components } from '@generated/api';
import type { ConsentChannel, ConsentPurpose } from '@machines/consent';
import type { ApiPath } from './call';
import { byId, keepPreviousPage, useApiMutation, useApiPage, useApiQuery } from './query';

export type WhatsappMessage = components['schemas']['WhatsappMessage'];
export type WhatsappMessageStatus = components['schemas']['WhatsappMessageStatus'];
export type WhatsappUsage = components['schemas']['WhatsappUsage'];
export type Consent = components['schemas']['Consent'];

export const WHATSAPP_PAGE_SIZE = 20;

/** The owner's list of every WhatsApp notice, newest first, one status or all. */
export const useWhatsappMessages = (status: WhatsappMessageStatus | null, offset: number) =>
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

const CONSENTS = '/owner/customers/{id}/consents/' satisfies ApiPath<'get'>;

export const useCustomerConsents = (id: number) =>
  useApiQuery(CONSENTS, byId(id), { role: 'business', enabled: Number.isInteger(id) && id > 0 });

export interface ConsentTarget {
  readonly id: number;
  readonly channel: ConsentChannel;
  readonly purpose: ConsentPurpose;
}

/** Records consent the customer gave aloud, naming who heard it. */
export const useRecordConsent = () =>
  useApiMutation('post', '/owner/customers/{id}/consents/', {
    init: ({ id, channel, purpose, recordedBy }: ConsentTarget & { recordedBy: string }) => ({
      ...byId(id),
      body: { channel, purpose, recorded_by: recordedBy },
    }),
    refreshes: [CONSENTS],
  });

/** Withdraws a customer's consent at their request. */
export const useWithdrawConsent = () =>
  useApiMutation('post', '/owner/customers/{id}/consents/withdraw/', {
    init: ({ id, channel, purpose }: ConsentTarget) => ({
      ...byId(id),
      body: { channel, purpose },
    }),
    refreshes: [CONSENTS],
  });

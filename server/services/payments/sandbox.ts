// The sandbox provider: the server issues order and payment link ids itself. POST
// /payments/sandbox/pay/ plays the hosted checkout and signs its result with the same key secret
// Razorpay would use; a link's short_url opens the web app's hosted pay page (/pay/plink_…), whose
// payment the sandbox reports as a signed payment_link.paid webhook. The provider's side of a link
// is our own payment_links row (the sandbox runs in the same server), so it keeps nothing itself.
import type { Config } from '@server/config.js';
import type { Db } from '@server/platform/db/index.js';
import { providerId } from './ids.js';
import { ProviderError, type PaymentProvider, type ProviderPaymentLink } from './provider.js';

export function createSandboxProvider(config: Config, db: Db): PaymentProvider {
  const shortUrl = (linkId: string) => `${config.publicUrl}/pay/${linkId}`;

  async function stored(linkId: string): Promise<ProviderPaymentLink> {
    const row = await db.kysely
      .selectFrom('payment_links')
      .select(['provider_link_id', 'status', 'amount_paise', 'reference_id'])
      .where('provider_link_id', '=', linkId)
      .executeTakeFirst();
    if (!row) throw new ProviderError(`The sandbox has no payment link ${linkId}`);
    return {
      id: row.provider_link_id,
      shortUrl: shortUrl(row.provider_link_id),
      status: row.status,
      amountPaise: Number(row.amount_paise),
      referenceId: row.reference_id,
    };
  }

  return {
    name: 'sandbox',
    async createOrder() {
      return { orderId: providerId('order') };
    },
    async createPaymentLink(request) {
      const id = providerId('plink');
      return {
        id,
        shortUrl: shortUrl(id),
        status: 'created',
        amountPaise: request.amountPaise,
        referenceId: request.referenceId,
      };
    },
    fetchPaymentLink: stored,
    async cancelPaymentLink(linkId) {
      return { ...(await stored(linkId)), status: 'cancelled' };
    },
  };
}

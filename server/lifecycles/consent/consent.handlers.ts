// Consent: the customer's switches per channel and purpose, and the owner reading a customer's,
// recording spoken consent and withdrawing it when the customer asks.
import type { AppContext } from '@server/context.js';
import { refusal } from '@machines/shared';
import { ApiError, notFound, refusalError } from '@server/errors.js';
import { isCustomer, requireBusiness, requireCustomer, type Handlers } from '@server/http.js';
import { consentsOf } from './consent.read.js';

/** A refusal that only says the record is already as asked (PUT is idempotent). */
const alreadySo = (error: unknown) =>
  error instanceof ApiError &&
  (error.body.error_code === 'consent.already_granted' ||
    error.body.error_code === 'consent.not_granted');

export function consentHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { consents } = ctx.stores;

  /** A customer the owner acts for; anyone else (staff, an unknown id) is 404. */
  async function customerOf(id: number) {
    const customer = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!customer || !isCustomer(customer)) throw notFound();
    return customer;
  }

  return {
    async getMyConsents(request) {
      const user = requireCustomer(request);
      return consentsOf(db, user.id);
    },
    async updateMyConsent(request) {
      const user = requireCustomer(request);
      const { channel, purpose, granted } = request.body;
      try {
        await consents.change({
          userId: user.id,
          channel,
          purpose,
          actor: user,
          event: granted
            ? { type: 'consent.grant', method: 'profile', recordedBy: null }
            : { type: 'consent.withdraw', method: 'profile' },
        });
      } catch (error) {
        if (!alreadySo(error)) throw error;
      }
      return consentsOf(db, user.id);
    },
    async ownerCustomerConsents(request) {
      requireBusiness(request);
      const customer = await customerOf(request.params.id);
      return consentsOf(db, customer.id);
    },
    async ownerWithdrawConsent(request) {
      const owner = requireBusiness(request);
      const customer = await customerOf(request.params.id);
      await consents.change({
        userId: customer.id,
        channel: request.body.channel,
        purpose: request.body.purpose,
        actor: owner,
        event: { type: 'consent.withdraw', method: 'owner' },
      });
      return consentsOf(db, customer.id);
    },
    async ownerRecordConsent(request, reply) {
      const owner = requireBusiness(request);
      const customer = await customerOf(request.params.id);
      // Nobody stands behind an erased account's placeholders to have given it.
      if (customer.erased_at) throw refusalError(refusal('consent.account_erased'));
      await consents.change({
        userId: customer.id,
        channel: request.body.channel,
        purpose: request.body.purpose,
        actor: owner,
        event: {
          type: 'consent.grant',
          method: 'owner_recorded',
          recordedBy: request.body.recorded_by,
        },
      });
      return reply.code(201).send(await consentsOf(db, customer.id));
    },
  } satisfies Partial<Handlers>;
}

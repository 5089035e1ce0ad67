// What the handlers of payment links and counter QR codes share: the owner's create, read and end
// of one, and the sandbox's paying one as Razorpay would (refused, declined, or a signed webhook
// event).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refusal, type Refused } from '@machines';
import type { AppContext } from '@server/context.js';
import { ApiError, carrying, refusalError } from '@server/errors.js';
import { requireBusiness } from '@server/http.js';
import type { User } from '@server/platform/db/schema.js';
import { optionalAmountField } from '@server/lifecycles/payment/amount-field.js';
import { hmacHex } from '@server/services/payments/signatures.js';

/** The owner's new link or QR code as the API asks for it: a subscription and, or not, an amount. */
const newRequestOf = (body: { subscription: number; amount?: number | null }) => ({
  subscriptionId: body.subscription,
  amountPaise: optionalAmountField(body.amount),
});

/** What a store of links or QR codes does for the owner: make one, read one, end one. */
interface OwnerRequests<Row> {
  create(owner: User, input: ReturnType<typeof newRequestOf>): Promise<Row>;
  read(id: number): Promise<Row>;
  /** A link is cancelled, a QR code closed. */
  end(owner: User, id: number): Promise<Row>;
}

/** The owner's create, read and end of a link or QR code, each answered with its `body`. */
export function ownerHandlers<Row, Body>(store: OwnerRequests<Row>, body: (row: Row) => Body) {
  return {
    async create(
      request: FastifyRequest<{ Body: { subscription: number; amount?: number | null } }>,
      reply: FastifyReply,
    ) {
      const owner = requireBusiness(request);
      const row = await store.create(owner, newRequestOf(request.body));
      return reply.code(201).send(body(row));
    },
    async read(request: FastifyRequest<{ Params: { id: number } }>) {
      requireBusiness(request);
      return body(await store.read(request.params.id));
    },
    async end(request: FastifyRequest<{ Params: { id: number } }>) {
      const owner = requireBusiness(request);
      return body(await store.end(owner, request.params.id));
    },
  };
}

/**
 * The sandbox pays a link or QR code: refused as the machine says (`decision`), declined when the
 * tester asks for a failure, or else `event` (what Razorpay sends when it is paid) is delivered,
 * signed with the webhook secret, to the webhook endpoint, which verifies and settles it exactly as
 * it would Razorpay's.
 */
export async function payInSandbox(
  ctx: AppContext,
  request: FastifyRequest & { body: { outcome?: string } },
  decision: { readonly ok: true } | Refused,
  event: object,
): Promise<void> {
  if (!decision.ok) throw refusalError(decision);
  if (request.body.outcome === 'failure') {
    const declined = refusal('payment.declined');
    throw new ApiError(
      400,
      carrying({ detail: declined.message, error_code: declined.code }, [declined]),
    );
  }
  const raw = JSON.stringify(event);
  const secret = ctx.config.payments.webhookSecret ?? '';
  const delivered = await request.server.inject({
    method: 'POST',
    url: '/api/payments/webhook/',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(secret, raw),
    },
    payload: raw,
  });
  if (delivered.statusCode !== 200) {
    request.log.error(
      { status: delivered.statusCode, body: delivered.body.slice(0, 300) },
      'the sandbox webhook was refused',
    );
  }
}

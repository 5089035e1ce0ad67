// The WhatsApp Cloud API's webhook: Meta's verify-token handshake, then signed POSTs carrying message
// statuses (which move a queued notice forward only) and inbound messages (a reply of STOP or START
// withdraws or grants the sender's WhatsApp consent). A body whose signature does not match changes
// nothing, nor does an entry about another phone number than this business's (an app shared by
// several businesses hears them all): it is acknowledged and left alone.
import { consentReplyIntent, normalizePhone } from '@machines';
import type { AppContext } from '@server/context.js';
import { ApiError, refusalDetail } from '@server/errors.js';
import type { Handlers } from '@server/http.js';
import { hmacHex, sameHex } from '@server/services/payments/signatures.js';
import type { ReportedStatus } from '@server/services/whatsapp/queue.js';

interface InboundMessage {
  from?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { text?: unknown };
}

interface ChangeValue {
  /** Which business number the entry is about: only this business's own is heard. */
  metadata?: { phone_number_id?: unknown };
  statuses?: ReportedStatus[];
  messages?: InboundMessage[];
}

interface WebhookBody {
  entry?: { changes?: { field?: unknown; value?: ChangeValue }[] }[];
}

/** X-Hub-Signature-256: "sha256=" and the hex HMAC-SHA256 of the raw body with the app secret. */
function isValidHubSignature(appSecret: string, raw: Buffer, header: string): boolean {
  const given = header.trim();
  const expected = `sha256=${hmacHex(appSecret, raw)}`;
  return sameHex(
    expected,
    given.toLowerCase().startsWith('sha256=') ? `sha256=${given.slice(7).toLowerCase()}` : given,
  );
}

export function whatsappHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { consents } = ctx.stores;

  /** STOP / START from a phone: every customer account with that phone. */
  async function applyReply(message: InboundMessage): Promise<boolean> {
    const text =
      typeof message.text?.body === 'string'
        ? message.text.body
        : typeof message.button?.text === 'string'
          ? message.button.text
          : null;
    const intent = text === null ? null : consentReplyIntent(text);
    if (!intent || typeof message.from !== 'string') return false;
    const phone = normalizePhone(message.from);
    if (!phone.ok) return false;
    const customers = await db
      .selectFrom('users')
      .select(['id'])
      .where('phone', '=', phone.value)
      .where('user_type', 'in', ['student', 'regular'])
      .execute();
    let changed = false;
    for (const customer of customers) {
      try {
        await consents.change({
          userId: customer.id,
          channel: 'whatsapp',
          purpose: 'service',
          actor: null,
          event:
            intent === 'stop'
              ? { type: 'consent.withdraw', method: 'reply_stop' }
              : { type: 'consent.grant', method: 'reply_start', recordedBy: null },
        });
        changed = true;
      } catch (error) {
        // Already so (a second STOP): nothing to change.
        if (!(error instanceof ApiError)) throw error;
      }
    }
    return changed;
  }

  return {
    async whatsappWebhookVerify(request, reply) {
      const query = request.query;
      const expected = ctx.config.whatsapp.verifyToken;
      const given = query['hub.verify_token'] ?? '';
      if (
        query['hub.mode'] !== 'subscribe' ||
        expected === null ||
        !sameHex(expected, given) ||
        query['hub.challenge'] === undefined
      ) {
        throw refusalDetail(403, 'whatsapp.verify_token_mismatch');
      }
      return reply.type('text/plain; charset=utf-8').send(query['hub.challenge']);
    },
    async whatsappWebhook(request) {
      const secret = ctx.config.whatsapp.appSecret;
      if (!secret) throw refusalDetail(400, 'webhook.not_configured');
      const signature = request.headers['x-hub-signature-256'];
      const raw = request.rawBody;
      if (typeof signature !== 'string' || !raw || !isValidHubSignature(secret, raw, signature)) {
        throw refusalDetail(401, 'webhook.invalid_signature');
      }
      const body = request.body as WebhookBody;
      let changed = false;
      const ownNumber = ctx.config.whatsapp.phoneNumberId;
      for (const entry of body.entry ?? []) {
        for (const change of entry.changes ?? []) {
          if (ownNumber === null || change.value?.metadata?.phone_number_id !== ownNumber) continue;
          for (const status of change.value?.statuses ?? []) {
            if (await ctx.whatsapp.applyStatus(status)) changed = true;
          }
          for (const message of change.value?.messages ?? []) {
            if (await applyReply(message)) changed = true;
          }
        }
      }
      return { status: changed ? 'processed' : 'ignored' };
    },
  } satisfies Partial<Handlers>;
}

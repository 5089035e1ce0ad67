// WhatsApp behind one interface, beside SMS and e-mail: the WhatsApp Business Cloud API (template
// messages through the Graph API's messages endpoint), or with no configuration the local outbox
// (DATA_DIR/outbox/whatsapp.jsonl), as SMS do.
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, statSync, truncateSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@server/config.js';
import {
  renderWhatsappTemplate,
  type WhatsappLanguage,
  type WhatsappTemplateName,
} from './templates.js';

interface WhatsappMessage {
  /** As stored (+919876543210); the Cloud API takes the digits with the country code. */
  to: string;
  template: WhatsappTemplateName;
  language: WhatsappLanguage;
  parameters: readonly string[];
}

/** A send the Cloud API refused. `permanent`: sending again will not help (fall back to SMS). */
export class WhatsappSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'WhatsappSendError';
  }
}

export interface WhatsappProvider {
  readonly mode: 'cloud' | 'outbox';
  /** Answers the message's id (wamid), by which status webhooks name it. */
  send(message: WhatsappMessage): Promise<{ wamid: string }>;
  describe(): string;
}

/** +919876543210 → 919876543210, Meta's wa_id form. */
const waId = (phone: string) => phone.replace(/\D/g, '');

/**
 * Error codes that say "later": Meta's throttling (4, 80007, 130429, 131056), spam rate limit
 * (131048), temporary failures (1, 2, 131000, 131016, 133004). Everything else is permanent.
 */
const TRANSIENT_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

export function createWhatsappProvider(config: Config, log: FastifyBaseLogger): WhatsappProvider {
  return config.whatsapp.mode === 'cloud'
    ? cloudProvider(config, log)
    : outboxProvider(config, log);
}

function outboxProvider(config: Config, log: FastifyBaseLogger): WhatsappProvider {
  const outbox = path.join(config.dataDir, 'outbox');
  const file = path.join(outbox, 'whatsapp.jsonl');
  return {
    mode: 'outbox',
    async send(message) {
      mkdirSync(outbox, { recursive: true, mode: 0o700 });
      const wamid = `wamid.outbox.${randomBytes(12).toString('hex')}`;
      const line = {
        id: wamid,
        to: message.to,
        template: message.template,
        language: message.language,
        parameters: message.parameters,
        text: renderWhatsappTemplate(message.template, message.language, message.parameters),
      };
      const sizeBefore = existsSync(file) ? statSync(file).size : 0;
      try {
        appendFileSync(file, JSON.stringify(line) + '\n', { mode: 0o600 });
      } catch (error) {
        if (existsSync(file)) truncateSync(file, sizeBefore);
        throw error;
      }
      log.info({ to: message.to, template: message.template, file }, 'WhatsApp written to outbox');
      return { wamid };
    },
    describe: () => `WhatsApp messages are appended to ${file}`,
  };
}

function cloudProvider(config: Config, log: FastifyBaseLogger): WhatsappProvider {
  const { token, phoneNumberId, apiUrl } = config.whatsapp;
  const url = `${apiUrl}/${phoneNumberId}/messages`;
  return {
    mode: 'cloud',
    async send(message) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: waId(message.to),
            type: 'template',
            template: {
              name: message.template,
              language: { code: message.language },
              components: [
                {
                  type: 'body',
                  parameters: message.parameters.map((text) => ({ type: 'text', text })),
                },
              ],
            },
          }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new WhatsappSendError(
          `WhatsApp Cloud API unreachable: ${error instanceof Error ? error.message : String(error)}`,
          false,
          null,
        );
      }
      const body = (await response.json().catch(() => null)) as {
        messages?: { id?: unknown }[];
        error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } };
      } | null;
      const wamid = body?.messages?.[0]?.id;
      if (response.ok && typeof wamid === 'string') {
        log.info({ to: message.to, template: message.template }, 'WhatsApp sent');
        return { wamid };
      }
      const code = typeof body?.error?.code === 'number' ? body.error.code : null;
      const title = typeof body?.error?.message === 'string' ? body.error.message : '';
      const transient =
        response.status === 429 ||
        response.status >= 500 ||
        (code !== null && TRANSIENT_CODES.has(code));
      throw new WhatsappSendError(
        `WhatsApp Cloud API answered ${response.status}${code !== null ? ` (${code})` : ''}: ${title}`.slice(
          0,
          300,
        ),
        !transient,
        code === null ? null : String(code),
      );
    },
    describe: () => `WhatsApp messages go out through the Cloud API (${config.whatsapp.apiUrl})`,
  };
}

// A local stand-in for the WhatsApp Cloud API, speaking its shapes, so the code under test is the
// real provider: it accepts POST /{version}/{phone-number-id}/messages with the bearer token (a
// template message: to, type template, template {name, language {code}, components}), answers
// {messaging_product, contacts, messages: [{id: 'wamid…'}]}, and then reports each message's
// statuses (sent, delivered, read; or failed for a recipient told to fail) as webhooks signed like
// Meta's (X-Hub-Signature-256: sha256=HMAC-SHA256(app secret, raw body)). It can also deliver a
// customer's reply (STOP, START) as an inbound message webhook. Deliveries go to `deliver` (a test
// sends them into the app) or POST to `webhookUrl`; `flush()` delivers what is pending.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface SandboxSentMessage {
  wamid: string;
  to: string;
  template: string;
  language: string;
  parameters: string[];
}

export interface WhatsappSandboxOptions {
  appSecret: string;
  token: string;
  phoneNumberId: string;
  /** Receives each signed webhook; default: POST to webhookUrl. */
  deliver?: (raw: string, signature: string) => Promise<void>;
  webhookUrl?: string;
  /** Deliver statuses by themselves this many ms after a send; null: only on flush(). */
  autoDeliverMs?: number | null;
  /** The port to listen on (127.0.0.1); default: any free one. */
  port?: number;
}

export interface WhatsappSandbox {
  /** The base to set as WHATSAPP_API_URL (it stands for https://graph.facebook.com/vXX.X). */
  url: string;
  sent: SandboxSentMessage[];
  /** Refuse sends to this wa_id with a Cloud API error (e.g. 131026, permanent). */
  refuse(waId: string, error: { status: number; code: number; message: string }): void;
  /** Sends to this wa_id are taken again. */
  allow(waId: string): void;
  /** Report a failed status (with this error) for messages to this wa_id instead of delivering. */
  failDelivery(waId: string, error: { code: number; title: string }): void;
  /** Delivers every pending webhook, in order. */
  flush(): Promise<void>;
  /** The signed webhook of a customer's text reply. */
  reply(fromWaId: string, text: string): Promise<void>;
  /** The webhook body of these statuses, as Meta would send it. */
  statusBody(statuses: object[]): string;
  sign(raw: string): string;
  close(): Promise<void>;
}

export async function startWhatsappSandbox(
  options: WhatsappSandboxOptions,
): Promise<WhatsappSandbox> {
  const sent: SandboxSentMessage[] = [];
  const pending: string[] = [];
  const refusals = new Map<string, { status: number; code: number; message: string }>();
  const failures = new Map<string, { code: number; title: string }>();
  let clock = Math.floor(Date.now() / 1000);
  const timestamp = () => String((clock += 1));

  const sign = (raw: string) =>
    `sha256=${createHmac('sha256', options.appSecret).update(raw).digest('hex')}`;
  const envelope = (value: object) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'sandbox-waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: '15550000000',
                  phone_number_id: options.phoneNumberId,
                },
                ...value,
              },
            },
          ],
        },
      ],
    });
  const statusBody = (statuses: object[]) => envelope({ statuses });

  async function deliverOne(raw: string) {
    const signature = sign(raw);
    if (options.deliver) return options.deliver(raw, signature);
    if (!options.webhookUrl) return;
    await fetch(options.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body: raw,
    }).catch(() => undefined);
  }

  async function flush() {
    while (pending.length > 0) await deliverOne(pending.shift()!);
  }

  const answer = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const graphError = (response: ServerResponse, status: number, code: number, message: string) =>
    answer(response, status, {
      error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(8).toString('hex') },
    });

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  const server = createServer((request, response) => {
    void (async () => {
      const match = /^\/[^/]+\/([^/]+)\/messages$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match)
        return graphError(response, 404, 803, 'Unknown path');
      if (request.headers.authorization !== `Bearer ${options.token}`) {
        return graphError(response, 401, 190, 'Invalid OAuth access token.');
      }
      if (match[1] !== options.phoneNumberId) {
        return graphError(response, 400, 100, 'Unsupported post request: unknown phone number id');
      }
      let body: {
        messaging_product?: unknown;
        to?: unknown;
        type?: unknown;
        template?: {
          name?: unknown;
          language?: { code?: unknown };
          components?: { type?: unknown; parameters?: { type?: unknown; text?: unknown }[] }[];
        };
      };
      try {
        body = JSON.parse(await readBody(request));
      } catch {
        return graphError(response, 400, 100, 'Invalid JSON');
      }
      const template = body.template;
      const bodyComponent = template?.components?.find((c) => c.type === 'body');
      const parameters = bodyComponent?.parameters ?? [];
      if (
        body.messaging_product !== 'whatsapp' ||
        body.type !== 'template' ||
        typeof body.to !== 'string' ||
        !/^\d{8,15}$/.test(body.to) ||
        typeof template?.name !== 'string' ||
        typeof template.language?.code !== 'string' ||
        parameters.some((p) => p.type !== 'text' || typeof p.text !== 'string')
      ) {
        return graphError(response, 400, 100, '(#100) Invalid parameter');
      }
      const refused = refusals.get(body.to);
      if (refused) return graphError(response, refused.status, refused.code, refused.message);
      const wamid = `wamid.${Buffer.from(randomBytes(18)).toString('base64url')}`;
      sent.push({
        wamid,
        to: body.to,
        template: template.name,
        language: template.language.code,
        parameters: parameters.map((p) => String(p.text)),
      });
      const failure = failures.get(body.to);
      const statuses = failure
        ? [{ status: 'failed', errors: [{ code: failure.code, title: failure.title }] }]
        : [{ status: 'sent' }, { status: 'delivered' }, { status: 'read' }];
      for (const status of statuses) {
        pending.push(
          statusBody([{ id: wamid, recipient_id: body.to, timestamp: timestamp(), ...status }]),
        );
      }
      answer(response, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: wamid }],
      });
      if (options.autoDeliverMs != null) setTimeout(() => void flush(), options.autoDeliverMs);
    })().catch(() => graphError(response, 500, 1, 'An unknown error occurred'));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    sent,
    refuse: (waId, error) => void refusals.set(waId, error),
    allow: (waId) => void refusals.delete(waId),
    failDelivery: (waId, error) => void failures.set(waId, error),
    flush,
    async reply(fromWaId, text) {
      await deliverOne(
        envelope({
          contacts: [{ profile: { name: 'Customer' }, wa_id: fromWaId }],
          messages: [
            {
              from: fromWaId,
              id: `wamid.${randomBytes(12).toString('hex')}`,
              timestamp: timestamp(),
              type: 'text',
              text: { body: text },
            },
          ],
        }),
      );
    },
    statusBody,
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

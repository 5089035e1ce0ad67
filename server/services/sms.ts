// SMS behind one interface: the local outbox (default) or Twilio over HTTPS.
import { appendFileSync, existsSync, mkdirSync, statSync, truncateSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@server/config.js';

export interface SmsProvider {
  /** `outbox`: a file on this server, which reaches no one; else the provider that sends. */
  readonly name: 'outbox' | 'twilio';
  send(to: string, body: string): Promise<void>;
  describe(): string;
}

export function createSmsProvider(config: Config, log: FastifyBaseLogger): SmsProvider {
  if (config.sms.provider === 'twilio') return twilioProvider(config, log);
  const outbox = path.join(config.dataDir, 'outbox');
  const file = path.join(outbox, 'sms.jsonl');
  return {
    name: 'outbox',
    async send(to, body) {
      mkdirSync(outbox, { recursive: true, mode: 0o700 });
      const sizeBefore = existsSync(file) ? statSync(file).size : 0;
      try {
        appendFileSync(file, JSON.stringify({ to, body }) + '\n', { mode: 0o600 });
      } catch (error) {
        // A full disk can take half a line; cut it off so the next line starts on a line of its own.
        if (existsSync(file)) truncateSync(file, sizeBefore);
        throw error;
      }
      // The body may hold an OTP, so only the recipient goes to the log.
      log.info({ to, file }, 'SMS written to outbox');
    },
    describe: () => `SMS (including OTPs) are appended to ${file}`,
  };
}

function twilioProvider(config: Config, log: FastifyBaseLogger): SmsProvider {
  const { twilioAccountSid: sid, twilioAuthToken: token, twilioFrom: from } = config.sms;
  const url = `${config.sms.twilioApiUrl}/2010-04-01/Accounts/${sid}/Messages.json`;
  return {
    name: 'twilio',
    async send(to, body) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: to, From: from ?? '', Body: body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw new Error(`Twilio answered ${response.status}: ${detail.slice(0, 200)}`);
      }
      log.info({ to }, 'SMS sent through Twilio');
    },
    describe: () => 'SMS go out through Twilio',
  };
}

// E-mail over SMTP with nodemailer; without SMTP_URL each mail is written as an .eml file to the outbox.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  describe(): string;
}

export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
      },
      describe: () => 'e-mail goes out over SMTP (SMTP_URL)',
    };
  }
  const outbox = path.join(options.dataDir, 'outbox', 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let sequence = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      mkdirSync(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(outbox, `${stamp}-${process.pid}-${++sequence}-${safeTo}.eml`);
      writeFileSync(file, info.message as Buffer);
      options.log.info(
        { to: message.to, subject: message.subject, file },
        'mail written to outbox',
      );
    },
    describe: () => `e-mails are written to ${outbox}`,
  };
}

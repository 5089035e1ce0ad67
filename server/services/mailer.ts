// E-mail over SMTP with nodemailer; without SMTP_URL each mail is written as an .eml file to the outbox.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** `outbox`: an .eml file on this server, which reaches no one; `smtp`: sent on over SMTP. */
  readonly name: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  describe(): string;
}

export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  // nodemailer costs ~13 MB: loaded with the first mail, not at start.
  let transporter: Promise<Transporter> | null = null;
  const transport = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true }),
    ));
  if (options.smtpUrl) {
    return {
      name: 'smtp',
      async send(message) {
        await (await transport()).sendMail({ from: options.from, ...message });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
      },
      describe: () => 'e-mail goes out over SMTP (SMTP_URL)',
    };
  }
  const outbox = path.join(options.dataDir, 'outbox', 'mail');
  let sequence = 0;
  return {
    name: 'outbox',
    async send(message) {
      const info = await (await transport()).sendMail({ from: options.from, ...message });
      mkdirSync(outbox, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(outbox, `${stamp}-${process.pid}-${++sequence}-${safeTo}.eml`);
      try {
        writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      } catch (error) {
        // A full disk leaves a truncated .eml behind; the retry writes a whole one under a new name.
        rmSync(file, { force: true });
        throw error;
      }
      options.log.info(
        { to: message.to, subject: message.subject, file },
        'mail written to outbox',
      );
    },
    describe: () => `e-mails are written to ${outbox}`,
  };
}

// A mailer for tests that can hold every send until released, to see what happens while mail is slow.
// It stands for SMTP: what it takes counts as sent on, not kept in the outbox.
import type { MailMessage, Mailer } from '../../server/services/mailer.js';

export interface HeldMailer extends Mailer {
  sent: MailMessage[];
  /** Holds sends from now on; the returned function lets them (and later ones) through. */
  hold(): () => void;
  /** Resolves once a send has started while held. */
  waiting(): Promise<void>;
}

export function heldMailer(): HeldMailer {
  const sent: MailMessage[] = [];
  let gate: Promise<void> | null = null;
  let arrived: (() => void) | null = null;
  let arrival: Promise<void> = new Promise((resolve) => (arrived = resolve));
  return {
    name: 'smtp',
    sent,
    hold() {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      arrival = new Promise((resolve) => (arrived = resolve));
      return () => {
        gate = null;
        open();
      };
    },
    waiting: () => arrival,
    async send(message) {
      if (gate) {
        arrived?.();
        await gate;
      }
      sent.push(message);
    },
    describe: () => 'e-mails are kept in memory (tests)',
  };
}

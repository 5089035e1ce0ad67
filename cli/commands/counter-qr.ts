// dabba qr create | status | close: the payment provider's UPI QR code for the counter (Razorpay's
// QR Codes API); each is paid once, and its payment settles the subscription like any other
// (docs/rules/counter-qr.md).
import type { Command } from 'commander';
import type { CommandContext } from '../context';
import { answer, answerCommand, owed, owedOptions } from './shared';

export function registerQr(program: Command, ctx: CommandContext): void {
  const qr = program
    .command('qr')
    .description("the payment provider's UPI QR code for what a subscription owes");

  answerCommand(qr.command('create'), ctx, {
    description: 'make a QR code for what a subscription owes (or --amount of it)',
    options: owedOptions,
    answer: async (_output, options: { subscription: number; amount?: number }) => {
      const { createCounterQr, describeCounterQr } = await import('../services/counter-qr');
      return answer(await createCounterQr(await ctx.api(), owed(options)), describeCounterQr);
    },
  });

  answerCommand(qr.command('status'), ctx, {
    description: 'whether a QR code has been paid',
    id: 'the QR code',
    answer: async (_output, id: number) => {
      const { describeCounterQr, getCounterQr } = await import('../services/counter-qr');
      return answer(await getCounterQr(await ctx.api(), id), describeCounterQr);
    },
  });

  answerCommand(qr.command('close'), ctx, {
    description: 'close a QR code that is waiting for payment',
    id: 'the QR code',
    answer: async (_output, id: number) => {
      const { closeCounterQr, describeCounterQr } = await import('../services/counter-qr');
      return answer(await closeCounterQr(await ctx.api(), id), describeCounterQr);
    },
  });
}

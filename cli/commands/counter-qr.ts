// dabba qr create | status | close: the payment provider's UPI QR code for the counter (Razorpay's
// QR Codes API); each is paid once, and its payment settles the subscription like any other
// (docs/rules/counter-qr.md).
import type { Command } from 'commander';
import type { CommandContext } from '../context';
import type { CounterQr } from '../services/counter-qr';
import { jsonOption, money, positiveInt } from './shared';

export function registerQr(program: Command, ctx: CommandContext): void {
  const qr = program
    .command('qr')
    .description("the payment provider's UPI QR code for what a subscription owes");

  const print = async (code: CounterQr, json?: boolean) => {
    if (json) {
      const { printJson } = await import('../output');
      return printJson(ctx.io.stdout, code);
    }
    const { describeCounterQr } = await import('../services/counter-qr');
    ctx.io.stdout.write(describeCounterQr(code));
  };

  qr.command('create')
    .description('make a QR code for what a subscription owes (or --amount of it)')
    .requiredOption('--subscription <id>', 'the subscription', positiveInt)
    .option('--amount <rupees>', 'part of what is due; all of it when left out', money)
    .addOption(jsonOption())
    .action(async (options: { subscription: number; amount?: number; json?: boolean }) => {
      const { createCounterQr } = await import('../services/counter-qr');
      const code = await createCounterQr(await ctx.api(), {
        subscription: options.subscription,
        ...(options.amount === undefined ? {} : { amount: options.amount }),
      });
      await print(code, options.json);
    });

  qr.command('status')
    .description('whether a QR code has been paid')
    .argument('<id>', 'the QR code', positiveInt)
    .addOption(jsonOption())
    .action(async (id: number, options: { json?: boolean }) => {
      const { getCounterQr } = await import('../services/counter-qr');
      await print(await getCounterQr(await ctx.api(), id), options.json);
    });

  qr.command('close')
    .description('close a QR code that is waiting for payment')
    .argument('<id>', 'the QR code', positiveInt)
    .addOption(jsonOption())
    .action(async (id: number, options: { json?: boolean }) => {
      const { closeCounterQr } = await import('../services/counter-qr');
      await print(await closeCounterQr(await ctx.api(), id), options.json);
    });
}

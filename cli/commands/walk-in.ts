// dabba walk-in: enrol a customer at the counter; dabba claim-link: send a walk-in a new link to
// claim the account.
import { Option, type Command } from 'commander';
import { OFFLINE_PAYMENT_MODES } from '@machines/payment';
import type { ProfileFlags } from '../services/profile';
import type { CommandContext } from '../context';
import {
  answer,
  answerCommand,
  languageOption,
  money,
  positiveInt,
  profileOptions,
} from './shared';

export function registerWalkIn(program: Command, ctx: CommandContext): void {
  answerCommand(program.command('walk-in'), ctx, {
    description:
      'enrol a customer at the counter: account, subscription and payment; they get an SMS link to claim the account',
    options: (command) =>
      profileOptions(
        command
          .requiredOption('--name <name>', 'first and last name, e.g. "Ravi Kumar"')
          .requiredOption('--phone <phone>', 'Indian mobile number')
          .requiredOption('--plan <id>', 'the plan', positiveInt)
          .requiredOption('--amount <rupees>', 'paid now, 0 for nothing yet', money)
          .addOption(
            new Option('--mode <mode>', 'how it was paid')
              .choices(OFFLINE_PAYMENT_MODES)
              .default('cash'),
          )
          .addOption(
            new Option('--type <type>', 'student or regular')
              .choices(['student', 'regular'] as const)
              .default('regular'),
          )
          .addOption(
            new Option(
              '--start <when>',
              'paid in part (0 too): start now owing the rest (your decision), or when it is paid',
            ).choices(['now', 'when-paid'] as const),
          )
          .option('--email <email>', 'e-mail address (optional)')
          .option(
            '--reference <ref>',
            'UPI transaction id or bank UTR (required for upi and bank_transfer)',
          )
          .option('--request-id <id>', 'an id for this enrolment: sent again, it enrols once'),
        {
          address: 'where a tiffin goes, for a regular customer (a tiffin plan needs it)',
          landmark: 'a landmark near the address',
          pincode: "the address's six-digit pincode",
          city: "the address's city",
          hostel: "a student's hostel and room: where a tiffin goes",
        },
      ).addOption(languageOption()),
    answer: async (
      _output,
      options: {
        name: string;
        phone: string;
        plan: number;
        amount: number;
        mode: (typeof OFFLINE_PAYMENT_MODES)[number];
        type: 'student' | 'regular';
        start?: 'now' | 'when-paid';
        email?: string;
        reference?: string;
        requestId?: string;
        language?: 'en' | 'hi';
      } & ProfileFlags,
    ) => {
      const { describeWalkIn, enrolWalkIn } = await import('../services/walk-in');
      const enrolled = await enrolWalkIn(await ctx.api(), {
        name: options.name,
        phone: options.phone,
        plan: options.plan,
        amount: options.amount,
        mode: options.mode,
        type: options.type,
        ...(options.start
          ? { start: options.start === 'now' ? 'now_with_dues' : 'when_paid' }
          : {}),
        ...(options.email ? { email: options.email } : {}),
        ...(options.reference ? { reference: options.reference } : {}),
        ...(options.requestId ? { requestId: options.requestId } : {}),
        ...(options.language ? { language: options.language } : {}),
        profile: options,
      });
      return answer(enrolled, describeWalkIn);
    },
  });
}

export function registerClaimLink(program: Command, ctx: CommandContext): void {
  answerCommand(program.command('claim-link'), ctx, {
    description:
      'send a customer enrolled at the counter a new SMS link to claim the account (the old one stops working)',
    options: (command) => command.argument('<user>', "the customer's user id", positiveInt),
    answer: async (_output, user: number) => {
      const { describeClaimLink, resendClaimLink } = await import('../services/walk-in');
      const api = await ctx.api();
      return answer(await resendClaimLink(api, user), (sent) => describeClaimLink(api, sent));
    },
  });
}

// dabba staff add | list | deactivate | reactivate | resend-invite: the owner's managers, kitchen
// and delivery accounts. A new member gets an SMS link to claim the account.
import { Option, type Command } from 'commander';
import { STAFF_ROLES, type StaffRole } from '@machines/staff';
import type { CommandContext } from '../context';
import { answer, answerCommand, languageOption, listing } from './shared';
import { formatPhone } from '@machines/shared';

export function registerStaff(program: Command, ctx: CommandContext): void {
  const staff = program
    .command('staff')
    .description('your staff: managers, kitchen and delivery accounts, and what each may do');

  answerCommand(staff.command('list', { isDefault: true }), ctx, {
    description: 'every staff member, active first, with the actions their status allows',
    answer: async () => {
      const { listStaff, roleLabel, staffActions, statusLabel } = await import('../services/staff');
      return listing(
        await listStaff(await ctx.api()),
        [
          { header: 'ID', value: (row) => row.id, right: true },
          { header: 'NAME', value: (row) => `${row.first_name} ${row.last_name}`.trim() },
          { header: 'ROLE', value: (row) => roleLabel(row.role) },
          { header: 'STATUS', value: (row) => statusLabel(row) },
          { header: 'PHONE', value: (row) => formatPhone(row.phone) },
          { header: 'USERNAME', value: (row) => row.username },
          { header: 'ACTIONS', value: (row) => staffActions(row).join(', ') },
        ],
        'No staff yet. Add one with `dabba staff add`.',
      );
    },
  });

  answerCommand(staff.command('add'), ctx, {
    description: 'add a staff member; they get an SMS link to claim the account (valid 7 days)',
    options: (command) =>
      command
        .requiredOption('--first-name <name>', 'first name')
        .option('--last-name <name>', 'last name', '')
        .requiredOption('--phone <phone>', 'Indian mobile number')
        .addOption(
          new Option('--role <role>', 'what they may do')
            .choices(STAFF_ROLES)
            .makeOptionMandatory(),
        )
        .addOption(languageOption()),
    answer: async (
      _output,
      options: {
        firstName: string;
        lastName: string;
        phone: string;
        role: StaffRole;
        language?: 'en' | 'hi';
      },
    ) => {
      const { addStaff, describeStaff } = await import('../services/staff');
      const member = await addStaff(await ctx.api(), {
        first_name: options.firstName,
        last_name: options.lastName,
        phone: options.phone,
        role: options.role,
        ...(options.language ? { language: options.language } : {}),
      });
      return answer(
        member,
        (added) =>
          describeStaff(added, 'Added') +
          `An SMS with a link to claim the account was sent to ${formatPhone(added.phone)}.\n`,
      );
    },
  });

  const actions = [
    [
      'deactivate',
      'staff.deactivate',
      'Deactivated',
      'stop a member signing in; every session they hold ends at once',
    ],
    [
      'reactivate',
      'staff.reactivate',
      'Reactivated',
      'let a deactivated member sign in again (a new invite if they never claimed one)',
    ],
    [
      'resend-invite',
      'staff.resend_invite',
      'Re-invited',
      'send an invited member a new SMS link (the old one stops working)',
    ],
  ] as const;
  for (const [name, type, done, description] of actions) {
    answerCommand(staff.command(name), ctx, {
      description,
      id: "the member's id (dabba staff list)",
      answer: async (_output, id: number) => {
        const { actOnStaff, describeStaff } = await import('../services/staff');
        return answer(await actOnStaff(await ctx.api(), id, type), (member) =>
          describeStaff(member, done),
        );
      },
    });
  }
}

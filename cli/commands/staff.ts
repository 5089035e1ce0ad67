// dabba staff add | list | deactivate | reactivate | resend-invite: the owner's managers, kitchen
// and delivery accounts. A new member gets an SMS link to claim the account.
import { Option, type Command } from 'commander';
import { STAFF_ROLES, type StaffRole } from '@machines/staff';
import type { CommandContext } from '../context';
import { jsonOption, positiveInt } from './shared';

export function registerStaff(program: Command, ctx: CommandContext): void {
  const staff = program
    .command('staff')
    .description('your staff: managers, kitchen and delivery accounts, and what each may do');

  staff
    .command('list', { isDefault: true })
    .description('every staff member, active first, with the actions their status allows')
    .addOption(jsonOption())
    .action(async (options: { json?: boolean }) => {
      const { listStaff, roleLabel, staffActions, statusLabel } = await import('../services/staff');
      const rows = await listStaff(await ctx.api());
      const { printJson, printTable } = await import('../output');
      if (options.json) return printJson(ctx.io.stdout, rows);
      printTable(
        ctx.io.stdout,
        rows,
        [
          { header: 'ID', value: (row) => row.id, right: true },
          { header: 'NAME', value: (row) => `${row.first_name} ${row.last_name}`.trim() },
          { header: 'ROLE', value: (row) => roleLabel(row.role) },
          { header: 'STATUS', value: (row) => statusLabel(row) },
          { header: 'PHONE', value: (row) => row.phone },
          { header: 'USERNAME', value: (row) => row.username },
          { header: 'ACTIONS', value: (row) => staffActions(row).join(', ') },
        ],
        'No staff yet. Add one with `dabba staff add`.',
      );
    });

  staff
    .command('add')
    .description('add a staff member; they get an SMS link to claim the account (valid 7 days)')
    .requiredOption('--first-name <name>', 'first name')
    .option('--last-name <name>', 'last name', '')
    .requiredOption('--phone <phone>', 'Indian mobile number')
    .addOption(
      new Option('--role <role>', 'what they may do').choices(STAFF_ROLES).makeOptionMandatory(),
    )
    .addOption(jsonOption())
    .action(
      async (options: {
        firstName: string;
        lastName: string;
        phone: string;
        role: StaffRole;
        json?: boolean;
      }) => {
        const { addStaff, describeStaff } = await import('../services/staff');
        const member = await addStaff(await ctx.api(), {
          first_name: options.firstName,
          last_name: options.lastName,
          phone: options.phone,
          role: options.role,
        });
        if (options.json) {
          const { printJson } = await import('../output');
          return printJson(ctx.io.stdout, member);
        }
        ctx.io.stdout.write(
          describeStaff(member, 'Added') +
            `An SMS with a link to claim the account was sent to ${member.phone}.\n`,
        );
      },
    );

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
    staff
      .command(name)
      .description(description)
      .argument('<id>', "the member's id (dabba staff list)", positiveInt)
      .addOption(jsonOption())
      .action(async (id: number, options: { json?: boolean }) => {
        const { actOnStaff, describeStaff } = await import('../services/staff');
        const member = await actOnStaff(await ctx.api(), id, type);
        if (options.json) {
          const { printJson } = await import('../output');
          return printJson(ctx.io.stdout, member);
        }
        ctx.io.stdout.write(describeStaff(member, done));
      });
  }
}

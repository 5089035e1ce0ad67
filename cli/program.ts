// The command tree. Only commander is loaded here: each action imports its service when it runs,
// so `dabba --help` stays fast. A lifecycle's commands are in commands/<name>.ts, named as its
// machines/<name>/ (delivery-stop, payment-link, counter-qr, …), whatever words `dabba` takes for
// them (dabba routes, dabba links, dabba qr, …).
import { Command } from 'commander';
import { dryRunOption } from './commands/shared';
import { registerAudit } from './commands/audit';
import { registerBackup } from './commands/backup';
import { registerExport } from './commands/export';
import { registerFeedback } from './commands/feedback';
import { registerHome } from './commands/home';
import { registerLeaves } from './commands/leave';
import { registerMenu } from './commands/menu';
import { registerOwner } from './commands/owner';
import { registerPayments } from './commands/payment';
import { registerClaimLink, registerWalkIn } from './commands/walk-in';
import { registerPlans } from './commands/plans';
import { registerRefunds } from './commands/refund';
import { registerReport } from './commands/report';
import { registerSession } from './commands/session';
import { registerSettings } from './commands/settings';
import { registerClosed } from './commands/closed-day';
import { registerDeliveries, registerRoutes } from './commands/delivery-stop';
import { registerDues } from './commands/dues';
import { registerReminders } from './commands/reminder';
import { registerLinks } from './commands/payment-link';
import { registerQr } from './commands/counter-qr';
import { registerSubscriptions } from './commands/subscription';
import { registerStaff } from './commands/staff';
import { registerErasure } from './commands/erasure';
import type { CommandContext } from './context';
import { usageError } from './errors';

const VERSION = '1.0.0';

const FOOTER = `
With no command and a terminal, dabba opens the dashboard of pending leaves,
refunds and unanswered feedback.

Every list prints a table, or JSON with --json. Every action takes --dry-run.

Exit codes: 0 success, 1 refused or invalid, 2 usage error, 3 not signed in, 4 not allowed for
this account's role.

Examples:
  dabba login --url https://mess.example.com
  dabba leaves approve --all-pending --yes --comment "Enjoy the break" --json
  dabba refunds mark-paid 12 --comment "Sent by bank transfer" --utr UTIB0001234
  dabba export csv --service tiffin --meals lunch -o lunch-tiffins.csv
  dabba dashboard --json
  dabba backup /var/backups/dabba/

Environment: DABBA_URL (server when not logged in), DABBA_CONFIG_DIR (where the
session file lives; default $XDG_CONFIG_HOME/dabba or ~/.config/dabba).
`;

/** Every command below `command`, groups and their subcommands alike. */
export function allCommands(command: Command): Command[] {
  return command.commands.flatMap((sub) => [sub, ...allCommands(sub)]);
}

export function buildProgram(ctx: CommandContext): Command {
  const { io } = ctx;
  const program = new Command('dabba')
    .description(
      'Dabba for the mess owner: leaves, refunds, feedback, plans, menu, payments, exports and backups',
    )
    .version(VERSION, '-V, --version')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => io.stdout.columns ?? 80,
      getErrHelpWidth: () => io.stderr.columns ?? 80,
    })
    .addHelpText('after', FOOTER)
    // Each command's options are its own: `dabba menu --date D` shows a day, while `dabba menu set
    // --date D` sets one (without this, the first --date would be taken by `menu`).
    .enablePositionalOptions();

  registerSession(program, ctx);
  registerLeaves(program, ctx);
  registerRefunds(program, ctx);
  registerFeedback(program, ctx);
  registerPlans(program, ctx);
  registerPayments(program, ctx);
  registerReport(program, ctx);
  registerWalkIn(program, ctx);
  registerClaimLink(program, ctx);
  registerOwner(program, ctx);
  registerHome(program, ctx);
  registerExport(program, ctx);
  registerSubscriptions(program, ctx);
  registerAudit(program, ctx);
  registerBackup(program, ctx);
  registerSettings(program, ctx);
  registerClosed(program, ctx);
  registerRoutes(program, ctx);
  registerDeliveries(program, ctx);
  registerDues(program, ctx);
  registerReminders(program, ctx);
  registerLinks(program, ctx);
  registerQr(program, ctx);
  registerMenu(program, ctx);
  registerStaff(program, ctx);
  registerErasure(program, ctx);

  // Every command takes --dry-run: those that change something say what they would do and stop
  // (their own words, or the API client's at the first change); a read just reads.
  for (const command of allCommands(program)) {
    if (!command.options.some((option) => option.long === '--dry-run')) {
      command.addOption(dryRunOption());
    }
  }
  program.hook('preAction', (_program, action) => {
    ctx.dryRun = Boolean(action.opts<{ dryRun?: boolean }>().dryRun);
  });

  // Set after the subcommands exist so they do not inherit it: `dabba leave` must reach the action
  // below, which reports it as an unknown command with a suggestion.
  program.allowExcessArguments(true);
  program.action(async () => {
    if (program.args.length > 0) {
      // Public in commander's JavaScript, missing from its typings.
      (program as unknown as { unknownCommand(): never }).unknownCommand();
    }
    if (!io.isTTY) {
      throw usageError(
        'The dashboard needs a terminal, and this is not one.',
        'Run a command instead, e.g. `dabba leaves list --status pending`; see `dabba --help`.',
      );
    }
    const { openDashboard } = await import('./ui/open-dashboard');
    await openDashboard(ctx);
  });
  return program;
}

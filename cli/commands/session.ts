// dabba login | logout | whoami
import type { Command } from 'commander';
import type { CommandContext } from '../context';
import { usageError } from '../errors';
import { askCode, askCredentials, readAll, requireTerminal } from '../prompt';
import { normalizePhone, PHONE_MESSAGES } from '@machines/shared';
import { answer, answerCommand } from './shared';

const NO_TERMINAL =
  'Without a terminal, pass --username NAME and pipe the password with --password-stdin.';
const NO_TERMINAL_FOR_CODE =
  'The code arrives by SMS after the command starts: run it in a terminal, or sign in with --username and --password-stdin.';

interface LoginOptions {
  url?: string;
  username?: string;
  passwordStdin?: boolean;
  phone?: string;
}

export function registerSession(program: Command, ctx: CommandContext): void {
  program
    .command('login')
    .description('sign in as the mess owner; the tokens are kept in a private file')
    .option('--url <url>', 'the Dabba server, e.g. https://mess.example.com (remembered)')
    .option('--username <name>', 'username or e-mail (asked when omitted)')
    .option('--password-stdin', 'read the password from stdin, for scripts')
    .option('--phone <number>', "sign in with a code texted to the account's phone (asked for)")
    .action(async (options: LoginOptions) => {
      const { io } = ctx;
      const store = await import('../services/session-store');
      const { signIn, signInWithPhone } = await import('../services/account');
      const url = store.normalizeUrl(
        options.url ?? io.env.DABBA_URL ?? store.readSession(io.env)?.url ?? store.DEFAULT_URL,
      );
      if (!/^https?:\/\/[^/]+/.test(url)) {
        throw usageError(`"${url}" is not a server URL.`, 'Give it as http(s)://host[:port].');
      }
      if (options.phone !== undefined) {
        if (options.username !== undefined || options.passwordStdin) {
          throw usageError(
            '--phone signs in with a texted code: leave out --username and --password-stdin.',
          );
        }
        const phone = normalizePhone(options.phone);
        if (!phone.ok) throw usageError(`${PHONE_MESSAGES[phone.problem]}: "${options.phone}".`);
        // Before a code is spent on a run that could not ask for it.
        requireTerminal(io, 'Asking for the code from the SMS', NO_TERMINAL_FOR_CODE);
        const user = await signInWithPhone(io, url, phone.value, async (sentMessage) => {
          if (sentMessage) io.stderr.write(`${sentMessage}\n`);
          return askCode(io, NO_TERMINAL_FOR_CODE);
        });
        io.stdout.write(`Logged in to ${url} as ${user.username}.\n`);
        return;
      }
      let username = options.username ?? io.env.DABBA_USERNAME;
      let password: string;
      if (options.passwordStdin) {
        if (username === undefined) {
          throw usageError('--password-stdin needs --username (stdin holds the password).');
        }
        password = (await readAll(io)).replace(/\r?\n$/, '');
      } else if (io.env.DABBA_PASSWORD !== undefined && username !== undefined) {
        password = io.env.DABBA_PASSWORD;
      } else {
        ({ username, password } = await askCredentials(io, username, NO_TERMINAL));
      }
      const user = await signIn(io, url, username, password);
      io.stdout.write(`Logged in to ${url} as ${user.username}.\n`);
    });

  program
    .command('logout')
    .description('sign out and forget the stored tokens')
    .action(async () => {
      const { signOut } = await import('../services/account');
      const outcome = await signOut(ctx.io);
      ctx.io.stdout.write(outcome === 'signed-out' ? 'Logged out.\n' : 'You were not logged in.\n');
    });

  answerCommand(program.command('whoami'), ctx, {
    description: 'show who is signed in, and where',
    answer: async () => {
      const { profile } = await import('../services/account');
      const api = await ctx.api();
      return answer({ ...(await profile(api)), server: api.url }, (user) => {
        const name = `${user.first_name} ${user.last_name}`.trim();
        return `${user.username}${name ? ` (${name})` : ''}, ${user.user_type.replace('_', ' ')}, at ${user.server}\n`;
      });
    },
  });
}

// dabba users list | show | stats, dabba subscribers, dabba kitchen
import { Option, type Command } from 'commander';
import { formatPhone } from '@machines/shared';
import type { CommandContext } from '../context';
import { isoDate, jsonOption, mealName, positiveInt, wholeNumber } from './shared';
import type { Meal } from '@machines/settings';

const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
const SERVICES = ['mess', 'tiffin'] as const;

export function registerOwner(program: Command, ctx: CommandContext): void {
  const users = program.command('users').description('customers');

  users
    .command('list')
    .description('list customers')
    .option('--search <text>', 'name, username, e-mail or phone contains this')
    .addOption(new Option('--type <type>', 'student or regular').choices(['student', 'regular']))
    .option('--expiring', 'only subscriptions ending within 5 days')
    .option('--expired', 'only customers whose subscription has expired')
    .option(
      '--expiring-within <days>',
      'only subscriptions ending within 0 to this many days (`dabba dashboard` uses 3)',
      wholeNumber,
    )
    .addOption(jsonOption())
    .action(
      async (options: {
        search?: string;
        type?: 'student' | 'regular';
        expiring?: boolean;
        expired?: boolean;
        expiringWithin?: number;
        json?: boolean;
      }) => {
        const { listUsers } = await import('../services/owner');
        const { printJson, printTable, statusLabel } = await import('../output');
        const rows = await listUsers(await ctx.api(), {
          ...(options.search ? { search: options.search } : {}),
          ...(options.type ? { user_type: options.type } : {}),
          ...(options.expiring ? { subscription_status: 'soon_to_expire' as const } : {}),
          ...(options.expired ? { subscription_status: 'expired' as const } : {}),
          ...(options.expiringWithin === undefined
            ? {}
            : { expiring_within_days: options.expiringWithin }),
        });
        if (options.json) return printJson(ctx.io.stdout, rows);
        printTable(
          ctx.io.stdout,
          rows,
          [
            { header: 'ID', value: (user) => user.id, right: true },
            { header: 'Username', value: (user) => user.username },
            { header: 'Name', value: (user) => user.full_name },
            { header: 'Phone', value: (user) => formatPhone(user.phone) },
            { header: 'Type', value: (user) => user.user_type },
            { header: 'Subscription', value: (user) => statusLabel(user.subscription_status) },
            { header: 'Plan', value: (user) => user.current_plan },
            { header: 'Expiry', value: (user) => user.active_subscription_end_date },
          ],
          'No users found.',
        );
      },
    );

  users
    .command('show')
    .description('show one customer with profile and subscriptions')
    .argument('<id>', 'user id', positiveInt)
    .addOption(jsonOption())
    .action(async (id: number, options: { json?: boolean }) => {
      const { getUser } = await import('../services/owner');
      const { MONEY_LABELS, dueCell, formatTable, printFields, printJson, rupees, statusLabel } =
        await import('../output');
      const user = await getUser(await ctx.api(), id);
      if (options.json) return printJson(ctx.io.stdout, user);
      const info = user.profile_info;
      printFields(ctx.io.stdout, [
        ['User', `#${user.id} ${user.username} (${user.full_name})`],
        ['Type', user.user_type],
        ['Status', `${statusLabel(user.status)}${user.is_active ? '' : ', inactive'}`],
        ['E-mail', user.email],
        ['Phone', `${formatPhone(user.phone)}${user.phone_verified ? ' (verified)' : ''}`],
        [
          'Service',
          [user.is_mess_user && 'mess', user.is_tiffin_user && 'tiffin'].filter(Boolean).join(', '),
        ],
        ['Address', info.hostel ?? info.address],
        ['Landmark', info.landmark],
        [
          'Institute',
          info.institute
            ? `${info.institute}, ${info.course ?? ''} ${info.year ?? ''}, id ${info.student_id ?? '-'}`
            : null,
        ],
        ['Subscription', statusLabel(user.subscription_status)],
        ['Last login', user.last_login],
      ]);
      if (user.subscriptions.length > 0) {
        ctx.io.stdout.write(
          `\n${formatTable(user.subscriptions, [
            { header: 'ID', value: (sub) => sub.id, right: true },
            { header: 'Plan', value: (sub) => sub.plan },
            { header: 'Service', value: (sub) => sub.service_type },
            { header: 'Status', value: (sub) => statusLabel(sub.status) },
            { header: 'Start', value: (sub) => sub.start_date },
            { header: 'End', value: (sub) => sub.adjusted_end_date },
            { header: 'Days left', value: (sub) => sub.days_remaining, right: true },
            // The price (the API's total_paid), then what was paid, paid back and is owed.
            { header: MONEY_LABELS.price, value: (sub) => rupees(sub.total_paid), right: true },
            { header: MONEY_LABELS.paid, value: (sub) => rupees(sub.amount_paid), right: true },
            {
              header: MONEY_LABELS.refunded,
              value: (sub) => rupees(sub.amount_refunded),
              right: true,
            },
            { header: MONEY_LABELS.due, value: (sub) => dueCell(sub.amount_due), right: true },
          ])}`,
        );
      }
    });

  users
    .command('stats')
    .description('customer statistics')
    .addOption(jsonOption())
    .action(async (options: { json?: boolean }) => {
      const { userStats } = await import('../services/owner');
      const { printFields, printJson } = await import('../output');
      const stats = await userStats(await ctx.api());
      if (options.json) return printJson(ctx.io.stdout, stats);
      printFields(ctx.io.stdout, [
        ['Total users', stats.total_users],
        ['Active users', stats.active_users],
        ['Students', stats.students],
        ['Regular users', stats.regular_users],
        ['Verified users', stats.verified_users],
        ['Active subscriptions', stats.users_with_active_subscriptions],
      ]);
    });

  program
    .command('subscribers')
    .description('customers with an active subscription')
    .addOption(
      new Option(
        '--meal <meal>',
        'tiffin customers whose plan includes this meal (mess ones with --service mess)',
      ).choices(MEALS),
    )
    .addOption(new Option('--service <service>', 'mess or tiffin').choices(SERVICES))
    .option('--search <text>', 'name, username, e-mail or phone contains this')
    .addOption(jsonOption())
    .action(
      async (options: {
        meal?: (typeof MEALS)[number];
        service?: (typeof SERVICES)[number];
        search?: string;
        json?: boolean;
      }) => {
        const { activeSubscribers } = await import('../services/owner');
        const { printJson, printTable } = await import('../output');
        const rows = await activeSubscribers(await ctx.api(), {
          ...(options.meal ? { meal_type: options.meal } : {}),
          ...(options.service ? { service_type: options.service } : {}),
          ...(options.search ? { search: options.search } : {}),
        });
        if (options.json) return printJson(ctx.io.stdout, rows);
        printTable(
          ctx.io.stdout,
          rows,
          [
            { header: 'User', value: (row) => row.id, right: true },
            { header: 'Username', value: (row) => row.username },
            { header: 'Name', value: (row) => row.full_name },
            { header: 'Phone', value: (row) => formatPhone(row.phone) },
            { header: 'Service', value: (row) => row.service_type },
            { header: 'Plan', value: (row) => row.plan_name },
            { header: 'Meals', value: (row) => row.included_meals.join(', ') },
            { header: 'Days left', value: (row) => row.days_remaining, right: true },
            {
              header: 'Address',
              value: (row) => row.profile_info.hostel ?? row.profile_info.address,
            },
          ],
          'No active subscribers.',
        );
      },
    );

  program
    .command('kitchen')
    .description(
      'the kitchen sheet: meal counts, each locked at its cutoff, by diet, tiffin deliveries by area, who is on leave and who skipped (default: tomorrow)',
    )
    .option('--date <date>', 'the day to cook for (YYYY-MM-DD)', isoDate)
    .option('--meal <meal>', 'one meal only: breakfast, lunch or dinner', mealName)
    .option('--diff', 'the count locked at the cutoff beside the count now, and who changed')
    .addOption(jsonOption())
    .action(async (options: { date?: string; meal?: Meal; diff?: boolean; json?: boolean }) => {
      const { kitchenSheet } = await import('../services/owner');
      const { businessTimeZone } = await import('../services/api');
      const { printJson } = await import('../output');
      const { renderKitchenDiff, renderKitchenSheet } = await import('../kitchen-report');
      const api = await ctx.api();
      const sheet = await kitchenSheet(api, options.date);
      if (options.json) return printJson(ctx.io.stdout, sheet);
      const clock = { zone: await businessTimeZone(api), now: ctx.io.now().toISOString() };
      ctx.io.stdout.write(
        options.diff
          ? renderKitchenDiff(sheet, clock, options.meal)
          : renderKitchenSheet(sheet, clock, options.meal),
      );
    });
}

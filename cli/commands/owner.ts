// dabba users list | show | edit | stats, dabba subscribers, dabba kitchen
import { Option, type Command } from 'commander';
import { formatPhone } from '@machines/shared';
import { DIETS } from '@machines/menu';
import type { CommandContext } from '../context';
import {
  answer,
  answerCommand,
  fields,
  isoDate,
  listing,
  mealName,
  profileOptions,
  wholeNumber,
} from './shared';
import type { CustomerEdit } from '../services/owner';
import type { Meal } from '@machines/settings';

const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
const SERVICES = ['mess', 'tiffin'] as const;

export function registerOwner(program: Command, ctx: CommandContext): void {
  const users = program.command('users').description('customers');

  answerCommand(users.command('list'), ctx, {
    description: 'list customers',
    options: (command) =>
      command
        .option('--search <text>', 'name, username, e-mail or phone contains this')
        .addOption(
          new Option('--type <type>', 'student or regular').choices(['student', 'regular']),
        )
        .option('--expiring', 'only subscriptions ending within 5 days')
        .option('--expired', 'only customers whose subscription has expired')
        .option(
          '--expiring-within <days>',
          'only subscriptions ending within 0 to this many days (`dabba dashboard` uses 3)',
          wholeNumber,
        ),
    answer: async (
      { statusLabel },
      options: {
        search?: string;
        type?: 'student' | 'regular';
        expiring?: boolean;
        expired?: boolean;
        expiringWithin?: number;
      },
    ) => {
      const { listUsers } = await import('../services/owner');
      const rows = await listUsers(await ctx.api(), {
        ...(options.search ? { search: options.search } : {}),
        ...(options.type ? { user_type: options.type } : {}),
        ...(options.expiring ? { subscription_status: 'soon_to_expire' as const } : {}),
        ...(options.expired ? { subscription_status: 'expired' as const } : {}),
        ...(options.expiringWithin === undefined
          ? {}
          : { expiring_within_days: options.expiringWithin }),
      });
      return listing(
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
  });

  answerCommand(users.command('show'), ctx, {
    description: 'show one customer with profile and subscriptions',
    id: 'user id',
    answer: async (
      { MONEY_LABELS, dueCell, formatFields, formatTable, rupees, statusLabel },
      id: number,
    ) => {
      const { getUser } = await import('../services/owner');
      return answer(await getUser(await ctx.api(), id), (user) => {
        const info = user.profile_info;
        const profile = formatFields([
          ['User', `#${user.id} ${user.username} (${user.full_name})`],
          ['Type', user.user_type],
          ['Status', `${statusLabel(user.status)}${user.is_active ? '' : ', inactive'}`],
          ['E-mail', user.email],
          ['Phone', `${formatPhone(user.phone)}${user.phone_verified ? ' (verified)' : ''}`],
          [
            'Service',
            [user.is_mess_user && 'mess', user.is_tiffin_user && 'tiffin']
              .filter(Boolean)
              .join(', '),
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
        if (user.subscriptions.length === 0) return profile;
        return `${profile}\n${formatTable(user.subscriptions, [
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
        ])}`;
      });
    },
  });

  answerCommand(users.command('edit'), ctx, {
    description:
      "change a customer's address or hostel, phone, diet or language (a new phone is verified again by a code)",
    id: 'user id',
    options: (command) =>
      profileOptions(
        command
          .option(
            '--phone <phone>',
            'a new mobile number: the customer verifies it with a texted code',
          )
          .addOption(
            new Option('--language <language>', 'the language of the app, e-mails and SMS').choices(
              ['en', 'hi'] as const,
            ),
          )
          .addOption(
            new Option('--diet <diet>', 'what the kitchen counts ("none" to clear)').choices([
              ...DIETS,
              'none',
            ] as const),
          ),
        {
          address: "a regular customer's delivery address",
          landmark: 'a landmark near it',
          pincode: 'its six-digit pincode',
          city: 'its city',
          hostel: "a student's hostel and room: where the tiffin goes",
        },
      ),
    answer: async (_output, id: number, edit: CustomerEdit) => {
      const { editCustomer } = await import('../services/owner');
      return answer(
        await editCustomer(await ctx.api(), id, edit),
        (saved) =>
          `${saved.detail}\n` +
          (saved.changed.length > 0
            ? `Changed: ${saved.changed.map((name) => name.replace('_', ' ')).join(', ')}.\n`
            : ''),
      );
    },
  });

  answerCommand(users.command('stats'), ctx, {
    description: 'customer statistics',
    answer: async () => {
      const { userStats } = await import('../services/owner');
      const stats = await userStats(await ctx.api());
      return fields(stats, [
        ['Total users', stats.total_users],
        ['Active users', stats.active_users],
        ['Students', stats.students],
        ['Regular users', stats.regular_users],
        ['Verified users', stats.verified_users],
        ['Active subscriptions', stats.users_with_active_subscriptions],
      ]);
    },
  });

  answerCommand(program.command('subscribers'), ctx, {
    description: 'customers with an active subscription',
    options: (command) =>
      command
        .addOption(
          new Option(
            '--meal <meal>',
            'tiffin customers whose plan includes this meal (mess ones with --service mess)',
          ).choices(MEALS),
        )
        .addOption(new Option('--service <service>', 'mess or tiffin').choices(SERVICES))
        .option('--search <text>', 'name, username, e-mail or phone contains this'),
    answer: async (
      _output,
      options: {
        meal?: (typeof MEALS)[number];
        service?: (typeof SERVICES)[number];
        search?: string;
      },
    ) => {
      const { activeSubscribers } = await import('../services/owner');
      const rows = await activeSubscribers(await ctx.api(), {
        ...(options.meal ? { meal_type: options.meal } : {}),
        ...(options.service ? { service_type: options.service } : {}),
        ...(options.search ? { search: options.search } : {}),
      });
      return listing(
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
  });

  answerCommand(program.command('kitchen'), ctx, {
    description:
      'the kitchen sheet: meal counts, each locked at its cutoff, by diet, tiffin deliveries by area, who is on leave and who skipped (default: the meal being cooked now; --date alone: that whole day)',
    options: (command) =>
      command
        .option('--date <date>', 'the day to cook for (YYYY-MM-DD)', isoDate)
        .option('--meal <meal>', 'one meal only: breakfast, lunch or dinner', mealName)
        .option('--diff', 'the count locked at the cutoff beside the count now, and who changed'),
    answer: async (_output, options: { date?: string; meal?: Meal; diff?: boolean }) => {
      const { kitchenSheetFor } = await import('../services/owner');
      const api = await ctx.api();
      const { sheet, meal } = await kitchenSheetFor(
        api,
        {
          ...(options.date ? { date: options.date } : {}),
          ...(options.meal ? { meal: options.meal } : {}),
        },
        ctx.io.now(),
      );
      return answer(sheet, async () => {
        const { businessTimeZone } = await import('../services/api');
        const { renderKitchenDiff, renderKitchenSheet } = await import('../kitchen-report');
        const clock = { zone: await businessTimeZone(api), now: ctx.io.now().toISOString() };
        const render = options.diff ? renderKitchenDiff : renderKitchenSheet;
        return render(sheet, clock, meal ?? undefined);
      });
    },
  });
}

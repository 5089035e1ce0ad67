// dabba routes [add] and dabba deliveries: the delivery routes (areas in riding order, riders) and
// a date's meal as the riders mark it, per route, with the stops missed (docs/rules/delivery-stop.md).
import type { Command } from 'commander';
import type { Meal } from '@machines/settings';
import type { CommandContext } from '../context';
import { answer, answerCommand, isoDate, listing, mealName, positiveInt } from './shared';
import { formatPhone } from '@machines/shared';

const collectIds = (value: string, previous: number[] = []) => [...previous, positiveInt(value)];

export function registerRoutes(program: Command, ctx: CommandContext): void {
  const routes = program
    .command('routes')
    .description('delivery routes: their areas in riding order and their riders');

  answerCommand(routes.command('list', { isDefault: true }), ctx, {
    description: 'every delivery route',
    answer: async () => {
      const { listRoutes } = await import('../services/delivery-stop');
      return listing(
        await listRoutes(await ctx.api()),
        [
          { header: 'ID', value: (row) => row.id, right: true },
          { header: 'NAME', value: (row) => row.name },
          { header: 'AREAS', value: (row) => row.areas.join(', ') },
          { header: 'RIDERS', value: (row) => row.riders.map((rider) => rider.name).join(', ') },
        ],
        'No delivery routes.',
      );
    },
  });

  answerCommand(routes.command('add'), ctx, {
    description: 'add a route',
    options: (command) =>
      command
        .requiredOption('--name <name>', "the route's name")
        .requiredOption(
          '--areas <list>',
          'its areas in riding order, comma-separated (e.g. "201206,KIET")',
        )
        .option('--rider <id>', 'a rider (a delivery account), repeatable', collectIds),
    answer: async (_output, options: { name: string; areas: string; rider?: number[] }) => {
      const { addRoute, describeRoute } = await import('../services/delivery-stop');
      const route = await addRoute(await ctx.api(), {
        name: options.name,
        areas: options.areas
          .split(',')
          .map((area) => area.trim())
          .filter(Boolean),
        riders: options.rider ?? [],
      });
      return answer(route, describeRoute);
    },
  });
}

export function registerDeliveries(program: Command, ctx: CommandContext): void {
  answerCommand(program.command('deliveries'), ctx, {
    description: "a date's meal per route: delivered, not delivered, pending, and the stops missed",
    options: (command) =>
      command
        .option(
          '--date <YYYY-MM-DD>',
          'the date (default today, in the business time zone)',
          isoDate,
        )
        .option(
          '--meal <meal>',
          'breakfast, lunch or dinner (default the next meal: breakfast until 10:00, lunch until 16:00)',
          mealName,
        ),
    answer: async ({ formatTable, tableOr }, options: { date?: string; meal?: Meal }) => {
      const { deliveryProgress, reasonLabel } = await import('../services/delivery-stop');
      const progress = await deliveryProgress(
        await ctx.api(),
        {
          ...(options.date ? { date: options.date } : {}),
          ...(options.meal ? { meal: options.meal } : {}),
        },
        ctx.io.now(),
      );
      return answer(progress, ({ routes, missed }) => {
        const perRoute = tableOr(
          routes,
          [
            { header: 'ROUTE', value: (row) => row.name },
            {
              header: 'DELIVERED',
              value: (row) => `${row.delivered} of ${row.total}`,
              right: true,
            },
            { header: 'NOT DELIVERED', value: (row) => row.not_delivered, right: true },
            { header: 'PENDING', value: (row) => row.pending, right: true },
          ],
          'No delivery routes.',
        );
        if (missed.length === 0) return perRoute;
        const names = new Map(routes.map((row) => [row.route, row.name]));
        return `${perRoute}\nMissed:\n${formatTable(missed, [
          { header: 'ROUTE', value: (row) => names.get(row.route) ?? String(row.route) },
          { header: 'CUSTOMER', value: (row) => row.name },
          { header: 'PHONE', value: (row) => formatPhone(row.phone) },
          { header: 'REASON', value: (row) => reasonLabel(row.reason) },
        ])}`;
      });
    },
  });
}

// dabba routes [add] and dabba deliveries: the delivery routes (areas in riding order, riders) and
// a date's meal as the riders mark it, per route, with the stops missed (docs/rules/delivery-stop.md).
import type { Command } from 'commander';
import type { CommandContext } from '../context';
import { isoDate, jsonOption, mealName, positiveInt } from './shared';

const collectIds = (value: string, previous: number[] = []) => [...previous, positiveInt(value)];

export function registerRoutes(program: Command, ctx: CommandContext): void {
  const routes = program
    .command('routes')
    .description('delivery routes: their areas in riding order and their riders');

  routes
    .command('list', { isDefault: true })
    .description('every delivery route')
    .addOption(jsonOption())
    .action(async (options: { json?: boolean }) => {
      const { listRoutes } = await import('../services/delivery-stop');
      const rows = await listRoutes(await ctx.api());
      const { printJson, printTable } = await import('../output');
      if (options.json) return printJson(ctx.io.stdout, rows);
      printTable(
        ctx.io.stdout,
        rows,
        [
          { header: 'ID', value: (row) => row.id, right: true },
          { header: 'NAME', value: (row) => row.name },
          { header: 'AREAS', value: (row) => row.areas.join(', ') },
          { header: 'RIDERS', value: (row) => row.riders.map((rider) => rider.name).join(', ') },
        ],
        'No delivery routes.',
      );
    });

  routes
    .command('add')
    .description('add a route')
    .requiredOption('--name <name>', "the route's name")
    .requiredOption(
      '--areas <list>',
      'its areas in riding order, comma-separated (e.g. "201206,KIET")',
    )
    .option('--rider <id>', 'a rider (a delivery account), repeatable', collectIds)
    .addOption(jsonOption())
    .action(async (options: { name: string; areas: string; rider?: number[]; json?: boolean }) => {
      const { addRoute, describeRoute } = await import('../services/delivery-stop');
      const route = await addRoute(await ctx.api(), {
        name: options.name,
        areas: options.areas
          .split(',')
          .map((area) => area.trim())
          .filter(Boolean),
        riders: options.rider ?? [],
      });
      if (options.json) {
        const { printJson } = await import('../output');
        return printJson(ctx.io.stdout, route);
      }
      ctx.io.stdout.write(describeRoute(route));
    });
}

export function registerDeliveries(program: Command, ctx: CommandContext): void {
  program
    .command('deliveries')
    .description("a date's meal per route: delivered, not delivered, pending, and the stops missed")
    .option('--date <YYYY-MM-DD>', 'the date (default today, in the business time zone)', isoDate)
    .requiredOption('--meal <meal>', 'breakfast, lunch or dinner', mealName)
    .addOption(jsonOption())
    .action(
      async (options: {
        date?: string;
        meal: 'breakfast' | 'lunch' | 'dinner';
        json?: boolean;
      }) => {
        const { deliveryProgress, reasonLabel } = await import('../services/delivery-stop');
        const progress = await deliveryProgress(
          await ctx.api(),
          { ...(options.date ? { date: options.date } : {}), meal: options.meal },
          ctx.io.now(),
        );
        const { printJson, printTable } = await import('../output');
        if (options.json) return printJson(ctx.io.stdout, progress);
        printTable(
          ctx.io.stdout,
          progress.routes,
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
        if (progress.missed.length > 0) {
          const names = new Map(progress.routes.map((row) => [row.route, row.name]));
          ctx.io.stdout.write('\nMissed:\n');
          printTable(
            ctx.io.stdout,
            progress.missed,
            [
              { header: 'ROUTE', value: (row) => names.get(row.route) ?? String(row.route) },
              { header: 'CUSTOMER', value: (row) => row.name },
              { header: 'PHONE', value: (row) => row.phone },
              { header: 'REASON', value: (row) => reasonLabel(row.reason) },
            ],
            '',
          );
        }
      },
    );
}

// dabba plans list | create | update | archive
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { CommandContext } from '../context';
import { usageError } from '../errors';
import { dryRunOption, jsonOption, money, positiveInt } from './shared';

const SERVICES = ['mess', 'tiffin'] as const;
type Service = (typeof SERVICES)[number];
type Meal = 'breakfast' | 'lunch' | 'dinner';

function meals(value: string): Meal[] {
  const list = value
    .split(',')
    .map((meal) => meal.trim().toLowerCase())
    .filter(Boolean);
  for (const meal of list) {
    if (meal !== 'breakfast' && meal !== 'lunch' && meal !== 'dinner') {
      throw new InvalidArgumentError('Meals must be breakfast, lunch or dinner, comma-separated.');
    }
  }
  return [...new Set(list)] as Meal[];
}

interface PlanFlags {
  code?: string;
  name?: string;
  description?: string;
  price?: number;
  days?: number;
  service?: Service;
  meals?: Meal[];
  active?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

function editableOptions(command: Command): Command {
  return command
    .option('--name <name>', 'plan name')
    .option('--description <text>', 'description')
    .option('--price <rupees>', 'base price in rupees', money)
    .option('--days <n>', 'duration in days', positiveInt)
    .addOption(new Option('--service <service>', 'service type').choices(SERVICES))
    .option('--meals <list>', 'included meals, e.g. breakfast,lunch (none: "")', meals)
    .option('--active', 'subscribable')
    .option('--inactive', 'not subscribable')
    .addOption(dryRunOption())
    .addOption(jsonOption());
}

function activeFlag(options: PlanFlags & { inactive?: boolean }): boolean | undefined {
  if (options.active && options.inactive)
    throw usageError('Give --active or --inactive, not both.');
  if (options.active) return true;
  if (options.inactive) return false;
  return undefined;
}

export function registerPlans(program: Command, ctx: CommandContext): void {
  const plans = program.command('plans').description('subscription plans');

  plans
    .command('list')
    .description('list plans, inactive ones too')
    .addOption(new Option('--service <service>', 'only this service').choices(SERVICES))
    .option('--active-only', 'leave out inactive plans')
    .addOption(jsonOption())
    .action(async (options: { service?: Service; activeOnly?: boolean; json?: boolean }) => {
      const { listPlans } = await import('../services/plans');
      const { printJson, printTable, rupees } = await import('../output');
      const rows = await listPlans(await ctx.api(), {
        includeInactive: options.activeOnly !== true,
        ...(options.service ? { service: options.service } : {}),
      });
      if (options.json) return printJson(ctx.io.stdout, rows);
      printTable(
        ctx.io.stdout,
        rows,
        [
          { header: 'ID', value: (plan) => plan.id, right: true },
          { header: 'Code', value: (plan) => plan.code },
          { header: 'Name', value: (plan) => plan.name },
          { header: 'Service', value: (plan) => plan.service_type },
          { header: 'Days', value: (plan) => plan.duration_days, right: true },
          { header: 'Price', value: (plan) => rupees(plan.base_price), right: true },
          { header: 'Meals', value: (plan) => plan.included_meals.join(', ') || 'None' },
          { header: 'Status', value: (plan) => (plan.is_active ? 'Active' : 'Inactive') },
        ],
        'No Plans Available',
      );
    });

  editableOptions(
    plans
      .command('create')
      .description('create a plan (defaults: mess, ₹0, 30 days, active)')
      .requiredOption('--code <code>', 'unique code, letters, digits, - and _'),
  ).action(async (options: PlanFlags & { inactive?: boolean }) => {
    const { createPlan } = await import('../services/plans');
    const { printJson } = await import('../output');
    if (!options.name || !options.description) {
      throw usageError('A new plan needs --name and --description.');
    }
    const active = activeFlag(options);
    const input = {
      code: options.code ?? '',
      name: options.name,
      description: options.description,
      // The web form's defaults for a new plan: mess, ₹0, 30 days.
      service_type: options.service ?? 'mess',
      base_price: options.price ?? 0,
      duration_days: options.days ?? 30,
      included_meals: options.meals ?? [],
      is_active: active ?? true,
    };
    if (options.dryRun) {
      if (options.json) return printJson(ctx.io.stdout, { dry_run: true, create: input });
      ctx.io.stdout.write(`Would create plan ${JSON.stringify(input)}\n`);
      return;
    }
    const plan = await createPlan(await ctx.api(), input);
    if (options.json) return printJson(ctx.io.stdout, plan);
    ctx.io.stdout.write(`Plan Created: #${plan.id} ${plan.code} "${plan.name}".\n`);
  });

  editableOptions(
    plans
      .command('update')
      .description('edit a plan (the code cannot change)')
      .argument('<id>', 'plan id', positiveInt),
  ).action(async (id: number, options: PlanFlags & { inactive?: boolean }) => {
    const { getPlan, updatePlan } = await import('../services/plans');
    const { printJson } = await import('../output');
    const active = activeFlag(options);
    const patch = {
      ...(options.name !== undefined ? { name: options.name } : {}),
      ...(options.description !== undefined ? { description: options.description } : {}),
      ...(options.service ? { service_type: options.service } : {}),
      ...(options.price !== undefined ? { base_price: options.price } : {}),
      ...(options.days !== undefined ? { duration_days: options.days } : {}),
      ...(options.meals ? { included_meals: options.meals } : {}),
      ...(active !== undefined ? { is_active: active } : {}),
    };
    if (Object.keys(patch).length === 0) {
      throw usageError(
        'Nothing to change.',
        'Give at least one of --name, --description, --price, --days, --service, --meals, --active, --inactive.',
      );
    }
    const api = await ctx.api();
    if (options.dryRun) {
      const plan = await getPlan(api, id);
      const changes = Object.entries(patch).map(
        ([key, value]) =>
          `${key}: ${JSON.stringify(plan[key as keyof typeof plan])} → ${JSON.stringify(value)}`,
      );
      if (options.json) return printJson(ctx.io.stdout, { id, dry_run: true, update: patch });
      ctx.io.stdout.write(`Would update plan #${id} ${plan.code}:\n  ${changes.join('\n  ')}\n`);
      return;
    }
    const plan = await updatePlan(api, id, patch);
    if (options.json) return printJson(ctx.io.stdout, plan);
    ctx.io.stdout.write(`Plan Updated: #${plan.id} ${plan.code} "${plan.name}".\n`);
  });

  plans
    .command('archive')
    .description('archive a plan: deleted if nobody ever subscribed, else made inactive')
    .argument('<id>', 'plan id', positiveInt)
    .addOption(dryRunOption())
    .addOption(jsonOption())
    .action(async (id: number, options: { dryRun?: boolean; json?: boolean }) => {
      const { archivePlan, getPlan } = await import('../services/plans');
      const { printJson } = await import('../output');
      const api = await ctx.api();
      const plan = await getPlan(api, id);
      if (options.dryRun) {
        if (options.json) return printJson(ctx.io.stdout, { id, dry_run: true, archive: true });
        ctx.io.stdout.write(
          `Would archive plan #${id} ${plan.code} "${plan.name}" (deleted if it has no subscriptions, else made inactive).\n`,
        );
        return;
      }
      await archivePlan(api, id);
      if (options.json) return printJson(ctx.io.stdout, { id, archived: true });
      ctx.io.stdout.write(`Plan #${id} ${plan.code} archived.\n`);
    });
}

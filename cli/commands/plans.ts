// dabba plans list | create | update | archive
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { CommandContext } from '../context';
import { usageError } from '../errors';
import { answer, answerCommand, dryRunOption, listing, money, positiveInt } from './shared';

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
  nameHi?: string;
  descriptionHi?: string;
  price?: number;
  days?: number;
  service?: Service;
  meals?: Meal[];
  active?: boolean;
  inactive?: boolean;
  dryRun?: boolean;
}

function editableOptions(command: Command): Command {
  return command
    .option('--name <name>', 'plan name')
    .option('--description <text>', 'description')
    .option('--name-hi <name>', 'the name in Hindi, for readers of Hindi ("": none)')
    .option('--description-hi <text>', 'the description in Hindi ("": none)')
    .option('--price <rupees>', 'base price in rupees', money)
    .option('--days <n>', 'duration in days', positiveInt)
    .addOption(new Option('--service <service>', 'service type').choices(SERVICES))
    .option('--meals <list>', 'included meals, e.g. breakfast,lunch (none: "")', meals)
    .option('--active', 'subscribable')
    .option('--inactive', 'not subscribable')
    .addOption(dryRunOption());
}

function activeFlag(options: PlanFlags): boolean | undefined {
  if (options.active && options.inactive)
    throw usageError('Give --active or --inactive, not both.');
  if (options.active) return true;
  if (options.inactive) return false;
  return undefined;
}

export function registerPlans(program: Command, ctx: CommandContext): void {
  const plans = program.command('plans').description('subscription plans');

  answerCommand(plans.command('list'), ctx, {
    description: 'list plans, inactive ones too',
    options: (command) =>
      command
        .addOption(new Option('--service <service>', 'only this service').choices(SERVICES))
        .option('--active-only', 'leave out inactive plans'),
    answer: async ({ rupees }, options: { service?: Service; activeOnly?: boolean }) => {
      const { listPlans } = await import('../services/plans');
      const rows = await listPlans(await ctx.api(), {
        includeInactive: options.activeOnly !== true,
        ...(options.service ? { service: options.service } : {}),
      });
      return listing(
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
    },
  });

  /** A plan in a sentence: #3 MESS30 "Mess monthly". */
  const named = (plan: { id: number; code: string; name: string }) =>
    `#${plan.id} ${plan.code} "${plan.name}"`;

  answerCommand(plans.command('create'), ctx, {
    description: 'create a plan (defaults: mess, ₹0, 30 days, active)',
    options: (command) =>
      editableOptions(
        command.requiredOption('--code <code>', 'unique code, letters, digits, - and _'),
      ),
    answer: async (_output, options: PlanFlags) => {
      const { createPlan } = await import('../services/plans');
      if (!options.name || !options.description) {
        throw usageError('A new plan needs --name and --description.');
      }
      const active = activeFlag(options);
      const input = {
        code: options.code ?? '',
        name: options.name,
        description: options.description,
        ...(options.nameHi ? { name_hi: options.nameHi } : {}),
        ...(options.descriptionHi ? { description_hi: options.descriptionHi } : {}),
        // The web form's defaults for a new plan: mess, ₹0, 30 days.
        service_type: options.service ?? 'mess',
        base_price: options.price ?? 0,
        duration_days: options.days ?? 30,
        included_meals: options.meals ?? [],
        is_active: active ?? true,
      };
      if (options.dryRun) {
        return answer(
          { dry_run: true, create: input },
          () => `Would create plan ${JSON.stringify(input)}\n`,
        );
      }
      const plan = await createPlan(await ctx.api(), input);
      return answer(plan, (created) => `Plan Created: ${named(created)}.\n`);
    },
  });

  answerCommand(plans.command('update'), ctx, {
    description: 'edit a plan (the code cannot change)',
    id: 'plan id',
    options: editableOptions,
    answer: async (_output, id: number, options: PlanFlags) => {
      const { getPlan, updatePlan } = await import('../services/plans');
      const active = activeFlag(options);
      const patch = {
        ...(options.name !== undefined ? { name: options.name } : {}),
        ...(options.description !== undefined ? { description: options.description } : {}),
        ...(options.nameHi !== undefined ? { name_hi: options.nameHi || null } : {}),
        ...(options.descriptionHi !== undefined
          ? { description_hi: options.descriptionHi || null }
          : {}),
        ...(options.service ? { service_type: options.service } : {}),
        ...(options.price !== undefined ? { base_price: options.price } : {}),
        ...(options.days !== undefined ? { duration_days: options.days } : {}),
        ...(options.meals ? { included_meals: options.meals } : {}),
        ...(active !== undefined ? { is_active: active } : {}),
      };
      if (Object.keys(patch).length === 0) {
        throw usageError(
          'Nothing to change.',
          'Give at least one of --name, --description, --name-hi, --description-hi, --price, --days, --service, --meals, --active, --inactive.',
        );
      }
      const api = await ctx.api();
      if (options.dryRun) {
        const plan = await getPlan(api, id);
        const changes = Object.entries(patch).map(
          ([key, value]) =>
            `${key}: ${JSON.stringify(plan[key as keyof typeof plan])} → ${JSON.stringify(value)}`,
        );
        return answer(
          { id, dry_run: true, update: patch },
          () => `Would update plan #${id} ${plan.code}:\n  ${changes.join('\n  ')}\n`,
        );
      }
      const plan = await updatePlan(api, id, patch);
      return answer(plan, (updated) => `Plan Updated: ${named(updated)}.\n`);
    },
  });

  answerCommand(plans.command('archive'), ctx, {
    description: 'archive a plan: deleted if nobody ever subscribed, else made inactive',
    id: 'plan id',
    options: (command) => command.addOption(dryRunOption()),
    answer: async (_output, id: number, options: { dryRun?: boolean }) => {
      const { archivePlan, getPlan } = await import('../services/plans');
      const api = await ctx.api();
      const plan = await getPlan(api, id);
      if (options.dryRun) {
        return answer(
          { id, dry_run: true, archive: true },
          () =>
            `Would archive plan ${named(plan)} (deleted if it has no subscriptions, else made inactive).\n`,
        );
      }
      await archivePlan(api, id);
      return answer({ id, archived: true }, () => `Plan #${id} ${plan.code} archived.\n`);
    },
  });
}

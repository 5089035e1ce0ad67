// dabba settings: the business's policies (each meal's cutoff, meal skips on or off).
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import type { CommandContext } from '../context';
import { jsonOption } from './shared';

const collect = (value: string, previous: string[] = []) => [...previous, value];

function onOff(value: string): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new InvalidArgumentError('Expected on or off.');
}

export function registerSettings(program: Command, ctx: CommandContext): void {
  const settings = program
    .command('settings')
    .description("the business's policies: each meal's cutoff, meal skips on or off")
    .addOption(jsonOption())
    .action(async (options: { json?: boolean }) => {
      const { describeSettings, readSettings } = await import('../services/settings');
      const current = await readSettings(await ctx.api());
      if (options.json) {
        const { printJson } = await import('../output');
        return printJson(ctx.io.stdout, current);
      }
      ctx.io.stdout.write(describeSettings(current));
    });

  settings
    .command('set')
    .description('change cutoffs or switch meal skips; the rest stays as it is')
    .option(
      '--cutoff <meal=HH:MM[/days]>',
      'a meal and when its count is fixed, e.g. lunch=09:30 or breakfast=22:00/1 (the evening before); repeatable',
      collect,
    )
    .option('--skips <on|off>', 'whether customers may skip single meals', onOff)
    .addOption(jsonOption())
    .action(async (options: { cutoff?: string[]; skips?: boolean; json?: boolean }) => {
      const { changedSettings, describeSettings, parseCutoff, readSettings, saveSettings } =
        await import('../services/settings');
      const { usageError } = await import('../errors');
      if (!options.cutoff?.length && options.skips === undefined) {
        throw usageError('Nothing to change: give --cutoff or --skips.');
      }
      let cutoffs;
      try {
        cutoffs = (options.cutoff ?? []).map(parseCutoff);
      } catch (error) {
        throw usageError((error as Error).message);
      }
      const api = await ctx.api();
      const saved = await saveSettings(
        api,
        changedSettings(await readSettings(api), {
          cutoffs,
          ...(options.skips === undefined ? {} : { skips: options.skips }),
        }),
      );
      // `settings` has --json too, and takes it wherever it is written.
      if (options.json || settings.opts<{ json?: boolean }>().json) {
        const { printJson } = await import('../output');
        return printJson(ctx.io.stdout, saved);
      }
      ctx.io.stdout.write(`Settings saved.\n${describeSettings(saved)}`);
    });
}

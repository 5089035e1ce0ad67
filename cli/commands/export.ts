// dabba export csv
import { Option, type Command } from 'commander';
import type { CommandContext } from '../context';
import { usageError } from '../errors';

export function registerExport(program: Command, ctx: CommandContext): void {
  const exporting = program.command('export').description('export data');

  exporting
    .command('csv')
    .description(
      "export customers as CSV, with the web export's rules (Username and Full Name always first)",
    )
    .option('--sources <list>', 'users, subscribers or both, merged by username', 'users')
    .option(
      '--columns <list>',
      'columns after Username and Full Name (default: phone,subscription_status; "all" for every one): phone, subscription_status, email, user_type, address, landmark, institute, student_id, hostel, year, course, plan_name, service_type, days_remaining, total_paid, phone_verified, last_login',
    )
    .option(
      '--meals <list>',
      'meals a user must all have (AND), e.g. tiffin:lunch,mess:dinner; each applies only to users of its service; a bare meal means the --service chosen (or both)',
    )
    .addOption(
      new Option('--service <service>', 'only tiffin or only mess users').choices([
        'tiffin',
        'mess',
      ]),
    )
    .option(
      '-o, --output <file>',
      'where to write ("-" for stdout; default: sources_YYYY-MM-DD.csv)',
    )
    .action(
      async (options: {
        sources: string;
        columns?: string;
        meals?: string;
        service?: 'tiffin' | 'mess';
        output?: string;
      }) => {
        const csv = await import('../services/csv');
        let parsed;
        try {
          const sources = csv.parseSources([options.sources]);
          parsed = {
            sources,
            columns: csv.parseColumns(
              options.columns === undefined ? undefined : [options.columns],
            ),
            meals: csv.parseMealSelection(options.meals ? [options.meals] : [], options.service),
          };
        } catch (error) {
          throw usageError((error as Error).message);
        }
        const output =
          options.output === '-'
            ? '-'
            : ctx.resolvePath(options.output ?? csv.csvFileName(parsed.sources, ctx.io.now()));
        const { exportCsv } = await import('../services/export');
        const { count } = await exportCsv(ctx.io, await ctx.api(), {
          ...parsed,
          ...(options.service ? { service: options.service } : {}),
          output,
        });
        // Spec §8 success notice: CSV Downloaded (Downloaded {n} records.)
        ctx.io.stderr.write(
          `Downloaded ${count} records.${output === '-' ? '' : ` Saved to ${output}`}\n`,
        );
      },
    );
}

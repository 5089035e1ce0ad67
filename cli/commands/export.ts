// dabba export csv
import { Option, type Command } from 'commander';
import type { ExportRequest } from '@machines/export';
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
      'where to write ("-" for stdout; default: users_and_active_subscribers_YYYY-MM-DD.csv, from the sources)',
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
        let request: ExportRequest;
        try {
          request = {
            sources: csv.parseSources([options.sources]),
            columns: csv.parseColumns(
              options.columns === undefined ? undefined : [options.columns],
            ),
            ...csv.parseMealSelection(options.meals ? [options.meals] : [], options.service),
            ...(options.service ? { service: options.service } : {}),
            date: csv.localDate(ctx.io.now()),
          };
        } catch (error) {
          throw usageError((error as Error).message);
        }
        const { exportFileName } = await import('../../machines/export/export.rules');
        const output =
          options.output === '-'
            ? '-'
            : ctx.resolvePath(options.output ?? exportFileName(request.sources, request.date));
        const { exportCsv } = await import('../services/export');
        const { count } = await exportCsv(ctx.io, await ctx.api(), { request, output });
        // The message of the web app's "CSV Downloaded" notice, then where the file went.
        ctx.io.stderr.write(
          `Downloaded ${count} records.${output === '-' ? '' : ` Saved to ${output}`}\n`,
        );
      },
    );
}

// `dabba export csv`: fetches the chosen sources with progress on stderr, then applies the pure
// rules of csv.ts and writes the file.
import { writeFileSync } from 'node:fs';
import type { CliIo } from '../io';
import type { Api } from './api';
import {
  filterRecords,
  mergeSources,
  toCsv,
  type CsvColumn,
  type CsvSource,
  type MealSelection,
  type Service,
} from './csv';
import { activeSubscribers, listUsers } from './owner';

export interface ExportOptions {
  readonly sources: readonly CsvSource[];
  readonly columns: readonly CsvColumn[];
  readonly meals: MealSelection;
  readonly service?: Service;
  /** A path, or '-' for stdout. */
  readonly output: string;
}

const SUBSCRIPTION_COLUMNS: readonly CsvColumn[] = [
  'plan_name',
  'service_type',
  'days_remaining',
  'total_paid',
];

export async function exportCsv(
  io: CliIo,
  api: Api,
  options: ExportOptions,
): Promise<{ count: number }> {
  const progress = (text: string) => io.stderr.write(`${text}\n`);
  const users = options.sources.includes('users')
    ? await listUsers(api, {}, (fetched, total) =>
        progress(`Fetching users: ${fetched}${total === null ? '' : ` of ${total}`}`),
      )
    : [];
  // Subscribers carry the meals and plans, so they are fetched whenever a filter or column needs them.
  const needSubscribers =
    options.sources.includes('subscribers') ||
    options.service !== undefined ||
    options.meals.tiffin.length + options.meals.mess.length > 0 ||
    options.columns.some((column) => SUBSCRIPTION_COLUMNS.includes(column));
  let subscribers: Awaited<ReturnType<typeof activeSubscribers>> = [];
  if (needSubscribers) {
    progress('Fetching active subscribers…');
    subscribers = await activeSubscribers(api);
    progress(`Fetching active subscribers: ${subscribers.length}`);
  }
  const records = filterRecords(mergeSources({ sources: options.sources, users, subscribers }), {
    ...(options.service ? { service: options.service } : {}),
    meals: options.meals,
  });
  const text = toCsv(records, options.columns);
  if (options.output === '-') io.stdout.write(text);
  else writeFileSync(options.output, text);
  return { count: records.length };
}

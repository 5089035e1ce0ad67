// `dabba export csv`: fetches what the request needs with progress on stderr, then builds the file
// with the web export's rules (machines/export/export.rules.ts) and writes it.
import { writeFileSync } from 'node:fs';
import { buildExport, type ExportRequest, sourcesToFetch } from '@machines/export';
import type { CliIo } from '../io';
import type { Api } from './api';
import { activeSubscribers, listUsers } from './owner';

export interface ExportOptions {
  readonly request: ExportRequest;
  /** A path, or '-' for stdout. */
  readonly output: string;
}

export async function exportCsv(
  io: CliIo,
  api: Api,
  options: ExportOptions,
): Promise<{ count: number }> {
  const progress = (text: string) => io.stderr.write(`${text}\n`);
  const toFetch = sourcesToFetch(options.request);
  const users = toFetch.includes('users')
    ? await listUsers(api, {}, (fetched, total) =>
        progress(`Fetching users: ${fetched}${total === null ? '' : ` of ${total}`}`),
      )
    : [];
  let subscribers: Awaited<ReturnType<typeof activeSubscribers>> = [];
  if (toFetch.includes('active_subscribers')) {
    progress('Fetching active subscribers…');
    subscribers = await activeSubscribers(api);
    progress(`Fetching active subscribers: ${subscribers.length}`);
  }
  const result = buildExport({ users, activeSubscribers: subscribers }, options.request);
  if (options.output === '-') io.stdout.write(result.csv);
  else writeFileSync(options.output, result.csv);
  return { count: result.recordCount };
}

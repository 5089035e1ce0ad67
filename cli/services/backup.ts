// `dabba backup`: the server's consistent copy of its embedded database, saved to a file. The file
// appears only once it is complete, synced to disk and recognised as an SQLite database.
import { randomUUID } from 'node:crypto';
import { open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { REQUEST_TIMEOUT_MS } from '@machines/shared';
import { BugError, refusedError, UserError } from '../errors';
import type { CliIo } from '../io';
import { httpError, type Api } from './api';

/** Why a file could not be written, as the person running dabba can fix it. */
const FILE_ERRORS = new Set(['ENOENT', 'ENOTDIR', 'EACCES', 'EPERM', 'ENOSPC', 'EROFS', 'EISDIR']);

/** The first 16 bytes of every SQLite database file. */
const SQLITE_HEADER = 'SQLite format 3\u0000';

export interface SavedBackup {
  readonly file: string;
  readonly bytes: number;
}

const isFolder = async (target: string) =>
  target.endsWith('/') ||
  (await stat(target).then(
    (found) => found.isDirectory(),
    () => false,
  ));

function suggestedName(response: Response): string {
  const match = /filename="([^"/\\]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'dabba.sqlite';
}

function fileError(target: string, error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !FILE_ERRORS.has(code)) return error;
  return refusedError(
    `Could not write the backup to ${target} (${code}).`,
    'Give a file in a folder that exists and that you can write to, with room for the database.',
  );
}

/**
 * Downloads the backup into `target` (a file, or a folder for dabba-YYYY-MM-DD.sqlite). The file
 * to write is opened first, so nothing is asked of the server when it cannot be written. A
 * database can take longer than one request's 30 s to arrive, so the download gives up only after
 * 30 s without a byte: before the answer starts, or between two pieces of it.
 */
export async function saveBackup(io: CliIo, api: Api, target: string): Promise<SavedBackup> {
  const folder = await isFolder(target);
  const partial = folder
    ? path.join(target, `.dabba-backup-${randomUUID()}.partial`)
    : `${target}.partial`;
  let handle: FileHandle;
  try {
    // It holds every account's password hash and whole payout accounts: for this user only.
    handle = await open(partial, 'w', 0o600);
  } catch (error) {
    throw fileError(target, error);
  }
  const stalled = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stillMoving = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () => stalled.abort(new DOMException('The download stalled.', 'TimeoutError')),
      REQUEST_TIMEOUT_MS,
    );
  };
  let saved: SavedBackup | null = null;
  try {
    stillMoving();
    const answer = await api.client.GET('/owner/backup/', {
      parseAs: 'stream',
      fetch: (request) => io.fetch(new Request(request, { signal: stalled.signal })),
    });
    const { response } = answer;
    if (!response.ok) {
      const error = httpError(
        response.status,
        answer.error as never,
        'The backup',
        undefined,
        api.url,
      );
      if (error instanceof UserError && error.code === 'backup.not_sqlite') {
        throw refusedError(
          error.message,
          'Run pg_dump where it can reach DATABASE_URL, e.g. `pg_dump --format=custom --file=dabba.dump "$DATABASE_URL"` (docs/operations.md: Backup and restore).',
          error.code,
        );
      }
      throw error;
    }
    let bytes = 0;
    let header = '';
    for await (const chunk of answer.data as unknown as AsyncIterable<Uint8Array>) {
      stillMoving();
      if (header.length < SQLITE_HEADER.length) {
        header += Buffer.from(chunk.subarray(0, SQLITE_HEADER.length - header.length)).toString(
          'latin1',
        );
      }
      await handle.write(chunk);
      bytes += chunk.byteLength;
    }
    await handle.sync();
    const expected = Number(response.headers.get('content-length') ?? bytes);
    if (header !== SQLITE_HEADER || bytes !== expected) {
      throw new BugError(
        `The server's backup is not a whole SQLite database (${bytes} of ${expected} bytes).`,
        'server',
      );
    }
    const file = folder ? path.join(target, suggestedName(response)) : target;
    await rename(partial, file);
    saved = { file, bytes };
    return saved;
  } catch (error) {
    if (stalled.signal.aborted) {
      throw refusedError(
        `The Dabba server at ${api.url} sent nothing for ${REQUEST_TIMEOUT_MS / 1000} s; the backup was not saved.`,
        'Check that the server is running, then try again.',
      );
    }
    // fetch's own failure: no connection, or it broke off.
    if (error instanceof TypeError && 'cause' in error) {
      throw refusedError(
        `Could not reach the Dabba server at ${api.url}; the backup was not saved.`,
        'Check that the server is running, then try again.',
      );
    }
    throw fileError(target, error);
  } finally {
    clearTimeout(timer);
    // Ends a download that broke off (a full disk): a body left unread holds its connection.
    stalled.abort();
    await handle.close();
    if (!saved) await rm(partial, { force: true });
  }
}

/** 12.3 MB, 850 kB: a size as people read it. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(0)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

// Maps the frames of a logged stack trace that point into the server bundle (dist/server.mjs) back to
// the TypeScript sources, on demand. Node's --enable-source-maps did it for every error, but parsed
// the source map of every package loaded (and ours) at start-up: about 10 MB of an idle server, for
// the few stacks an instance ever logs. Here the bundle's map is read with the first such stack.
import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface LoadedMap {
  map: SourceMap;
  /** The map's folder: its `sources` are relative to it (`../server/app.ts`). */
  dir: string;
}

/** By bundle URL: its source map, or null where there is none (the server run by tsx, from server/). */
const maps = new Map<string, LoadedMap | null>();

function sourceMapOf(bundleUrl: string): LoadedMap | null {
  if (!maps.has(bundleUrl)) {
    let loaded: LoadedMap | null = null;
    try {
      const file = fileURLToPath(bundleUrl) + '.map';
      const payload = JSON.parse(readFileSync(file, 'utf8')) as SourceMapPayload;
      loaded = { map: new SourceMap(payload), dir: path.dirname(file) };
    } catch {
      // No map, or an unreadable one: stacks keep the bundle's positions, still worth logging.
    }
    maps.set(bundleUrl, loaded);
  }
  return maps.get(bundleUrl)!;
}

/** A source file as a log reader opens it: relative to the working folder when inside it. */
function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `stack` with each `<bundle>:line:column` replaced by the source's `server/x.ts:line:column`; other
 * frames (Node's, the packages') are left alone. `bundleUrl` is this module's own URL: once bundled,
 * that is dist/server.mjs, whose map esbuild writes beside it.
 */
export function mapStack(stack: string, bundleUrl: string = import.meta.url): string {
  if (!stack.includes(`${bundleUrl}:`)) return stack;
  const loaded = sourceMapOf(bundleUrl);
  if (!loaded) return stack;
  const frame = new RegExp(`${escapeRegExp(bundleUrl)}:(\\d+):(\\d+)`, 'g');
  return stack.replace(frame, (whole, line: string, column: string) => {
    // A stack's lines and columns are 1-based, the map's 0-based. The entry's own position is the
    // answer, as --enable-source-maps gives it: findOrigin() adds the frame's distance from the
    // entry, which is wrong where esbuild maps a line's start, indentation included, to its statement.
    const entry = loaded.map.findEntry(Number(line) - 1, Number(column) - 1);
    if (!('originalSource' in entry)) return whole;
    const { originalSource, originalLine, originalColumn } = entry;
    const source = originalSource.startsWith('file:')
      ? fileURLToPath(originalSource)
      : path.resolve(loaded.dir, originalSource);
    return `${displayPath(source)}:${originalLine + 1}:${originalColumn + 1}`;
  });
}

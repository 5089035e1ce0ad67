// The documentation holds together: every relative link in README.md and docs/ reaches a file (and,
// with a #fragment, a heading of it, by GitHub's anchors), every docs page is listed where a reader
// looks for it, every environment variable the server and the dabba command read is in
// docs/configuration.md's tables, and the README stays a five-minute read.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const README_MAX_LINES = 300;

/** Every file under `dir` (relative to the root) whose name ends with `suffix`. */
function filesUnder(dir: string, suffixes: string[]): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(relative, suffixes));
    else if (suffixes.some((suffix) => entry.name.endsWith(suffix))) found.push(relative);
  }
  return found.sort();
}

const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

const MARKDOWN = ['README.md', ...filesUnder('docs', ['.md'])];

/** The text outside fenced code blocks, lines kept in place so line numbers still hold. */
function outsideFences(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('```')) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings; a repeated heading gets -1, -2… as on GitHub. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of outsideFences(read(file)).split('\n')) {
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!);
    const count = seen.get(base) ?? 0;
    anchors.add(count === 0 ? base : `${base}-${count}`);
    seen.set(base, count + 1);
  }
  return anchors;
}

interface Link {
  file: string;
  line: number;
  target: string;
}

/** The inline links `[text](target)` of a Markdown file, outside code blocks. */
function linksOf(file: string): Link[] {
  const text = outsideFences(read(file));
  const links: Link[] = [];
  for (const match of text.matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const line = text.slice(0, match.index).split('\n').length;
    links.push({ file, line, target: match[1]! });
  }
  return links;
}

const isExternal = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** What is wrong with a relative link, or null when it reaches its file and heading. */
function brokenLink({ file, target }: Link): string | null {
  const [pathPart, fragment] = target.split('#', 2) as [string, string | undefined];
  const destination = pathPart === '' ? file : path.join(path.dirname(file), pathPart);
  if (!existsSync(path.join(ROOT, destination))) return `no file ${destination}`;
  if (fragment === undefined) return null;
  if (statSync(path.join(ROOT, destination)).isDirectory() || !destination.endsWith('.md')) {
    return `#${fragment} on ${destination}, which has no headings`;
  }
  const anchors = anchorsOf(destination);
  return anchors.has(decodeURIComponent(fragment))
    ? null
    : `no heading #${fragment} in ${destination}`;
}

/** The environment variables read in the code under `dirs`: env.NAME, process.env.NAME, env['NAME']. */
function variablesReadIn(dirs: string[], ignore: string[] = []): string[] {
  const names = new Set<string>();
  for (const dir of dirs) {
    for (const file of filesUnder(dir, ['.ts', '.tsx'])) {
      const text = read(file);
      for (const match of text.matchAll(
        /\benv\s*(?:\.\s*([A-Z][A-Z0-9_]*)\b|\[\s*'([A-Z][A-Z0-9_]*)'\s*\])/g,
      )) {
        names.add((match[1] ?? match[2])!);
      }
      // Lists of names checked together (S3_VARIABLES, GST_VARIABLES in server/config.ts).
      for (const list of text.matchAll(/_VARIABLES\s*=\s*\[([^\]]*)\]/g)) {
        for (const name of list[1]!.matchAll(/'([A-Z][A-Z0-9_]*)'/g)) names.add(name[1]!);
      }
    }
  }
  return [...names].filter((name) => !ignore.includes(name)).sort();
}

/** The names in the first column of docs/configuration.md's tables (`A, B` names two). */
function documentedVariables(): Set<string> {
  const names = new Set<string>();
  for (const line of read('docs/configuration.md').split('\n')) {
    const row = /^\| ([^|]+) \|/.exec(line);
    if (!row) continue;
    for (const name of row[1]!.split(',')) names.add(name.trim().replace(/`/g, ''));
  }
  return names;
}

describe('the documentation', () => {
  it('has only relative links that reach a file and, with a #fragment, one of its headings', () => {
    const links = MARKDOWN.flatMap(linksOf).filter((link) => !isExternal(link.target));
    expect(links.length).toBeGreaterThan(50);
    const broken = links.flatMap((link) => {
      const problem = brokenLink(link);
      return problem ? [`${link.file}:${link.line} (${link.target}): ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('lists every page: docs/ pages in the README and docs/README.md, rules in docs/rules/README.md', () => {
    const linked = (file: string): Set<string> =>
      new Set(
        linksOf(file)
          .filter((link) => !isExternal(link.target))
          .map((link) => path.join(path.dirname(file), link.target.split('#')[0]!)),
      );
    const fromReadme = linked('README.md');
    const fromIndex = linked('docs/README.md');
    const fromRules = linked('docs/rules/README.md');
    const missing: string[] = [];
    for (const page of MARKDOWN.filter((file) => file.startsWith('docs/'))) {
      if (page === 'docs/README.md') continue;
      if (path.dirname(page) === 'docs/rules' && page !== 'docs/rules/README.md') {
        if (!fromRules.has(page)) missing.push(`${page} is not in docs/rules/README.md`);
        continue;
      }
      if (!fromReadme.has(page)) missing.push(`${page} is not linked from README.md`);
      if (!fromIndex.has(page)) missing.push(`${page} is not in docs/README.md`);
    }
    expect(missing).toEqual([]);
  });

  it('documents in docs/configuration.md every environment variable the server reads', () => {
    const names = variablesReadIn(['server']);
    // The scan finds the configuration loader's names, or it proves nothing.
    expect(names).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'S3_BUCKET', 'GST_RATE']),
    );
    const documented = documentedVariables();
    expect(names.filter((name) => !documented.has(name))).toEqual([]);
  });

  it("documents there every environment variable the dabba command reads, but the system's", () => {
    const names = variablesReadIn(['cli'], ['HOME']);
    expect(names).toEqual(expect.arrayContaining(['DABBA_URL', 'DABBA_CONFIG_DIR']));
    const documented = documentedVariables();
    expect(names.filter((name) => !documented.has(name))).toEqual([]);
  });

  it(`keeps the README within ${README_MAX_LINES} lines`, () => {
    const lines = read('README.md').replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });
});

// machines/ has no import cycles: no file imports, even for a type only, a file that imports it
// back (a machine ↔ its messages ↔ its rules). A lifecycle's shared statuses, context and events
// live in its <name>.types.ts, which imports none of its siblings. This reads every import and
// `export … from` of machines/ and fails on each group of files that reach one another.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MACHINES = path.join(ROOT, 'machines');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The modules a file names in its import and `export … from` declarations, type-only ones too. */
function specifiersOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) =>
    (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
    statement.moduleSpecifier &&
    ts.isStringLiteral(statement.moduleSpecifier)
      ? [statement.moduleSpecifier.text]
      : [],
  );
}

/** The file a relative or `@machines/…` specifier names among `files`, or null (a package). */
function resolve(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (specifier === '@machines' || specifier.startsWith('@machines/')) {
    base = path.join(MACHINES, specifier.slice('@machines'.length));
  } else return null;
  base = base.replace(/\.js$/, '');
  return (
    [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => files.has(candidate)) ?? null
  );
}

/** Each file's imports among the given files (path → source text). */
function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const files = new Set(sources.keys());
  return new Map(
    [...sources].map(([file, text]) => [
      file,
      specifiersOf(file, text).flatMap((specifier) => resolve(file, specifier, files) ?? []),
    ]),
  );
}

/**
 * The import cycles: the strongly connected components (Tarjan's algorithm) of more than one file,
 * or of a file importing itself, each sorted.
 */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

const relative = (cycles: string[][]) =>
  cycles.map((cycle) => cycle.map((file) => path.relative(ROOT, file)));

describe('machines/ imports', () => {
  it('make no cycle, type-only imports included', () => {
    const sources = new Map(tsFiles(MACHINES).map((file) => [file, readFileSync(file, 'utf8')]));
    expect(relative(importCycles(importGraph(sources)))).toEqual([]);
  });

  it('are found in a planted cycle, whichever way each file names the other', () => {
    const at = (file: string) => path.join(MACHINES, 'planted', file);
    const planted = new Map([
      [
        at('planted.machine.ts'),
        "import { setup } from 'xstate';\nimport { plantedRefusals } from './planted.messages';",
      ],
      [at('planted.messages.ts'), "import type { PlantedEvent } from './planted.rules';"],
      [
        at('planted.rules.ts'),
        "export type { PlantedStatus } from '@machines/planted/planted.machine';",
      ],
      // A types file that imports none of its siblings is outside every cycle.
      [at('planted.types.ts'), "import type { IsoDate } from '../shared/dates';"],
      [at('index.ts'), "export * from './planted.machine';\nexport * from './planted.types';"],
      [at('self.ts'), "import type { Self } from './self.js';"],
    ]);
    expect(relative(importCycles(importGraph(planted)))).toEqual([
      [
        'machines/planted/planted.machine.ts',
        'machines/planted/planted.messages.ts',
        'machines/planted/planted.rules.ts',
      ],
      ['machines/planted/self.ts'],
    ]);
    // Once the rules read the types file instead, nothing is left.
    planted.set(at('planted.rules.ts'), "import type { PlantedStatus } from './planted.types';");
    planted.delete(at('self.ts'));
    expect(importCycles(importGraph(planted))).toEqual([]);
  });
});

// The path aliases of tsconfig.json (`@machines/…`, `@web/…`) for Vite and Vitest, read from there so
// they are written once; esbuild, tsx and Playwright read tsconfig.json themselves.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export function tsconfigAliases(): { find: RegExp; replacement: string }[] {
  const tsconfig = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  return Object.entries(tsconfig.compilerOptions.paths).map(([alias, [target]]) =>
    alias.endsWith('/*')
      ? {
          find: new RegExp(`^${alias.slice(0, -1)}`),
          replacement: `${path.join(ROOT, target!.slice(0, -2))}/`,
        }
      : // An alias of one file (`@machines`, the index): the exact name only.
        { find: new RegExp(`^${alias}$`), replacement: path.join(ROOT, target!) },
  );
}

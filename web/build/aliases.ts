// The path aliases of tsconfig.json (`@machines/…`, `@web/…`) for Vite and Vitest, read from there so
// they are written once; esbuild, tsx and Playwright read tsconfig.json themselves.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export function tsconfigAliases(): { find: RegExp; replacement: string }[] {
  const tsconfig = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  return Object.entries(tsconfig.compilerOptions.paths).map(([alias, [target]]) => ({
    find: new RegExp(`^${alias.replace('/*', '/')}`),
    replacement: `${path.join(ROOT, target!.replace('/*', ''))}/`,
  }));
}

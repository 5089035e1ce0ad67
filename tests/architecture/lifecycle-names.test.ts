// One name per lifecycle: the web app's feature folders (web/features/<name>/) and the CLI's command
// files (cli/commands/<name>.ts) are named as the lifecycle's machines/<name>/, whatever words the
// screens and `dabba` use for it (`dabba routes` is delivery-stop, `dabba links` payment-link).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const machines = new Set(
  readdirSync(path.join(ROOT, 'machines'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name),
);

/** The CLI's command files that are no lifecycle's: views and tools over several. */
const CLI_VIEWS = new Set(['audit', 'backup', 'home', 'owner', 'plans', 'report', 'shared']);

describe('lifecycle names', () => {
  it.each(readdirSync(path.join(ROOT, 'web/features')))(
    'web/features/%s is named as its machine and has an index',
    (name) => {
      expect(machines.has(name), `machines/${name}/`).toBe(true);
      expect(existsSync(path.join(ROOT, 'web/features', name, 'index.ts'))).toBe(true);
    },
  );

  it.each(readdirSync(path.join(ROOT, 'cli/commands')).map((file) => file.replace(/\.ts$/, '')))(
    'cli/commands/%s.ts is named as its machine, or is a view over several',
    (name) => {
      expect(machines.has(name) || CLI_VIEWS.has(name), `machines/${name}/`).toBe(true);
    },
  );
});

// `npm run lint` ends with knip (knip.json), which refuses an exported name nothing else imports: an
// export is a promise that another file reads it. This plants a small project under the same
// settings, with one export read elsewhere, one read nowhere, and one type used only in its own
// file (kept: the database schema's table types are read through its Database interface), and
// checks that knip names the dead one alone and fails.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const KNIP = path.join(ROOT, 'node_modules/.bin/knip');
const run = promisify(execFile);

describe('dead exports', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dabba-knip-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are refused by lint, naming each, while exports read elsewhere and in-file types pass', async () => {
    const settings = JSON.parse(readFileSync(path.join(ROOT, 'knip.json'), 'utf8')) as {
      ignoreExportsUsedInFile: unknown;
    };
    writeFileSync(
      path.join(dir, 'knip.json'),
      JSON.stringify({
        entry: ['main.ts'],
        project: ['**/*.ts'],
        ignoreExportsUsedInFile: settings.ignoreExportsUsedInFile,
      }),
    );
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: 'planted', private: true, type: 'module' }),
    );
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'nodenext', strict: true } }),
    );
    writeFileSync(path.join(dir, 'main.ts'), "import { used } from './parts.js';\nused();\n");
    writeFileSync(
      path.join(dir, 'parts.ts'),
      [
        'export interface RowTable { id: number }',
        'export interface Database { rows: RowTable }',
        'export const used = (): Database | null => null;',
        'export const plantedDeadExport = 1;',
        '',
      ].join('\n'),
    );
    const outcome = await run(KNIP, ['--include', 'exports,types', '--no-progress'], {
      cwd: dir,
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(outcome.code).not.toBe(0);
    expect(outcome.stdout).toContain('plantedDeadExport');
    expect(outcome.stdout).not.toMatch(/\bused\b/);
    expect(outcome.stdout).not.toContain('RowTable');
    // Database is read by no other file either: an exported type only its own file uses passes.
    expect(outcome.stdout).not.toContain('Database');
  });
});

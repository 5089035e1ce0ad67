// The contract is for any client, not only ours: openapi-typescript (which generated/ comes from),
// @hey-api/openapi-ts and orval each generate a client from openapi.yaml that type-checks under
// strict TypeScript. (orval's client once failed with TS2411: the per-field lists of ErrorBody as an
// index signature that `detail`, a string, did not fit.)
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_PATH } from '../../server/contract.js';
import { ROOT } from '../helpers/server-process.js';

const run = promisify(execFile);
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

/** Runs `tsc` over `dir` with strict settings: its output, empty when the code type-checks. */
async function typeErrors(dir: string): Promise<string> {
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        types: [],
      },
      include: ['**/*.ts'],
      exclude: ['node_modules'],
    }),
  );
  try {
    await run(bin('tsc'), ['-p', path.join(dir, 'tsconfig.json')], { cwd: dir });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe('clients generated from openapi.yaml type-check', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'dabba-clients-'));
    // The generated code may import its runtime (openapi-fetch) from the project's packages.
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('openapi-typescript, used through openapi-fetch', async () => {
    const dir = path.join(work, 'openapi-typescript');
    await run(bin('openapi-typescript'), [CONTRACT_PATH, '-o', path.join(dir, 'api.d.ts')]);
    writeFileSync(
      path.join(dir, 'use.ts'),
      [
        "import createClient from 'openapi-fetch';",
        "import type { components, paths } from './api';",
        "const client = createClient<paths>({ baseUrl: '/api' });",
        'export async function plans() {',
        "  const { data, error } = await client.GET('/subscriptions/plans/');",
        "  const refused: components['schemas']['ErrorBody'] | undefined = error;",
        '  return { names: data?.map((plan) => plan.name), code: refused?.error_code };',
        '}',
      ].join('\n'),
    );
    expect(await typeErrors(dir)).toBe('');
  }, 60_000);

  it('@hey-api/openapi-ts', async () => {
    const dir = path.join(work, 'hey-api');
    await run(bin('openapi-ts'), ['-i', CONTRACT_PATH, '-o', dir]);
    expect(await typeErrors(dir)).toBe('');
  }, 60_000);

  it('orval (fetch client)', async () => {
    const dir = path.join(work, 'orval');
    await run(bin('orval'), [
      '--input',
      CONTRACT_PATH,
      '--output',
      path.join(dir, 'client.ts'),
      '--client',
      'fetch',
      '--mode',
      'single',
    ]);
    expect(await typeErrors(dir)).toBe('');
  }, 60_000);
});

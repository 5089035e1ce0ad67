// server/platform/stack.ts: a stack's frames in a bundle are mapped to the sources through the bundle's map,
// read on demand; other frames, and every frame of a bundle without a map, stay as they are.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mapStack } from '../../server/platform/stack.js';

// Line 3 throws; `new` is at column 9 (1-based), where V8 puts the frame.
const THROWER = `// A module that throws.
export function failDeep(): never {
  throw new Error('deep failure');
}
`;
const ENTRY = `import { failDeep } from './thrower';

function printStack(): void {
  try {
    failDeep();
  } catch (error) {
    process.stdout.write((error as Error).stack ?? '');
  }
}
printStack();
`;

/**
 * Bundles src/ as the server is bundled (ESM, a map without the sources' text) and runs it in Node
 * itself: under the test runner, modules are named by path rather than by file: URL.
 */
async function bundle(dir: string, name: string, sourcemap: boolean) {
  const outfile = path.join(dir, 'dist', `${name}.mjs`);
  await build({
    entryPoints: [path.join(dir, 'src', 'entry.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    sourcemap,
    sourcesContent: false,
    outfile,
    logLevel: 'warning',
  });
  const stack = execFileSync(process.execPath, [outfile], { encoding: 'utf8' });
  return { url: pathToFileURL(outfile).href, stack };
}

describe('mapStack', () => {
  let dir: string;
  let mapped: { url: string; stack: string };
  let unmapped: { url: string; stack: string };

  beforeAll(async () => {
    // The real path: V8 names modules by it, and macOS's tmpdir is a symlink.
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'dabba-stack-')));
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src', 'thrower.ts'), THROWER);
    writeFileSync(path.join(dir, 'src', 'entry.ts'), ENTRY);
    mapped = await bundle(dir, 'mapped', true);
    unmapped = await bundle(dir, 'unmapped', false);
  });
  afterAll(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('maps the frames in the bundle to the sources, with 1-based lines and columns', () => {
    expect(mapped.stack).toContain(`${mapped.url}:`);
    const stack = mapStack(mapped.stack, mapped.url);
    expect(stack).not.toContain(mapped.url);
    expect(stack).toContain(`at failDeep (${path.join(dir, 'src', 'thrower.ts')}:3:9)`);
    expect(stack).toContain(`at printStack (${path.join(dir, 'src', 'entry.ts')}:5:5)`);
    expect(stack.split('\n')[0]).toBe('Error: deep failure');
  });

  it('names a source inside the working folder by its relative path', () => {
    vi.spyOn(process, 'cwd').mockReturnValue(dir);
    const stack = mapStack(mapped.stack, mapped.url);
    expect(stack).toContain(`at failDeep (${path.join('src', 'thrower.ts')}:3:9)`);
    vi.mocked(process.cwd).mockRestore();
  });

  it('leaves frames outside the bundle alone', () => {
    const elsewhere = '    at other (file:///srv/elsewhere/server.mjs:3:9)';
    const node = '    at ModuleJob.run (node:internal/modules/esm/module_job:325:25)';
    const stack = mapStack([mapped.stack, elsewhere, node].join('\n'), mapped.url);
    expect(stack).toContain(elsewhere);
    expect(stack).toContain(node);
    // Node's own frames in the real stack too.
    const foreign = mapped.stack.split('\n').filter((line) => !line.includes(mapped.url));
    for (const line of foreign) expect(stack).toContain(line);
  });

  it('leaves a stack unchanged when the bundle has no map', () => {
    expect(unmapped.stack).toContain(`${unmapped.url}:`);
    expect(mapStack(unmapped.stack, unmapped.url)).toBe(unmapped.stack);
  });

  it('leaves a stack without bundle frames as it is', () => {
    const stack = new Error('here').stack!;
    expect(mapStack(stack, mapped.url)).toBe(stack);
    // By default the bundle is server/platform/stack.ts itself here, which has no map beside it.
    expect(mapStack(stack)).toBe(stack);
  });
});

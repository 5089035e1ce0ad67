// One name per lifecycle: every operation in openapi.yaml is tagged with the one folder whose
// handlers answer it (server/lifecycles/<name>, server/resources/<name>, server/owner/<name>), the
// name the lifecycle has in machines/, web/features/ and cli/commands/; and every tag the contract
// lists is such a folder. The handlers are asked which operations they answer.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestApp, type TestApp } from '../helpers/app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LAYERS = ['lifecycles', 'resources', 'owner'];

interface Operation {
  operationId: string;
  tags?: string[];
}

/** Each operation's id and tags, from openapi.yaml. */
function contractOperations(): { operations: Operation[]; tags: string[] } {
  const contract = parse(readFileSync(path.join(ROOT, 'openapi.yaml'), 'utf8'));
  const operations = Object.values(contract.paths as Record<string, Record<string, unknown>>)
    .flatMap((item) => Object.values(item))
    .filter((op): op is Operation => typeof (op as Operation)?.operationId === 'string');
  return { operations, tags: (contract.tags as { name: string }[]).map((tag) => tag.name) };
}

/** Which folder's handlers answer each operation: every *.handlers.ts's factories, called. */
async function handlerFolders(t: TestApp): Promise<Map<string, string>> {
  const folders = new Map<string, string>();
  for (const layer of LAYERS) {
    for (const folder of readdirSync(path.join(ROOT, 'server', layer))) {
      const dir = path.join(ROOT, 'server', layer, folder);
      if (!folder.match(/^[a-z-]+$/)) continue;
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.handlers.ts'))) {
        const module = (await import(path.join(dir, file))) as Record<string, unknown>;
        for (const [name, factory] of Object.entries(module)) {
          if (!name.endsWith('Handlers') || typeof factory !== 'function') continue;
          for (const operationId of Object.keys(factory(t.ctx) as object)) {
            folders.set(operationId, folder);
          }
        }
      }
    }
  }
  return folders;
}

/** The operations whose tags are not exactly [the folder answering them]. */
const mistagged = (operations: Operation[], folders: ReadonlyMap<string, string>) =>
  operations
    .map((op) => ({ op: op.operationId, tags: op.tags, folder: folders.get(op.operationId) }))
    .filter(({ tags, folder }) => !folder || tags?.length !== 1 || tags[0] !== folder);

describe('the contract’s tags', () => {
  let t: TestApp;
  let folders: Map<string, string>;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    folders = await handlerFolders(t);
    if (process.env.WRITE_TAG_MAP) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(process.env.WRITE_TAG_MAP, JSON.stringify(Object.fromEntries(folders)));
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tag each operation with the folder whose handlers answer it, and nothing else', () => {
    expect(mistagged(contractOperations().operations, folders)).toEqual([]);
  });

  it('lists only folders as tags, each used', () => {
    const { operations, tags } = contractOperations();
    const used = new Set(operations.flatMap((op) => op.tags ?? []));
    expect(tags.filter((tag) => !used.has(tag))).toEqual([]);
    expect([...used].filter((tag) => !tags.includes(tag))).toEqual([]);
  });

  it('sees an operation answered from another folder than its tag says', () => {
    const moved = new Map(folders).set('listLeaves', 'refund');
    expect(mistagged(contractOperations().operations, moved)).toEqual([
      { op: 'listLeaves', tags: [folders.get('listLeaves')], folder: 'refund' },
    ]);
  });
});

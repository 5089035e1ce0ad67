// One lifecycle truth: a lifecycle's status is written only by its store in server/lifecycles/,
// which asks the machine first. This reads every other server file's syntax tree and fails on any
// `.set({ status: … })` or `.values({ status: … })` (also `…_status`), literal or computed.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname, '../../server');

/** Where status writes belong, or are not lifecycle changes. */
const ALLOWED = [
  'lifecycles/',
  // Demo data: rows seeded in every state at once, straight to the tables, for a fast demo.
  'demo.ts',
  // Schema and its migrations.
  'db/migrations/',
  // The notification log's own delivery state (sent / failed / pending), not a product lifecycle.
  'services/notifier.ts',
];

function serverFiles(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** `file:line status-property` for every status written through Kysely's set() or values(). */
export function statusWrites(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['set', 'values'].includes(node.expression.name.text)
    ) {
      for (const argument of node.arguments) {
        const object = ts.isArrowFunction(argument)
          ? ts.isParenthesizedExpression(argument.body)
            ? argument.body.expression
            : argument.body
          : argument;
        if (!ts.isObjectLiteralExpression(object)) continue;
        for (const property of object.properties) {
          const name = property.name && ts.isIdentifier(property.name) ? property.name.text : '';
          if (name === 'status' || name.endsWith('_status')) {
            const { line } = source.getLineAndCharacterOfPosition(property.getStart());
            found.push(`${path.relative(SERVER, file)}:${line + 1} ${name}`);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('status writes', () => {
  it('finds a status written outside a store (the check can fail)', () => {
    const planted = `db.updateTable('leaves').set({ status: 'APPROVED', updated_at: now });`;
    expect(statusWrites(path.join(SERVER, 'routes/planted.ts'), planted)).toEqual([
      'routes/planted.ts:1 status',
    ]);
  });

  it('happen only in server/lifecycles/', () => {
    const outside = serverFiles()
      .filter((file) => !ALLOWED.some((allowed) => path.relative(SERVER, file).startsWith(allowed)))
      .flatMap((file) => statusWrites(file));
    expect(outside).toEqual([]);
  });
});

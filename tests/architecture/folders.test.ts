// One folder per lifecycle: eslint.config.js refuses, in server/, another folder's store (but for a
// type: a store handed in) and another folder's handlers. These plant such imports and lint them, so
// the rule is known to fail where it should and to pass where the layout needs it.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RULE = '@typescript-eslint/no-restricted-imports';
const eslint = new ESLint({ cwd: ROOT });

/** The lines the folder rule refuses when `code` sits at `file` (relative to the repository). */
async function refusedLines(file: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === RULE)
    .map((message) => message.line);
}

describe('server folders', () => {
  it("keep a lifecycle's store to its own folder: others read its read side, or take it as a type", async () => {
    const code = [
      "import { createLeaveStore } from '@server/lifecycles/leave/leave.store.js';",
      "import { createRefundStore } from '../../lifecycles/refund/refund.store.js';",
      "import type { LeaveStore } from '@server/lifecycles/leave/leave.store.js';",
      "import { leaveSelect } from '@server/lifecycles/leave/leave.read.js';",
      "import { allowed } from '@server/lifecycles/store.js';",
      'export const used = [createLeaveStore, createRefundStore, leaveSelect, allowed];',
      'export type Used = LeaveStore;',
    ].join('\n');
    expect(await refusedLines('server/owner/kitchen/kitchen.query.ts', code)).toEqual([1, 2]);
    // Its own folder uses it; context.ts builds every store.
    const own =
      "import { createLeaveStore } from './leave.store.js';\nexport const used = createLeaveStore;";
    expect(await refusedLines('server/lifecycles/leave/leave.handlers.ts', own)).toEqual([]);
    const root =
      "import { createLeaveStore } from './lifecycles/leave/leave.store.js';\nexport const used = createLeaveStore;";
    expect(await refusedLines('server/context.ts', root)).toEqual([]);
    expect(await refusedLines('server/registry.ts', root)).toEqual([]);
    expect(await refusedLines('server/app.ts', root)).toEqual([1]);
  });

  it("keep a folder's handlers to the registry", async () => {
    const code = [
      "import { leaveHandlers } from '@server/lifecycles/leave/leave.handlers.js';",
      "import { paymentAdminHandlers } from './payment-admin.handlers.js';",
      'export const used = [leaveHandlers, paymentAdminHandlers];',
    ].join('\n');
    expect(await refusedLines('server/lifecycles/payment/payment.handlers.ts', code)).toEqual([1]);
    const registry =
      "import { leaveHandlers } from './lifecycles/leave/leave.handlers.js';\nexport const used = leaveHandlers;";
    expect(await refusedLines('server/registry.ts', registry)).toEqual([]);
  });
});

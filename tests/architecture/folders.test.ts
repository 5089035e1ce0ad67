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
    expect(await refusedLines('server/owner/home/home.query.ts', code)).toEqual([1, 2]);
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

  it('keep the layers: platform/ and services/ import nothing above them, lifecycles no owner view', async () => {
    const upward = [
      "import { hasConsent } from '@server/lifecycles/consent/consent.read.js';",
      "import type { Executor } from '../lifecycles/store.js';",
      "import { pruneOtpCodes } from '@server/resources/auth/otp.js';",
      "import { textCell } from '../../owner/reports/reports.csv.js';",
      "import { csvFile } from '@server/platform/csv.js';",
      "import type { Executor as Db } from '../platform/db/index.js';",
      'export const used = [hasConsent, pruneOtpCodes, textCell, csvFile];',
      'export type Used = [Executor, Db];',
    ].join('\n');
    expect(await refusedLines('server/services/notifier.ts', upward)).toEqual([1, 2, 3, 4]);
    expect(await refusedLines('server/platform/db/example.ts', upward)).toEqual([1, 2, 3, 4]);
    const ownerView = [
      "import { homeSummary } from '@server/owner/home/home.query.js';",
      "import { textCell } from '../../owner/reports/reports.csv.js';",
      "import { dueMealsKey } from '@server/lifecycles/kitchen/kitchen.lock.js';",
      "import { csvFile } from '@server/platform/csv.js';",
      'export const used = [homeSummary, textCell, dueMealsKey, csvFile];',
    ].join('\n');
    expect(await refusedLines('server/lifecycles/dues/dues.jobs.ts', ownerView)).toEqual([1, 2]);
    expect(await refusedLines('server/resources/plans/plan.handlers.ts', ownerView)).toEqual([
      1, 2,
    ]);
    // The owner's views read every layer below them; the top files wire them all.
    expect(await refusedLines('server/owner/home/home.query.ts', ownerView)).toEqual([]);
    expect(await refusedLines('server/app.ts', upward)).toEqual([]);
  });
});

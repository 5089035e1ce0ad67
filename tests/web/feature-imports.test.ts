// The lint rules that keep each lifecycle's web code in its feature folder (web/features/<name>/,
// named as machines/<name>/): a feature uses another only through its index and never imports a
// page, and a page uses a feature only through its index (eslint.config.js). These plant such
// imports and lint them, so the rules are known to refuse where they should and to pass where the
// layout needs them.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function importErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = [];\n`, {
    filePath: path.join(root, file),
  });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const FEATURE = 'web/features/walk-in/WalkInDialog.tsx';
const OWNER_PAGE = 'web/pages/admin/dues/DuesPage.tsx';
const CUSTOMER_PAGE = 'web/pages/payments/PaymentsPage.tsx';
const COMPONENT = 'web/components/Table.tsx';

describe('a feature is used through its index', () => {
  it.each([
    [FEATURE, "import { RecordPaymentDialog } from '@web/features/payment/RecordPaymentDialog';"],
    [FEATURE, "import { actions } from '@web/features/payment/RecordPaymentDialog.css';"],
    [FEATURE, "import { useEnrolWalkIn } from '@web/features/walk-in/walk-in.api';"],
    [OWNER_PAGE, "import { RemindersList } from '@web/features/dues/RemindersList';"],
    [CUSTOMER_PAGE, "import { StatementView } from '@web/features/dues/Statement';"],
    [COMPONENT, "import { useDues } from '@web/features/dues/dues.api';"],
  ])('%s may not: %s', async (file, source) => {
    const errors = await importErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Import a feature through its index');
  });

  it.each([
    [FEATURE, "import { RecordPaymentDialog } from '../payment/RecordPaymentDialog';"],
    [FEATURE, "import { RecordPaymentDialog } from '../payment';"],
  ])('%s names another feature by its alias, not: %s', async (file, source) => {
    const errors = await importErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('through its path alias');
  });
});

describe('a feature never imports a page', () => {
  it.each([
    [FEATURE, "import { SuperuserPage } from '@web/pages/admin/superuser/SuperuserPage';"],
    [FEATURE, "import { DuesPage } from '../../pages/admin/dues/DuesPage';"],
    [FEATURE, "import * as styles from '@web/pages/admin/superuser/SuperuserPage.css';"],
    [
      'web/features/dues/dues.api.ts',
      "import { PaymentsPage } from '@web/pages/payments/PaymentsPage';",
    ],
  ])('%s may not: %s', async (file, source) => {
    const errors = await importErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('A feature may not import a page');
  });
});

describe('what the layout needs', () => {
  it.each([
    [FEATURE, "import { RecordPaymentDialog, recordPaymentStyles } from '@web/features/payment';"],
    [FEATURE, "import { useEnrolWalkIn } from './walk-in.api';"],
    [FEATURE, "import { Button } from '@web/components/Button';"],
    [FEATURE, "import { useApiMutation } from '@web/api/query';"],
    [FEATURE, "import { walkInDuePaise } from '@machines/walk-in';"],
    [OWNER_PAGE, "import { RemindersList, useDues } from '@web/features/dues';"],
    [CUSTOMER_PAGE, "import { StatementView } from '@web/features/dues';"],
    [COMPONENT, "import { useDues } from '@web/features/dues';"],
  ])('%s may: %s', async (file, source) => {
    expect(await importErrors(file, source)).toEqual([]);
  });
});

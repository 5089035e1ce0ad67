// The lint rule that keeps each screen in its own folder: a page may use web/components, web/styles,
// web/api, web/lib and its own files, never another page's, and names other folders by their path
// alias (eslint.config.js).
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function pageImportErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const CUSTOMER_PAGE = 'web/pages/leaves/LeavesPage.tsx';
const OWNER_PAGE = 'web/pages/admin/refunds/ManageRefundsPage.tsx';

describe("a page cannot import another page's files", () => {
  it.each([
    [CUSTOMER_PAGE, "import * as styles from '../subscriptions/SubscriptionsPage.css';"],
    [CUSTOMER_PAGE, "import { adminKeys } from '../admin/adminApi';"],
    [CUSTOMER_PAGE, "import { LandingPage } from '../../pages/landing/LandingPage';"],
    [OWNER_PAGE, "import { CommentDialog } from '../leaves/CommentDialog';"],
    [OWNER_PAGE, "import { PAGE_SIZE } from '../constants';"],
    [OWNER_PAGE, "import { FeedbackForm } from '../../feedback/FeedbackForm';"],
    [CUSTOMER_PAGE, "import * as styles from '@web/pages/subscriptions/SubscriptionsPage.css';"],
    [OWNER_PAGE, "import { CommentDialog } from '@web/pages/admin/leaves/CommentDialog';"],
    [OWNER_PAGE, "import { FeedbackForm } from '@web/pages/feedback/FeedbackForm';"],
  ])('%s: %s', async (file, source) => {
    const errors = await pageImportErrors(file, `${source}\nexport const used = [];\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("A page may not import another page's files");
  });

  it.each([
    [CUSTOMER_PAGE, "import { Button } from '../../components/Button';"],
    [CUSTOMER_PAGE, "import { leaveDuration } from '../../../machines/leave/leave.rules';"],
    [OWNER_PAGE, "import { Table } from '../../../components/Table';"],
    ['web/components/Table.tsx', "import { formatDate } from '../lib/format';"],
  ])('%s names another folder by its alias, not: %s', async (file, source) => {
    const errors = await pageImportErrors(file, `${source}\nexport const used = [];\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('through its path alias');
  });

  it.each([
    [CUSTOMER_PAGE, "import { Button } from '@web/components/Button';"],
    [CUSTOMER_PAGE, "import { cardList } from '@web/styles/list.css';"],
    [CUSTOMER_PAGE, "import { leaveDuration } from '@machines/leave/leave.rules';"],
    [CUSTOMER_PAGE, "import { LeaveCard } from './LeaveCard';"],
    [OWNER_PAGE, "import { useAdminRefunds } from '@web/features/refund';"],
    [OWNER_PAGE, "import { Table } from '@web/components/Table';"],
    [OWNER_PAGE, "import { RefundRow } from './RefundRow';"],
  ])('%s may: %s', async (file, source) => {
    expect(await pageImportErrors(file, `${source}\nexport const used = [];\n`)).toEqual([]);
  });
});

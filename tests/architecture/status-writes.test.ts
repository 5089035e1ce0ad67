// One lifecycle truth: a lifecycle's status is written only by its store, which asks the machine
// first. This reads every server file's syntax tree, finds each `.set({ status: … })` or
// `.values({ status: … })` (also `…_status`), literal or computed, and the table its query writes,
// and fails unless that table's store is the file.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname, '../../server');

/** Each table with a status, the one file that writes it, and the machine that store asks. */
const STATUS_OWNERS: Readonly<Record<string, { store: string; machine?: string }>> = {
  users: { store: 'lifecycles/onboarding/onboarding.store.ts', machine: 'onboardingMachine' },
  subscriptions: {
    store: 'lifecycles/subscription/subscription.store.ts',
    machine: 'subscriptionMachine',
  },
  payments: { store: 'lifecycles/payment/payment.store.ts', machine: 'paymentStatusMachine' },
  // Checkout orders: the payment store's order part.
  payment_orders: { store: 'lifecycles/payment/order.store.ts', machine: 'orderMachine' },
  leaves: { store: 'lifecycles/leave/leave.store.ts', machine: 'leaveMachine' },
  refunds: { store: 'lifecycles/refund/refund.store.ts', machine: 'refundMachine' },
  feedback: { store: 'lifecycles/feedback/feedback.store.ts', machine: 'feedbackMachine' },
  meal_skips: { store: 'lifecycles/meal-skip/meal-skip.store.ts', machine: 'mealSkipMachine' },
  closed_days: { store: 'lifecycles/closed-day/closed-day.store.ts', machine: 'closedDayMachine' },
  closure_rules: {
    store: 'lifecycles/closure-rule/closure-rule.store.ts',
    machine: 'closureRuleMachine',
  },
  payment_links: {
    store: 'lifecycles/payment-link/payment-link.store.ts',
    machine: 'paymentLinkMachine',
  },
  counter_qr_codes: {
    store: 'lifecycles/counter-qr/counter-qr.store.ts',
    machine: 'counterQrMachine',
  },
  staff_members: { store: 'lifecycles/staff/staff.store.ts', machine: 'staffMachine' },
  erasure_requests: { store: 'lifecycles/erasure/erasure.store.ts', machine: 'erasureMachine' },
  // Cash a rider collected: pending until the owner confirms (a cash payment, in the same
  // transaction) or rejects it, as machines/delivery-stop's cash-collection machine decides.
  cash_collections: {
    store: 'lifecycles/delivery-stop/delivery-stop.store.ts',
    machine: 'cashCollectionMachine',
  },
  // Reminders: claimed by their unique key, then sent or skipped as the reminder machine says
  // (reminderNextStep runs it; a reminder refuses nothing a person asks, so it has no decide() table).
  reminder_sends: { store: 'lifecycles/reminder/reminder.store.ts' },
  // The notification log's own delivery state (sent / failed / pending): recorded, not decided.
  notification_logs: { store: 'services/notifier.ts' },
  // WhatsApp notices: the send queue's delivery state, as Meta reports it, moved forward only by
  // the rule in machines/whatsapp (recorded, not decided by a person).
  whatsapp_messages: { store: 'services/whatsapp/queue.ts' },
};

/** Where status writes are not lifecycle changes. */
const EXEMPT = [
  // Demo data: rows seeded in every state at once, straight to the tables, for a fast demo.
  'demo/',
  // Schema and its migrations.
  'platform/db/migrations/',
];

function serverFiles(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The table a set() or values() call writes: the updateTable() or insertInto() of its chain. */
function tableOf(call: ts.CallExpression): string | null {
  let node: ts.Expression = (call.expression as ts.PropertyAccessExpression).expression;
  for (;;) {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      if (['updateTable', 'insertInto'].includes(node.expression.name.text)) {
        const [table] = node.arguments;
        return table && ts.isStringLiteralLike(table) ? table.text.split(' ')[0]! : null;
      }
      node = node.expression.expression;
    } else if (ts.isPropertyAccessExpression(node) || ts.isParenthesizedExpression(node)) {
      node = node.expression;
    } else {
      return null;
    }
  }
}

interface StatusWrite {
  /** Relative to server/. */
  file: string;
  line: number;
  table: string | null;
  property: string;
}

/** Every status written through Kysely's set() or values() in `file`. */
export function statusWrites(file: string, text = readFileSync(file, 'utf8')): StatusWrite[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: StatusWrite[] = [];
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
            found.push({
              file: path.relative(SERVER, file),
              line: line + 1,
              table: tableOf(node),
              property: name,
            });
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `file:line table.property` for every write its table's store does not make. */
function misplaced(writes: StatusWrite[]): string[] {
  return writes
    .filter((write) => STATUS_OWNERS[write.table ?? '']?.store !== write.file)
    .map((write) => `${write.file}:${write.line} ${write.table ?? '?'}.${write.property}`);
}

describe('status writes', () => {
  it('finds a status written outside its store (the check can fail)', () => {
    const planted = `db.updateTable('leaves').set({ status: 'APPROVED', updated_at: now });`;
    const file = path.join(SERVER, 'lifecycles/leave/leave.handlers.ts');
    expect(misplaced(statusWrites(file, planted))).toEqual([
      'lifecycles/leave/leave.handlers.ts:1 leaves.status',
    ]);
  });

  it('finds an order status written by anything but the order store, even in its folder', () => {
    const planted = [
      `await trx.updateTable('payment_orders').set({ status: 'paid' }).where('id', '=', id).execute();`,
      `await db.insertInto('payment_orders').values({ order_id, status: initial }).execute();`,
    ].join('\n');
    const handlers = path.join(SERVER, 'lifecycles/payment/payment.handlers.ts');
    expect(misplaced(statusWrites(handlers, planted))).toEqual([
      'lifecycles/payment/payment.handlers.ts:1 payment_orders.status',
      'lifecycles/payment/payment.handlers.ts:2 payment_orders.status',
    ]);
    const store = path.join(SERVER, 'lifecycles/payment/order.store.ts');
    expect(misplaced(statusWrites(store, planted))).toEqual([]);
  });

  it('happen only in the store of the table they write', () => {
    const writes = serverFiles()
      .filter((file) => !EXEMPT.some((exempt) => path.relative(SERVER, file).startsWith(exempt)))
      .flatMap((file) => statusWrites(file));
    expect(misplaced(writes)).toEqual([]);
    // Every lifecycle's store does write its status (the table above is not stale).
    const written = new Set(writes.map((write) => write.table));
    expect(Object.keys(STATUS_OWNERS).filter((table) => !written.has(table))).toEqual([]);
  });

  it("are decided: each lifecycle's store asks its machine", () => {
    for (const { store, machine } of Object.values(STATUS_OWNERS)) {
      if (!machine) continue;
      const text = readFileSync(path.join(SERVER, store), 'utf8');
      expect(text, store).toMatch(new RegExp(`decide\\(\\s*${machine}\\b`));
    }
  });
});

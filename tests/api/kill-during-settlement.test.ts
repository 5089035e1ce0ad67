// kill -9 during settlement (issue 21, "Correctness and scale"): the built server, in a process of
// its own on the test's data (SQLite's DATA_DIR, or a PostgreSQL database), gets many concurrent
// counter recordings and walk-in enrolments, each with its own request id, and is SIGKILLed while
// they are in flight. On the data it left behind: every request answered 2xx is stored (its payment
// and that payment's ledger entry), nothing is half-written (every SUCCESS payment has its ledger
// entry and every entry its payment, every charged subscription its charge, every balance row the
// sum of its customer's entries, the receipt counter the number of receipts). Restarted on the same
// data, each request sent again with its request id gives exactly one recording each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '@machines/dues';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer } from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';
import {
  call,
  freePort,
  startServer,
  waitUntilListening,
  type ServerProcess,
} from '../helpers/server-process.js';

/** Subscriptions awaiting payment, each paid at the counter once (part of it, or all of it). */
const RECORDINGS = 24;
/** Walk-ins enrolled at the counter with a part payment, in one transaction each. */
const WALK_INS = 24;
const PRICE = 3000;

/** The request id a payment is stored under: a walk-in's enrolment prefixes its own. */
const storedRequestId = (item: Sent) =>
  item.kind === 'walk-in' ? `walk-in-${item.requestId}` : item.requestId;

interface Sent {
  kind: 'recording' | 'walk-in';
  requestId: string;
  body: Record<string, unknown>;
  /** The answer's status, or null when the process died before answering. */
  status: number | null;
  answer: any;
}

describe.each(testDatabases())('kill -9 during settlement on %s', (dialect) => {
  let t: TestApp;
  let env: Record<string, string>;
  let server: ServerProcess | null = null;
  let owner: string;
  const sent: Sent[] = [];

  beforeAll(async () => {
    // The server process that takes the data over reads the machine's clock.
    t = await createTestApp(dialect, {}, { realClock: true });
    owner = await loginOwner(t);
    const api = commerce(t, () => owner, {
      codePrefix: 'KILL',
      planDefaults: { name: 'Counter plan', base_price: PRICE },
    });
    const plan = await api.plan();
    const pending: number[] = [];
    for (let i = 0; i < RECORDINGS; i += 1) {
      const customer = await registerCustomer(t, { service: 'mess' });
      const answer = await api.subscribe(customer, plan.id);
      expect(answer.status).toBe(201);
      pending.push(answer.body.id as number);
    }
    const tag = String(process.pid % 10_000).padStart(4, '0');
    for (const [i, subscription] of pending.entries()) {
      const requestId = `kill-${tag}-recording-${i}`;
      sent.push({
        kind: 'recording',
        requestId,
        // Half pay all of it, half a part.
        body: {
          subscription,
          amount: i % 2 === 0 ? PRICE : 1000,
          payment_mode: 'cash',
          request_id: requestId,
        },
        status: null,
        answer: null,
      });
    }
    for (let i = 0; i < WALK_INS; i += 1) {
      const requestId = `kill-${tag}-walk-in-${i}`;
      sent.push({
        kind: 'walk-in',
        requestId,
        body: {
          first_name: 'Kill',
          last_name: `Walkin ${i}`,
          phone: `74${tag}${String(i).padStart(4, '0')}`,
          user_type: 'student',
          plan: plan.id,
          amount: 1000,
          payment_mode: 'upi',
          reference: `UPI${tag}${i}`,
          start: 'when_paid',
          request_id: requestId,
        },
        status: null,
        answer: null,
      });
    }
    // The app of the setup lets go of the data (SQLite's file, PostgreSQL's connections); the
    // server process takes it over.
    await t.app.close();
    env = {
      DATA_DIR: t.dataDir,
      DATABASE_URL: t.config.databaseUrl ?? '',
      OWNER_USERNAME: 'owner',
      OWNER_EMAIL: 'owner@example.com',
      OWNER_PHONE: '9000000001',
      OWNER_PASSWORD: 'owner-password-1',
      PUBLIC_URL: 'http://dabba.test',
      LOG_LEVEL: 'warn',
      SCHEDULER: 'off',
    };
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    // The setup's app is closed already; this drops the database and the data directory.
    await t?.close().catch(() => {});
  });

  async function start(): Promise<ServerProcess> {
    const port = await freePort();
    const started = startServer({ env: { ...env, PORT: String(port) } });
    await waitUntilListening(started);
    return started;
  }

  const send = (url: string, item: Sent) =>
    call(
      `${url}${item.kind === 'recording' ? '/api/payments/admin/payments/record_offline/' : '/api/payments/admin/walk-ins/'}`,
      { method: 'POST', token: owner, body: item.body, timeoutMs: 30_000 },
    );

  /** Reads the stored data with an app of the test's own (the server is not running). */
  async function inspect<T>(
    read: (db: Awaited<ReturnType<typeof buildApp>>['ctx']['db']['kysely']) => Promise<T>,
  ) {
    const built = await buildApp({
      config: loadConfig({ ...env, WEB_DIR: `${t.dataDir}/no-web` }),
      logger: false,
    });
    try {
      return await read(built.ctx.db.kysely);
    } finally {
      await built.app.close();
    }
  }

  /** Nothing half-written: the ledger and the payments agree, every balance is its entries' sum. */
  async function expectConsistent() {
    await inspect(async (db) => {
      const payments = await db
        .selectFrom('payments')
        .select(['id', 'user_id', 'subscription_id', 'amount_paise', 'status', 'receipt_number'])
        .execute();
      const entries = await db
        .selectFrom('ledger_entries')
        .select([
          'id',
          'user_id',
          'subscription_id',
          'kind',
          'amount_paise',
          'source_type',
          'source_id',
          'occurred_on',
        ])
        .orderBy('id')
        .execute();
      const success = payments.filter((payment) => payment.status === 'SUCCESS');
      const paymentEntries = entries.filter((entry) => entry.source_type === 'payment');
      // Every SUCCESS payment has exactly its one entry, and every payment entry its payment.
      expect(
        paymentEntries.map((entry) => [entry.source_id, Number(entry.amount_paise)]).sort(),
      ).toEqual(success.map((payment) => [payment.id, -Number(payment.amount_paise)]).sort());
      // Every subscription paid for was charged.
      const charged = new Set(
        entries.filter((entry) => entry.kind === 'charge').map((entry) => entry.subscription_id),
      );
      for (const payment of success) expect(charged.has(payment.subscription_id)).toBe(true);
      // Every walk-in's account has its subscription and its charge.
      const walkIns = await db
        .selectFrom('users')
        .leftJoin('subscriptions', 'subscriptions.user_id', 'users.id')
        .select(['users.id', 'subscriptions.id as subscription_id'])
        .where('users.first_name', '=', 'Kill')
        .execute();
      for (const walkIn of walkIns) {
        expect(walkIn.subscription_id).not.toBeNull();
        expect(charged.has(walkIn.subscription_id)).toBe(true);
      }
      // Each customer's balance row is the sum of their entries (and its due date theirs).
      const balances = await db.selectFrom('ledger_balances').selectAll().execute();
      const byUser = new Map<number, { amountPaise: number; occurredOn: string }[]>();
      for (const entry of entries) {
        const list = byUser.get(entry.user_id) ?? [];
        list.push({ amountPaise: Number(entry.amount_paise), occurredOn: entry.occurred_on });
        byUser.set(entry.user_id, list);
      }
      expect(
        balances
          .filter((row) => byUser.has(row.user_id))
          .map((row) => [row.user_id, Number(row.balance_paise), row.due_since])
          .sort(),
      ).toEqual(
        [...byUser]
          .map(([userId, list]) => {
            const { balancePaise, dueSince } = balanceOf(list);
            return [userId, balancePaise, dueSince];
          })
          .sort(),
      );
      // The receipt counter is the number of receipts: none taken and lost with a rollback.
      const counter = await db
        .selectFrom('counters')
        .select('value')
        .where('name', '=', 'receipt_number')
        .executeTakeFirst();
      const receipts = payments.filter((payment) => payment.receipt_number !== null).length;
      expect(Number(counter?.value ?? 0)).toBe(receipts);
    });
  }

  it('loses nothing acknowledged and writes nothing by half; a retry records each once', async () => {
    server = await start();
    // All at once; the process is killed once a third of them have been answered.
    const killAfter = Math.ceil(sent.length / 3);
    let acknowledged = 0;
    const running = server;
    const killed = new Promise<void>((resolve) => {
      void running.exited.then(() => resolve());
    });
    await Promise.all(
      sent.map(async (item) => {
        try {
          const answer = await send(running.url, item);
          item.status = answer.status;
          item.answer = answer.body;
          if (answer.status >= 200 && answer.status < 300) acknowledged += 1;
          if (acknowledged === killAfter) running.child.kill('SIGKILL');
        } catch {
          // The process died first: no answer.
        }
      }),
    );
    await killed;
    expect(await running.exited).toBe('SIGKILL');
    const answered = sent.filter((item) => item.status !== null);
    const unanswered = sent.filter((item) => item.status === null);
    // Something was in flight when the process died, and something was acknowledged before.
    expect(answered.length).toBeGreaterThanOrEqual(killAfter);
    expect(unanswered.length).toBeGreaterThan(0);
    for (const item of answered) expect(item.status, JSON.stringify(item.answer)).toBe(201);
    console.log(
      `${dialect}: killed with ${answered.length} of ${sent.length} settlements acknowledged, ` +
        `${unanswered.length} unanswered`,
    );

    // Every acknowledged request is stored: its payment, SUCCESS, and that payment's entry.
    const acknowledgedPayments = answered.map((item) => ({
      requestId: storedRequestId(item),
      id: item.answer.payment.id as number,
    }));
    await inspect(async (db) => {
      for (const { requestId, id } of acknowledgedPayments) {
        const payment = await db
          .selectFrom('payments')
          .select(['id', 'status', 'request_id'])
          .where('id', '=', id)
          .executeTakeFirst();
        expect(payment).toEqual({ id, status: 'SUCCESS', request_id: requestId });
        const entry = await db
          .selectFrom('ledger_entries')
          .select('kind')
          .where('source_type', '=', 'payment')
          .where('source_id', '=', id)
          .execute();
        expect(entry).toEqual([{ kind: 'payment' }]);
      }
    });
    await expectConsistent();

    // Restarted on the same data: every request sent again with its request id.
    server = await start();
    const retried = await Promise.all(sent.map((item) => send(server!.url, item)));
    for (const [index, answer] of retried.entries()) {
      const item = sent[index]!;
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      // An acknowledged one answers with the first recording.
      if (item.status !== null) expect(answer.body.payment.id).toBe(item.answer.payment.id);
    }
    // And once more, all of them replayed now.
    const again = await Promise.all(sent.map((item) => send(server!.url, item)));
    expect(again.map((answer) => answer.body.payment?.id)).toEqual(
      retried.map((answer) => answer.body.payment?.id),
    );
    server.child.kill('SIGTERM');
    await server.exited;

    // Exactly one payment per request id, one per subscription paid at the counter, one account
    // per walk-in.
    await inspect(async (db) => {
      const payments = await db
        .selectFrom('payments')
        .select(['request_id', 'subscription_id'])
        .where('request_id', 'like', '%kill-%')
        .where('status', '=', 'SUCCESS')
        .execute();
      expect(payments.map((payment) => payment.request_id).sort()).toEqual(
        sent.map(storedRequestId).sort(),
      );
      const recorded = sent
        .filter((item) => item.kind === 'recording')
        .map((item) => item.body.subscription as number);
      expect(
        payments
          .map((payment) => payment.subscription_id)
          .filter((id) => recorded.includes(id))
          .sort(),
      ).toEqual([...recorded].sort());
      const walkIns = await db
        .selectFrom('users')
        .select('phone')
        .where('first_name', '=', 'Kill')
        .execute();
      expect(walkIns).toHaveLength(WALK_INS);
    });
    await expectConsistent();
    // Two starts of the built server and a few reads of the data: more than the default timeout
    // on a busy machine.
  }, 180_000);
});

// The Ink dashboard with ink-testing-library: keys, the comment box, refusals, and the same work as
// the scripts done interactively against a real server.
import { EventEmitter } from 'node:events';
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { run } from '../../cli/run.js';
import { connect } from '../../cli/services/api.js';
import {
  dashboardModel,
  leaveItem,
  refundItem,
  type ActResult,
  type DashboardData,
} from '../../cli/services/dashboard.js';
import { Dashboard } from '../../cli/ui/Dashboard.js';
import { LiveDashboard } from '../../cli/ui/open-dashboard.js';
import { cancelForRefund, requestLeave, submitFeedback, subscriber } from './fixtures.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

/** A terminal as Ink sees one: a TTY stdin in raw mode and a sized stdout. */
class FakeTerminalIn extends EventEmitter {
  isTTY = true;
  private pending: string | null = null;
  setRawMode() {}
  setEncoding() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read = () => {
    const data = this.pending;
    this.pending = null;
    return data;
  };
  type(data: string) {
    this.pending = data;
    this.emit('readable');
    this.emit('data', data);
  }
}

class FakeTerminalOut extends EventEmitter {
  isTTY = true;
  columns = 100;
  rows = 40;
  text = '';
  write = (chunk: string) => {
    this.text += chunk;
    return true;
  };
}

const ENTER = '\r';
const ESCAPE = '\u001B';
const TAB = '\t';
const DOWN = '\u001B[B';

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(
  check: () => boolean,
  explain: () => string = () => 'timed out waiting for the dashboard',
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(explain());
    await tick(20);
  }
}

interface Screen {
  stdin: { write(data: string): void };
  lastFrame(): string | undefined;
}

/** Presses a key and waits until the screen shows `expected` (and the handlers have settled). */
async function press(screen: Screen, key: string, expected?: string) {
  screen.stdin.write(key);
  if (expected !== undefined) {
    await until(
      () => (screen.lastFrame() ?? '').includes(expected),
      () => `"${expected}" never showed:\n${screen.lastFrame()}`,
    );
  }
  await tick();
}

/** Types text one key at a time, as a person would, waiting for each to show. */
async function type(screen: Screen, text: string) {
  for (let typed = 1; typed <= text.length; typed += 1) {
    // Ink trims trailing spaces from a line, so wait for the text without them.
    await press(screen, text[typed - 1]!, text.slice(0, typed).trimEnd());
  }
}

const leave = (id: number, status: 'PENDING' | 'APPROVED', name: string) =>
  leaveItem({
    id,
    status,
    subscription: {
      id: 1,
      plan_name: 'Mess Monthly',
      plan_name_hi: null,
      subscription_type: 'mess',
    },
    leave_start_date: '2026-11-23',
    leave_end_date: '2026-11-24',
    reason: 'Festival',
    requested_at: '2026-11-22T10:00:00.000Z',
    approved_at: null,
    rejected_at: null,
    admin_comment: null,
    duration_days: 2,
    subscription_user: {
      first_name: name,
      last_name: 'K',
      full_name: `${name} K`,
      username: name.toLowerCase(),
    },
    user: 1,
    user_phone: '+919800000000',
    subscription_plan: 'Mess Monthly',
  });

const approvedRefund = refundItem({
  id: 7,
  amount: 1500,
  status: 'APPROVED',
  requested_at: '2026-11-20T10:00:00.000Z',
  processed_at: '2026-11-21T10:00:00.000Z',
  paid_at: null,
  admin_comment: 'ok',
  utr: null,
  payout: { method: 'upi', upi_id: 'ravi@okaxis' },
  user: { id: 3, username: 'ravi', full_name: 'Ravi S' },
  subscription: {
    id: 4,
    status: 'CANCELLED',
    plan_name: 'Tiffin Lunch',
    refund_info: {
      id: 7,
      amount: 1500,
      status: 'APPROVED',
      status_display: 'Approved',
      requested_at: '2026-11-20T10:00:00.000Z',
      requested_by: 'ravi',
      processed_at: null,
      paid_at: null,
      admin_comment: null,
      utr: null,
      payout: { method: 'upi', upi_id: 'ravi@okaxis' },
    },
  },
  original_payment: { id: 9, transaction_id: 'pay_1' },
});

const data: DashboardData = {
  leaves: [leave(11, 'PENDING', 'Asha'), leave(12, 'PENDING', 'Bina')],
  refunds: [approvedRefund],
  feedback: [],
};

describe('Dashboard (ink-testing-library)', () => {
  it('shows the three queues, and the keys the machines allow for the selected record', () => {
    const { lastFrame, unmount } = render(
      <Dashboard data={data} onAct={vi.fn()} onRefresh={vi.fn()} />,
    );
    const frame = lastFrame() ?? '';
    expect(frame).toContain('Pending leaves (2)');
    expect(frame).toContain('Refunds (1)');
    expect(frame).toContain('Unanswered feedback (0)');
    expect(frame).toContain('› #11 Asha K');
    expect(frame).toContain('a approve');
    expect(frame).toContain('r reject');
    unmount();
  });

  it('approves the selected leave with a typed comment, then refreshes', async () => {
    const onAct = vi.fn(async (): Promise<ActResult> => ({ ok: true, message: 'Leave Approved' }));
    const onRefresh = vi.fn(async () => {});
    const screen = render(<Dashboard data={data} onAct={onAct} onRefresh={onRefresh} />);
    const { lastFrame, unmount } = screen;
    await tick();
    await press(screen, DOWN, '› #12 Bina K');
    await press(screen, 'a', 'Approve #12 · Admin comment:');
    await type(screen, 'Enjoy');
    await press(screen, ENTER);
    await until(() => onRefresh.mock.calls.length > 0);
    expect(onAct.mock.calls).toEqual([['leaves', 12, 'approve', 'Enjoy']]);
    expect(onAct).toHaveBeenCalledWith('leaves', 12, 'approve', 'Enjoy');
    expect(lastFrame()).toContain('✔ Leave Approved');
    unmount();
  });

  it('keeps the comment box open and shows the refusal when an action is refused; Esc cancels', async () => {
    const onAct = vi.fn(async (): Promise<ActResult> => ({
      ok: false,
      message: 'Admin comment is required.',
    }));
    const onRefresh = vi.fn(async () => {});
    const screen = render(<Dashboard data={data} onAct={onAct} onRefresh={onRefresh} />);
    const { lastFrame, unmount } = screen;
    await tick();
    await press(screen, 'r', 'Reject #11 · Admin comment:');
    await press(screen, ENTER, '✘ Admin comment is required.');
    expect(lastFrame()).toContain('Reject #11 · Admin comment:');
    expect(onRefresh).not.toHaveBeenCalled();
    screen.stdin.write(ESCAPE);
    await until(() => !(lastFrame() ?? '').includes('Admin comment:'));
    unmount();
  });

  it('submits a comment typed or pasted together with Enter in one write (issue 12)', async () => {
    const onAct = vi.fn(async (): Promise<ActResult> => ({ ok: true, message: 'Leave Approved' }));
    const onRefresh = vi.fn(async () => {});
    const screen = render(<Dashboard data={data} onAct={onAct} onRefresh={onRefresh} />);
    await tick();
    await press(screen, 'a', 'Approve #11 · Admin comment:');
    // The text and the Enter in one chunk, as a terminal delivers a paste ending in a newline.
    screen.stdin.write('Enjoy the break\r');
    await until(
      () => onAct.mock.calls.length > 0,
      () => `never submitted:\n${screen.lastFrame()}`,
    );
    expect(onAct.mock.calls).toEqual([['leaves', 11, 'approve', 'Enjoy the break']]);
    await until(() => (screen.lastFrame() ?? '').includes('✔ Leave Approved'));
    expect(screen.lastFrame()).not.toContain('Admin comment is required.');
    screen.unmount();
  });

  it('submits the whole comment when text and Enter arrive before a render, and a multi-line paste as one line', async () => {
    const onAct = vi.fn(async (): Promise<ActResult> => ({ ok: true, message: 'Leave Rejected' }));
    const screen = render(
      <Dashboard data={data} onAct={onAct} onRefresh={vi.fn(async () => {})} />,
    );
    await tick();
    await press(screen, 'r', 'Reject #11 · Admin comment:');
    // Two chunks in the same tick: React has not rendered "Exam" when Enter arrives.
    screen.stdin.write('Exam');
    screen.stdin.write(' week');
    screen.stdin.write(ENTER);
    await until(() => onAct.mock.calls.length > 0);
    expect(onAct.mock.calls).toEqual([['leaves', 11, 'reject', 'Exam week']]);
    await until(() => (screen.lastFrame() ?? '').includes('✔ Leave Rejected'));

    await press(screen, DOWN, '› #12 Bina K');
    await press(screen, 'r', 'Reject #12 · Admin comment:');
    screen.stdin.write('Kitchen closed\nfor Holi\r\n');
    await until(() => onAct.mock.calls.length > 1);
    expect(onAct.mock.calls[1]).toEqual(['leaves', 12, 'reject', 'Kitchen closed for Holi']);
    screen.unmount();
  });

  it('edits the comment with Backspace and the arrow keys before Enter', async () => {
    const onAct = vi.fn(async (): Promise<ActResult> => ({ ok: true, message: 'Leave Approved' }));
    const screen = render(
      <Dashboard data={data} onAct={onAct} onRefresh={vi.fn(async () => {})} />,
    );
    await tick();
    await press(screen, 'a', 'Admin comment:');
    await type(screen, 'Enjy');
    await press(screen, '\u001B[D'); // left: the cursor before "y"
    await press(screen, 'o', 'Enjoy');
    await press(screen, '\u001B[C'); // right: the end
    await press(screen, '!', 'Enjoy!');
    await press(screen, '\u007F'); // Backspace
    await press(screen, ENTER);
    await until(() => onAct.mock.calls.length > 0);
    expect(onAct.mock.calls).toEqual([['leaves', 11, 'approve', 'Enjoy']]);
    screen.unmount();
  });

  it('Tab moves to refunds, where an approved refund offers only mark paid', async () => {
    const screen = render(<Dashboard data={data} onAct={vi.fn()} onRefresh={vi.fn()} />);
    const { lastFrame, stdin, unmount } = screen;
    await tick();
    await press(screen, TAB, '› #7 Ravi S');
    const frame = lastFrame() ?? '';
    expect(frame).toContain('› #7 Ravi S: ₹1,500 [Approved]');
    expect(frame).toContain('p mark paid');
    expect(frame).not.toContain('a approve');
    // A key the record does not allow does nothing.
    stdin.write('a');
    await tick();
    expect(lastFrame()).not.toContain('Admin comment:');
    unmount();
  });
});

describe('Dashboard: marking a refund paid', () => {
  const refunds: DashboardData = { leaves: [], refunds: [approvedRefund], feedback: [] };

  it('asks the admin comment, then the optional UTR, and sends both', async () => {
    const onAct = vi.fn(async (): Promise<ActResult> => ({
      ok: true,
      message: 'Refund Marked as Paid',
    }));
    const onRefresh = vi.fn(async () => {});
    const screen = render(<Dashboard data={refunds} onAct={onAct} onRefresh={onRefresh} />);
    await tick();
    await press(screen, TAB, '› #7 Ravi S');
    expect(screen.lastFrame()).toContain('pay to: UPI ravi@okaxis');
    await press(screen, 'p', 'Mark paid #7 · Admin comment:');
    await type(screen, 'Paid by UPI');
    await press(screen, ENTER, 'Mark paid #7 · UTR (optional):');
    expect(onAct).not.toHaveBeenCalled();
    await type(screen, 'UTIB0001234');
    await press(screen, ENTER, '✔ Refund Marked as Paid');
    expect(onAct.mock.calls).toEqual([['refunds', 7, 'mark_paid', 'Paid by UPI', 'UTIB0001234']]);
    expect(onRefresh).toHaveBeenCalled();
    screen.unmount();
  });

  it('Enter on the UTR box skips it; a refused comment never reaches it', async () => {
    const onAct = vi.fn(async (): Promise<ActResult> => ({
      ok: true,
      message: 'Refund Marked as Paid',
    }));
    const onCheck = vi.fn((_section, _id, _action, text: string) =>
      text.trim() ? null : { ok: false, message: 'Admin comment is required.' },
    );
    const screen = render(
      <Dashboard
        data={refunds}
        onAct={onAct}
        onCheck={onCheck}
        onRefresh={vi.fn(async () => {})}
      />,
    );
    await tick();
    await press(screen, TAB, '› #7 Ravi S');
    await press(screen, 'p', 'Admin comment:');
    await press(screen, ENTER, '✘ Admin comment is required.');
    expect(screen.lastFrame()).toContain('Mark paid #7 · Admin comment:');
    expect(screen.lastFrame()).not.toContain('UTR');
    await type(screen, 'Cash at the counter');
    await press(screen, ENTER, 'UTR (optional):');
    expect(screen.lastFrame()).not.toContain('Admin comment is required.');
    await press(screen, ENTER, '✔ Refund Marked as Paid');
    expect(onCheck).toHaveBeenLastCalledWith('refunds', 7, 'mark_paid', 'Cash at the counter');
    expect(onAct.mock.calls).toEqual([['refunds', 7, 'mark_paid', 'Cash at the counter', '']]);
    screen.unmount();
  });

  it('keeps the UTR box open with the refusal when the server refuses the UTR; Esc cancels', async () => {
    const onAct = vi.fn(async (): Promise<ActResult> => ({
      ok: false,
      message: 'utr: UTR may contain only letters and digits',
    }));
    const screen = render(
      <Dashboard data={refunds} onAct={onAct} onRefresh={vi.fn(async () => {})} />,
    );
    await tick();
    await press(screen, TAB, '› #7 Ravi S');
    await press(screen, 'p', 'Admin comment:');
    await type(screen, 'Paid');
    await press(screen, ENTER, 'UTR (optional):');
    await type(screen, 'UTIB-1');
    await press(screen, ENTER, '✘ utr: UTR may contain only letters and digits');
    // The refused UTR stays in the box, to correct.
    expect(screen.lastFrame()).toContain('Mark paid #7 · UTR (optional): UTIB-1');
    await press(screen, '\u001B[D'); // left: the cursor on "1"
    await press(screen, '\u007F', 'UTR (optional): UTIB1'); // Backspace removes the "-"
    await press(screen, ENTER);
    await until(() => onAct.mock.calls.length > 1);
    expect(onAct.mock.calls[1]).toEqual(['refunds', 7, 'mark_paid', 'Paid', 'UTIB1']);
    screen.stdin.write(ESCAPE);
    await until(() => !(screen.lastFrame() ?? '').includes('UTR (optional):'));
    screen.unmount();
  });
});

describe('Dashboard against a real server', () => {
  let server: CliServer;
  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('approves a leave, marks a refund paid and answers feedback from the keyboard', async () => {
    const t = server.t;
    const customer = await subscriber(t, { service: 'tiffin', meals: ['lunch'] });
    const leaveId = await requestLeave(t, customer);
    const refundId = await cancelForRefund(t, await subscriber(t));
    const feedbackId = await submitFeedback(t, customer);
    await t.request('POST', `/api/payments/refunds/${refundId}/approve/`, {
      token: (
        await t.request('POST', '/api/accounts/login/', {
          body: { username: 'owner', password: 'owner-password-1' },
        })
      ).body.access,
      body: { admin_comment: 'ok' },
    });

    const api = await connect({
      ...(await import('../../cli/io.js')).processIo(),
      env: { DABBA_CONFIG_DIR: server.configDir },
    });
    try {
      const model = dashboardModel(api);
      const initial = await model.load();
      expect(initial.leaves.map((item) => item.id)).toEqual([leaveId]);
      const screen = render(<LiveDashboard model={model} initial={initial} />);
      const { lastFrame, unmount } = screen;
      await tick();
      await press(screen, 'a', 'Admin comment:');
      await type(screen, 'Approved');
      await press(screen, ENTER, 'Pending leaves (0)');
      expect(lastFrame()).toContain('✔ Leave Approved');

      await press(screen, TAB, 'p mark paid');
      await press(screen, 'p', 'Admin comment:');
      // Blank: the refund machine refuses it before the UTR is asked.
      await press(screen, ENTER, '✘ Admin comment is required');
      await type(screen, 'Paid by UPI');
      await press(screen, ENTER, 'UTR (optional):');
      await type(screen, 'UTIB0001234');
      await press(screen, ENTER, 'Refunds (0)');
      expect(lastFrame()).toContain('✔ Refund Marked as Paid');

      await press(screen, TAB, 's resolve');
      await press(screen, 's', 'Admin response:');
      await type(screen, 'Sorry, fixed');
      await press(screen, ENTER, 'Unanswered feedback (0)');
      unmount();

      const rows = await Promise.all([
        t.ctx.db.kysely
          .selectFrom('leaves')
          .select('status')
          .where('id', '=', leaveId)
          .executeTakeFirstOrThrow(),
        t.ctx.db.kysely
          .selectFrom('refunds')
          .select(['status', 'admin_comment', 'utr'])
          .where('id', '=', refundId)
          .executeTakeFirstOrThrow(),
        t.ctx.db.kysely
          .selectFrom('feedback')
          .select(['status', 'admin_response'])
          .where('id', '=', feedbackId)
          .executeTakeFirstOrThrow(),
      ]);
      expect(rows).toEqual([
        { status: 'APPROVED' },
        { status: 'PAID', admin_comment: 'Paid by UPI', utr: 'UTIB0001234' },
        { status: 'resolved', admin_response: 'Sorry, fixed' },
      ]);
    } finally {
      api.close();
    }
  });
});

describe('dabba with a terminal', () => {
  let server: CliServer;
  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('opens the dashboard with no command, and q quits with exit 0', async () => {
    await requestLeave(server.t, await subscriber(server.t));
    const stdin = new FakeTerminalIn();
    const stdout = new FakeTerminalOut();
    const stderr = new FakeTerminalOut();
    const exited = run([], {
      stdin: stdin as never,
      stdout,
      stderr,
      isTTY: true,
      env: { DABBA_CONFIG_DIR: server.configDir, CI: '' },
    });
    // Ink listens to stdin once the dashboard is on screen (in CI it prints the frame at the end).
    await until(() => stdin.listenerCount('readable') > 0);
    stdin.type('q');
    expect(await exited).toBe(0);
    expect(stdout.text).toContain('Pending leaves (1)');
    expect(stderr.text).toBe('');
  });

  it('asks before --all-pending, and does nothing unless the answer is yes', async () => {
    const id = await requestLeave(server.t, await subscriber(server.t), 2, 1);
    const no = await dabba(server, ['leaves', 'approve', '--all-pending', '--comment', 'ok'], {
      isTTY: true,
      stdin: 'n\n',
    });
    expect(no.code).toBe(0);
    expect(no.stderr).toMatch(/Approve \d+ leave requests?\? \[y\/N\]/);
    expect(no.stderr).toContain('Nothing was changed.');
    const yes = await dabba(
      server,
      ['leaves', 'approve', '--all-pending', '--comment', 'ok', '--json'],
      {
        isTTY: true,
        stdin: 'y\n',
      },
    );
    expect(yes.code).toBe(0);
    expect(yes.json().map((result: any) => result.id)).toContain(id);
  });
});

// CSV export: the pure rules (columns, merge, meal filters, file name, formula injection) shared by
// the web's export dialog, `dabba export csv` and the kitchen sheet's CSV, and the
// idle → fetching → done | failed lifecycle with a host-provided fetch actor.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  buildExport,
  csvCell,
  DEFAULT_EXPORT_COLUMNS,
  EffectError,
  escapeFormula,
  type ExportData,
  type ExportFetchInput,
  exportFileName,
  exportMachine,
  type ExportMeal,
  type ExportRequest,
  type ExportSubscriberRecord,
  exportSuccessNotice,
  type ExportUserRecord,
  mergeSources,
  OPTIONAL_EXPORT_COLUMNS,
  passesMealFilters,
  selectColumns,
  selectExportPercent,
  sourcesToFetch,
  usesService,
} from '@machines';
import { csvCell as kitchenCsvCell } from '../../server/lifecycles/kitchen/kitchen.handlers.js';

function user(username: string, overrides: Partial<ExportUserRecord> = {}): ExportUserRecord {
  return {
    username,
    full_name: `${username} Kumar`,
    email: `${username}@example.com`,
    phone: '+919876543210',
    user_type: 'student',
    phone_verified: true,
    last_login: null,
    is_tiffin_user: false,
    is_mess_user: true,
    subscription_status: 'No subscription',
    current_plan: null,
    student_profile: {
      institute: 'KIET',
      student_id: 'S1',
      hostel: 'H1',
      year: '2nd',
      course: 'CS',
    },
    regular_profile: null,
    ...overrides,
  };
}

function subscriber(
  username: string,
  serviceType: 'mess' | 'tiffin',
  meals: string[],
  overrides: Partial<ExportSubscriberRecord> = {},
): ExportSubscriberRecord {
  return {
    username,
    full_name: `${username} Kumar`,
    email: `${username}@example.com`,
    phone: '+919876543210',
    user_type: 'regular',
    phone_verified: true,
    last_login: '2026-11-20T10:00:00.000Z',
    is_tiffin_user: serviceType === 'tiffin',
    is_mess_user: serviceType === 'mess',
    profile_info: {
      address: '12 Ring Road',
      landmark: 'Near the temple',
      institute: null,
      student_id: null,
      hostel: null,
      year: null,
      course: null,
    },
    service_type: serviceType,
    plan_name: `${serviceType} plan`,
    included_meals: meals,
    days_remaining: 12,
    total_paid: 1800,
    amount_paid: 1800,
    ...overrides,
  };
}

function request(overrides: Partial<ExportRequest> = {}): ExportRequest {
  return {
    sources: ['users', 'active_subscribers'],
    columns: [...DEFAULT_EXPORT_COLUMNS],
    tiffinMeals: [],
    messMeals: [],
    date: '2026-11-22',
    ...overrides,
  };
}

function rows(csv: string): string[][] {
  // The fixtures hold no quoted commas, so a plain split is enough to read them back.
  return csv
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

describe('export columns', () => {
  it('always includes Username and Full Name, first, whatever is chosen', () => {
    expect(selectColumns([]).map((c) => c.header)).toEqual(['Username', 'Full Name']);
    expect(selectColumns(['email', 'phone']).map((c) => c.header)).toEqual([
      'Username',
      'Full Name',
      'Phone',
      'Email',
    ]);
  });

  it('defaults to phone and subscription status and knows every optional column', () => {
    expect(DEFAULT_EXPORT_COLUMNS).toEqual(['phone', 'subscription_status']);
    expect(selectColumns([...OPTIONAL_EXPORT_COLUMNS]).map((c) => c.header)).toEqual([
      'Username',
      'Full Name',
      'Email',
      'User Type',
      'Address',
      'Landmark',
      'Institute',
      'Student ID',
      'Hostel',
      'Year',
      'Course',
      'Plan Name',
      'Service Type',
      'Days Remaining',
      'Total Paid',
      'Phone Verified',
      'Last Login',
    ]);
  });

  it('ignores unknown column keys', () => {
    expect(selectColumns(['password_hash']).map((c) => c.key)).toEqual(['username', 'full_name']);
  });
});

describe('mergeSources', () => {
  const data: ExportData = {
    users: [user('asha'), user('bala')],
    activeSubscribers: [
      subscriber('bala', 'tiffin', ['lunch']),
      // Started with dues: ₹1,000 of its ₹1,800 paid.
      subscriber('bala', 'mess', ['breakfast', 'lunch', 'dinner'], { amount_paid: 1000 }),
      subscriber('chitra', 'mess', ['lunch']),
    ],
  };

  it('gives one record per username with all of its active subscriptions', () => {
    const merged = mergeSources(data, ['users', 'active_subscribers']);
    expect(merged.map((r) => r.username)).toEqual(['asha', 'bala', 'chitra']);
    expect(merged[1]?.subscriptions.map((s) => s.service_type)).toEqual(['tiffin', 'mess']);
    expect(merged[1]?.user?.username).toBe('bala');
    expect(merged[2]?.user).toBeNull();
  });

  it('reads only the chosen sources', () => {
    expect(mergeSources(data, ['users']).map((r) => r.username)).toEqual(['asha', 'bala']);
    expect(mergeSources(data, ['active_subscribers']).map((r) => r.username)).toEqual([
      'bala',
      'chitra',
    ]);
  });

  it('writes merged values: plan names joined, what was paid summed, profile from either source', () => {
    const result = buildExport(
      data,
      request({ columns: ['plan_name', 'total_paid', 'hostel', 'address', 'subscription_status'] }),
    );
    expect(rows(result.csv)).toEqual([
      [
        'Username',
        'Full Name',
        'Subscription Status',
        'Address',
        'Hostel',
        'Plan Name',
        'Total Paid',
      ],
      ['asha', 'asha Kumar', 'No subscription', '', 'H1', '', ''],
      [
        'bala',
        'bala Kumar',
        'No subscription',
        '12 Ring Road',
        'H1',
        'tiffin plan; mess plan',
        // What was paid (1,800 + 1,000), not the prices (3,600).
        '2800.00',
      ],
      ['chitra', 'chitra Kumar', 'ACTIVE', '12 Ring Road', '', 'mess plan', '1800.00'],
    ]);
    expect(result.recordCount).toBe(3);
  });
});

describe('meal filters', () => {
  const tiffinLunch = mergeSources(
    { users: [], activeSubscribers: [subscriber('t1', 'tiffin', ['lunch'])] },
    ['active_subscribers'],
  )[0]!;
  const tiffinAll = mergeSources(
    {
      users: [],
      activeSubscribers: [subscriber('t2', 'tiffin', ['breakfast', 'lunch', 'dinner'])],
    },
    ['active_subscribers'],
  )[0]!;
  const messLunch = mergeSources(
    { users: [], activeSubscribers: [subscriber('m1', 'mess', ['lunch'])] },
    ['active_subscribers'],
  )[0]!;
  const noPlan = mergeSources({ users: [user('n1')], activeSubscribers: [] }, ['users'])[0]!;
  const tiffinWithoutPlan = mergeSources(
    { users: [user('n2', { is_tiffin_user: true, is_mess_user: false })], activeSubscribers: [] },
    ['users'],
  )[0]!;

  it('keeps a tiffin user only when the plan includes every chosen tiffin meal (AND)', () => {
    expect(passesMealFilters(tiffinLunch, ['lunch'], [])).toBe(true);
    expect(passesMealFilters(tiffinLunch, ['lunch', 'dinner'], [])).toBe(false);
    expect(passesMealFilters(tiffinAll, ['lunch', 'dinner'], [])).toBe(true);
    expect(passesMealFilters(tiffinWithoutPlan, ['lunch'], [])).toBe(false);
  });

  it('keeps only customers of the filtered service: a mess diner never passes a tiffin filter', () => {
    expect(passesMealFilters(messLunch, ['breakfast'], [])).toBe(false);
    expect(passesMealFilters(messLunch, ['lunch'], [])).toBe(false);
    expect(passesMealFilters(tiffinLunch, [], ['dinner'])).toBe(false);
    expect(passesMealFilters(tiffinLunch, [], ['lunch'])).toBe(false);
    expect(passesMealFilters(messLunch, [], ['dinner'])).toBe(false);
    expect(passesMealFilters(messLunch, [], ['lunch'])).toBe(true);
    // Each selection applies to its own customers: tiffin lunch or mess lunch diners both pass.
    expect(passesMealFilters(messLunch, ['lunch'], ['lunch'])).toBe(true);
    expect(passesMealFilters(tiffinLunch, ['lunch'], ['lunch'])).toBe(true);
  });

  it('combines the tiffin and mess selections with AND for a customer holding both', () => {
    const both = mergeSources(
      {
        users: [],
        activeSubscribers: [
          subscriber('b1', 'tiffin', ['lunch']),
          subscriber('b1', 'mess', ['dinner']),
        ],
      },
      ['active_subscribers'],
    )[0]!;
    expect(passesMealFilters(both, ['lunch'], ['dinner'])).toBe(true);
    expect(passesMealFilters(both, ['lunch'], ['breakfast'])).toBe(false);
    expect(passesMealFilters(both, ['dinner'], ['dinner'])).toBe(false);
  });

  it('lets no customer without an active plan through a meal filter, and keeps all without one', () => {
    const neither = mergeSources(
      { users: [user('x', { is_mess_user: false })], activeSubscribers: [] },
      ['users'],
    )[0]!;
    expect(passesMealFilters(neither, ['lunch'], ['lunch'])).toBe(false);
    expect(passesMealFilters(noPlan, ['lunch'], [])).toBe(false);
    expect(passesMealFilters(noPlan, [], ['lunch'])).toBe(false);
    expect(passesMealFilters(noPlan, [], [])).toBe(true);
    expect(passesMealFilters(messLunch, [], [])).toBe(true);
  });

  it('drops filtered customers from the file and the count', () => {
    const result = buildExport(
      {
        users: [],
        activeSubscribers: [
          subscriber('t1', 'tiffin', ['lunch']),
          subscriber('t2', 'tiffin', ['breakfast', 'lunch']),
        ],
      },
      request({ sources: ['active_subscribers'], tiffinMeals: ['breakfast'] }),
    );
    expect(result.recordCount).toBe(1);
    expect(rows(result.csv).map((row) => row[0])).toEqual(['Username', 't2']);
  });
});

describe('csv cells and file name', () => {
  it('neutralises formula starts and quotes separators', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    // A plain number or phone number cannot run as a formula, and owners dial it: left as it is.
    expect(csvCell('+919876543210')).toBe('+919876543210');
    expect(csvCell('+91 98765 43210')).toBe('+91 98765 43210');
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('+91')).toBe('+91');
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('+91 x')).toBe("'+91 x");
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('\r5')).toBe(`"'\r5"`);
    expect(csvCell('\t5')).toBe("'\t5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('plain name')).toBe('plain name');
    expect(csvCell('')).toBe('');
  });

  it('the kitchen sheet CSV escapes by the same rule, always quoted', () => {
    for (const text of ['+919876543210', '-5', '=1+1', '@SUM(A1)', '-2+3', '\tx', 'Asha']) {
      expect(kitchenCsvCell(text)).toBe(`"${escapeFormula(text)}"`);
    }
    expect(kitchenCsvCell('+919876543210')).toBe('"+919876543210"');
    expect(kitchenCsvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(kitchenCsvCell(null)).toBe('""');
    expect(kitchenCsvCell(true)).toBe('"true"');
  });

  it('names the file after the sources and the date', () => {
    expect(exportFileName(['users'], '2026-11-22')).toBe('users_2026-11-22.csv');
    expect(exportFileName(['active_subscribers'], '2026-11-22')).toBe(
      'active_subscribers_2026-11-22.csv',
    );
    expect(exportFileName(['active_subscribers', 'users'], '2026-01-05')).toBe(
      'users_and_active_subscribers_2026-01-05.csv',
    );
  });

  it('writes an injected full name as text in the file', () => {
    const result = buildExport(
      { users: [user('evil', { full_name: '=cmd|/C calc' })], activeSubscribers: [] },
      request({ sources: ['users'], columns: [] }),
    );
    expect(result.csv).toBe("Username,Full Name\r\nevil,'=cmd|/C calc\r\n");
  });

  it('words the success notice', () => {
    expect(exportSuccessNotice(3)).toEqual({
      title: 'CSV Downloaded',
      message: 'Downloaded 3 records.',
    });
  });
});

describe('rules dabba export csv relies on', () => {
  it('merges users and subscribers by username, one row each, sorted by username', () => {
    const records = mergeSources(
      {
        users: [
          user('bina'),
          user('asha', { subscription_status: 'ACTIVE', is_tiffin_user: true }),
        ],
        activeSubscribers: [
          subscriber('asha', 'tiffin', ['lunch']),
          subscriber('asha', 'mess', ['dinner']),
          subscriber('chetan', 'tiffin', ['dinner']),
        ],
      },
      ['users', 'active_subscribers'],
    );
    expect(records.map((record) => record.username)).toEqual(['asha', 'bina', 'chetan']);
    const cell = (index: number, key: string) =>
      selectColumns([key])
        .find((column) => column.key === key)!
        .value(records[index]!);
    // The user row wins for the person, the subscriber rows lend their subscriptions.
    expect(cell(0, 'user_type')).toBe('student');
    expect(records[0]!.subscriptions.map((s) => s.plan_name)).toEqual(['tiffin plan', 'mess plan']);
    expect(cell(2, 'subscription_status')).toBe('ACTIVE');
  });

  it('only the chosen sources add people', () => {
    const data: ExportData = {
      users: [user('bina')],
      activeSubscribers: [subscriber('chetan', 'tiffin', ['lunch'])],
    };
    expect(mergeSources(data, ['users']).map((r) => r.username)).toEqual(['bina']);
    expect(mergeSources(data, ['active_subscribers']).map((r) => r.username)).toEqual(['chetan']);
  });

  it('meal selections combine with AND and apply only to users of their service', () => {
    const records = mergeSources(
      {
        users: [],
        activeSubscribers: [
          subscriber('lunchonly', 'tiffin', ['lunch']),
          subscriber('lunchdinner', 'tiffin', ['lunch', 'dinner']),
          subscriber('messdinner', 'mess', ['dinner']),
          subscriber('messlunch', 'mess', ['lunch']),
        ],
      },
      ['active_subscribers'],
    );
    const names = (tiffinMeals: ExportMeal[], messMeals: ExportMeal[]) =>
      records
        .filter((record) => passesMealFilters(record, tiffinMeals, messMeals))
        .map((record) => record.username);
    // Tiffin lunch AND dinner: only the tiffin user with both; no mess diner comes through.
    expect(names(['lunch', 'dinner'], [])).toEqual(['lunchdinner']);
    // Both selections at once: each applies to its own users.
    expect(names(['lunch'], ['dinner'])).toEqual(['lunchdinner', 'lunchonly', 'messdinner']);
  });

  it('counts the meals of all of a customer’s plans of that service', () => {
    const twoTiffinPlans = mergeSources(
      {
        users: [],
        activeSubscribers: [
          subscriber('t3', 'tiffin', ['lunch']),
          subscriber('t3', 'tiffin', ['dinner']),
        ],
      },
      ['active_subscribers'],
    )[0]!;
    expect(passesMealFilters(twoTiffinPlans, ['lunch', 'dinner'], [])).toBe(true);
    expect(passesMealFilters(twoTiffinPlans, ['breakfast', 'lunch'], [])).toBe(false);
  });

  it('the lunch tiffin list keeps only tiffin users who get lunch, from a Users-only file', () => {
    const data: ExportData = {
      users: [
        user('messperson'),
        user('lunchonly', { is_tiffin_user: true, is_mess_user: false }),
        user('dinneronly', { is_tiffin_user: true, is_mess_user: false }),
      ],
      activeSubscribers: [
        subscriber('lunchonly', 'tiffin', ['lunch']),
        subscriber('dinneronly', 'tiffin', ['dinner']),
      ],
    };
    const lunchTiffin = request({ sources: ['users'], service: 'tiffin', tiffinMeals: ['lunch'] });
    // The plans come from Active subscribers even though only Users were chosen.
    expect(sourcesToFetch(lunchTiffin)).toEqual(['users', 'active_subscribers']);
    const result = buildExport(data, lunchTiffin);
    expect(rows(result.csv).map((row) => row[0])).toEqual(['Username', 'lunchonly']);
    expect(result.recordCount).toBe(1);
    expect(result.fileName).toBe('users_2026-11-22.csv');
  });

  it('fetches only the chosen sources when nothing needs the plans', () => {
    expect(sourcesToFetch(request({ sources: ['users'] }))).toEqual(['users']);
    expect(sourcesToFetch(request({ sources: ['users'], columns: ['plan_name'] }))).toEqual([
      'users',
      'active_subscribers',
    ]);
    expect(sourcesToFetch(request({ sources: ['users'], messMeals: ['dinner'] }))).toEqual([
      'users',
      'active_subscribers',
    ]);
    expect(sourcesToFetch(request({ sources: ['active_subscribers'] }))).toEqual([
      'active_subscribers',
    ]);
  });

  it('the service filter keeps customers by flag or by an active plan of that service', () => {
    const [flagOnly, byPlan, mess] = mergeSources(
      {
        users: [user('a-flag', { is_tiffin_user: true, is_mess_user: false }), user('c-mess')],
        activeSubscribers: [subscriber('b-plan', 'tiffin', ['lunch'], { is_tiffin_user: false })],
      },
      ['users', 'active_subscribers'],
    );
    expect(usesService(flagOnly!, 'tiffin')).toBe(true);
    expect(usesService(byPlan!, 'tiffin')).toBe(true);
    expect(usesService(mess!, 'tiffin')).toBe(false);
    expect(usesService(mess!, 'mess')).toBe(true);
  });

  it('defuses formula injection and quotes per RFC 4180 in the file', () => {
    const result = buildExport(
      {
        users: [user('x', { full_name: '=HYPERLINK("http://evil") Sharma, Jr.' })],
        activeSubscribers: [],
      },
      request({ sources: ['users'], columns: ['phone', 'email'] }),
    );
    expect(result.csv).toBe(
      'Username,Full Name,Phone,Email\r\n' +
        `x,"'=HYPERLINK(""http://evil"") Sharma, Jr.",+919876543210,x@example.com\r\n`,
    );
  });

  it('renders every column', () => {
    const result = buildExport(
      { users: [], activeSubscribers: [subscriber('asha', 'tiffin', ['lunch'])] },
      request({
        sources: ['active_subscribers'],
        columns: [...DEFAULT_EXPORT_COLUMNS, ...OPTIONAL_EXPORT_COLUMNS],
      }),
    );
    const [header, row] = result.csv.trim().split('\r\n');
    expect(header).toBe(
      'Username,Full Name,Phone,Subscription Status,Email,User Type,Address,Landmark,Institute,Student ID,Hostel,Year,Course,Plan Name,Service Type,Days Remaining,Total Paid,Phone Verified,Last Login',
    );
    expect(row).toBe(
      'asha,asha Kumar,+919876543210,ACTIVE,asha@example.com,regular,12 Ring Road,Near the temple,,,,,,tiffin plan,tiffin,12,1800.00,Yes,2026-11-20T10:00:00.000Z',
    );
  });
});

describe('export lifecycle', () => {
  const data: ExportData = {
    users: [user('asha'), user('bala')],
    activeSubscribers: [subscriber('bala', 'mess', ['lunch'])],
  };

  function start(fetch: (input: ExportFetchInput, signal: AbortSignal) => Promise<ExportData>) {
    const delivered: string[] = [];
    const failures: string[] = [];
    const actor = createActor(
      exportMachine.provide({
        actors: {
          fetchRecords: fromPromise<ExportData, ExportFetchInput>(({ input, signal }) =>
            fetch(input, signal),
          ),
        },
        actions: {
          deliver: ({ context }) => delivered.push(context.result?.fileName ?? 'none'),
          reportFailure: ({ context }) => failures.push(context.error?.failure ?? 'none'),
        },
      }),
    ).start();
    return { actor, delivered, failures };
  }

  it('goes idle → fetching (with progress) → done and delivers the built file once', async () => {
    let release: (value: ExportData) => void = () => {};
    const { actor, delivered } = start(
      (input) =>
        new Promise((resolve) => {
          expect(input.sources).toEqual(['users', 'active_subscribers']);
          input.reportProgress({ loaded: 0, total: 4 });
          input.reportProgress({ loaded: 2, total: 4 });
          release = resolve;
        }),
    );
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'export.start', request: request() });
    expect(actor.getSnapshot().value).toBe('fetching');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await Promise.resolve();
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: 2, total: 4 });
    expect(selectExportPercent(actor.getSnapshot())).toBe(50);
    release(data);
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(done.context.result?.recordCount).toBe(2);
    expect(done.context.result?.fileName).toBe('users_and_active_subscribers_2026-11-22.csv');
    expect(delivered).toEqual(['users_and_active_subscribers_2026-11-22.csv']);
    expect(done.hasTag('busy')).toBe(false);
  });

  it('refuses to start without a source', () => {
    const { actor } = start(async () => data);
    actor.send({ type: 'export.start', request: request({ sources: [] }) });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('fails with the failure kind, then retries to done', async () => {
    let calls = 0;
    const { actor, failures, delivered } = start(async () => {
      calls += 1;
      if (calls === 1) throw new EffectError('refused', 'Forbidden');
      return data;
    });
    actor.send({ type: 'export.start', request: request() });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toEqual({ failure: 'refused', message: 'Forbidden' });
    expect(failures).toEqual(['refused']);
    actor.send({ type: 'export.retry' });
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(done.context.error).toBeNull();
    expect(delivered).toHaveLength(1);
  });

  it('cancelling aborts the fetch and returns to idle without delivering', async () => {
    let aborted = false;
    const { actor, delivered } = start(
      (_input, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
    );
    actor.send({ type: 'export.start', request: request() });
    actor.send({ type: 'export.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(aborted).toBe(true);
    await Promise.resolve();
    expect(delivered).toEqual([]);
    expect(actor.getSnapshot().context.request).toBeNull();
  });

  it('resets from done and can export again', async () => {
    const { actor, delivered } = start(async () => data);
    actor.send({ type: 'export.start', request: request({ sources: ['users'] }) });
    await waitFor(actor, (s) => s.matches('done'));
    actor.send({ type: 'export.reset' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'export.start', request: request({ sources: ['active_subscribers'] }) });
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(done.context.result?.recordCount).toBe(1);
    expect(delivered).toEqual(['users_2026-11-22.csv', 'active_subscribers_2026-11-22.csv']);
  });
});

// The pure CSV export rules of spec §5 and §9.
import { describe, expect, it } from 'vitest';
import {
  csvFileName,
  csvHeaders,
  filterRecords,
  matchesMeals,
  mergeSources,
  parseColumns,
  parseMealSelection,
  parseSources,
  safeCell,
  toCsv,
  type SubscriberRow,
  type UserRow,
} from '../../cli/services/csv.js';

function user(username: string, overrides: Partial<UserRow> = {}): UserRow {
  return {
    username,
    first_name: username.toUpperCase(),
    last_name: 'Kumar',
    email: `${username}@example.com`,
    phone: '+919800000000',
    user_type: 'student',
    phone_verified: true,
    last_login: null,
    is_tiffin_user: false,
    is_mess_user: true,
    subscription_status: 'No subscription',
    student_profile: {
      institute: 'KIET',
      student_id: 'S1',
      hostel: 'H1',
      year: '2nd',
      course: 'B.Tech',
    },
    regular_profile: null,
    ...overrides,
  };
}

function sub(
  username: string,
  service: 'mess' | 'tiffin',
  meals: string[],
  overrides: Partial<SubscriberRow> = {},
): SubscriberRow {
  return {
    username,
    first_name: username.toUpperCase(),
    last_name: 'Kumar',
    email: `${username}@example.com`,
    phone: '+919800000001',
    user_type: 'regular',
    phone_verified: false,
    last_login: '2026-11-20T10:00:00.000Z',
    is_tiffin_user: service === 'tiffin',
    is_mess_user: service === 'mess',
    profile_info: {
      address: '12 Station Road',
      landmark: 'Temple',
      institute: null,
      student_id: null,
      hostel: null,
      year: null,
      course: null,
    },
    service_type: service,
    plan_name: `${service} plan`,
    included_meals: meals,
    days_remaining: 12,
    total_paid: 1800,
    status: 'ACTIVE',
    ...overrides,
  };
}

describe('CSV export rules', () => {
  it('always starts with Username and Full Name, then phone and subscription status by default', () => {
    expect(csvHeaders(parseColumns(undefined))).toEqual([
      'Username',
      'Full Name',
      'Phone',
      'Subscription Status',
    ]);
    expect(csvHeaders(parseColumns(['email,username,plan name']))).toEqual([
      'Username',
      'Full Name',
      'Email',
      'Plan Name',
    ]);
    expect(parseColumns(['all'])).toHaveLength(17);
    expect(() => parseColumns(['password'])).toThrow(/not a column/);
  });

  it('merges users and subscribers by username, one row each', () => {
    const records = mergeSources({
      sources: ['users', 'subscribers'],
      users: [user('bina'), user('asha', { subscription_status: 'ACTIVE', is_tiffin_user: true })],
      subscribers: [
        sub('asha', 'tiffin', ['lunch']),
        sub('asha', 'mess', ['dinner']),
        sub('chetan', 'tiffin', ['dinner']),
      ],
    });
    expect(records.map((record) => record.username)).toEqual(['asha', 'bina', 'chetan']);
    const asha = records[0]!;
    // The user row wins for the person, the subscriber rows lend their subscriptions.
    expect(asha.userType).toBe('student');
    expect(asha.subscriptions.map((subscription) => subscription.planName)).toEqual([
      'tiffin plan',
      'mess plan',
    ]);
    expect(records[2]!.subscriptionStatus).toBe('ACTIVE');
  });

  it('only the chosen sources add people', () => {
    const input = { users: [user('bina')], subscribers: [sub('chetan', 'tiffin', ['lunch'])] };
    expect(mergeSources({ sources: ['users'], ...input }).map((r) => r.username)).toEqual(['bina']);
    expect(mergeSources({ sources: ['subscribers'], ...input }).map((r) => r.username)).toEqual([
      'chetan',
    ]);
  });

  it('meal selections combine with AND and apply only to users of their service', () => {
    const records = mergeSources({
      sources: ['subscribers'],
      subscribers: [
        sub('lunchonly', 'tiffin', ['lunch']),
        sub('lunchdinner', 'tiffin', ['lunch', 'dinner']),
        sub('messdinner', 'mess', ['dinner']),
        sub('messlunch', 'mess', ['lunch']),
      ],
    });
    const names = (selection: ReturnType<typeof parseMealSelection>) =>
      records.filter((record) => matchesMeals(record, selection)).map((record) => record.username);
    // Tiffin lunch AND dinner: only the tiffin user with both; mess users are not touched by it.
    expect(names(parseMealSelection(['tiffin:lunch,tiffin:dinner']))).toEqual([
      'lunchdinner',
      'messdinner',
      'messlunch',
    ]);
    // Both selections at once: each applies to its own users.
    expect(names(parseMealSelection(['tiffin:lunch', 'mess:dinner']))).toEqual([
      'lunchdinner',
      'lunchonly',
      'messdinner',
    ]);
    // A bare meal applies to the chosen service only.
    expect(parseMealSelection(['lunch'], 'tiffin')).toEqual({ tiffin: ['lunch'], mess: [] });
    expect(parseMealSelection(['dinner'])).toEqual({ tiffin: ['dinner'], mess: ['dinner'] });
    expect(() => parseMealSelection(['supper'])).toThrow(/not a meal/);
    expect(() => parseMealSelection(['canteen:lunch'])).toThrow(/tiffin or mess/);
  });

  it('the lunch tiffin list keeps only tiffin users who get lunch', () => {
    const records = mergeSources({
      sources: ['users', 'subscribers'],
      users: [user('messperson')],
      subscribers: [sub('lunchonly', 'tiffin', ['lunch']), sub('dinneronly', 'tiffin', ['dinner'])],
    });
    const kept = filterRecords(records, {
      service: 'tiffin',
      meals: parseMealSelection(['lunch'], 'tiffin'),
    });
    expect(kept.map((record) => record.username)).toEqual(['lunchonly']);
  });

  it('names the file from the sources and the date', () => {
    expect(csvFileName(parseSources(['subscribers,users']), new Date(2026, 10, 2, 23, 0))).toBe(
      'users_subscribers_2026-11-02.csv',
    );
    expect(csvFileName(['users'], new Date(2026, 0, 15))).toBe('users_2026-01-15.csv');
    expect(() => parseSources(['orders'])).toThrow(/not a source/);
  });

  it('defuses formula injection and quotes per RFC 4180', () => {
    for (const dangerous of ['=1+1', '+91', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(safeCell(dangerous)).toBe(`'${dangerous}`);
    }
    expect(safeCell('Asha')).toBe('Asha');
    const records = mergeSources({
      sources: ['users'],
      users: [user('x', { first_name: '=HYPERLINK("http://evil")', last_name: 'Sharma, Jr.' })],
    });
    const text = toCsv(records, ['phone', 'email']);
    expect(text).toBe(
      'Username,Full Name,Phone,Email\r\n' +
        `x,"'=HYPERLINK(""http://evil"") Sharma, Jr.",'+919800000000,x@example.com\r\n`,
    );
  });

  it('renders every optional column', () => {
    const records = mergeSources({
      sources: ['subscribers'],
      subscribers: [sub('asha', 'tiffin', ['lunch'])],
    });
    const text = toCsv(records, parseColumns(['all']));
    const [header, row] = text.trim().split('\r\n');
    expect(header).toBe(
      'Username,Full Name,Phone,Subscription Status,Email,User Type,Address,Landmark,Institute,Student ID,Hostel,Year,Course,Plan Name,Service Type,Days Remaining,Total Paid,Phone Verified,Last Login',
    );
    expect(row).toBe(
      "asha,ASHA Kumar,'+919800000001,ACTIVE,asha@example.com,regular,12 Station Road,Temple,,,,,,tiffin plan,tiffin,12,1800.00,No,2026-11-20T10:00:00.000Z",
    );
  });
});

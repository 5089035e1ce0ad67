// Pure CSV export rules (spec §5 "CSV export", §9): columns, merging the two sources by username,
// the tiffin/mess meal filters, the file name, and cells safe against formula injection.
import type {
  ExportData,
  ExportMeal,
  ExportRequest,
  ExportResult,
  ExportSource,
  ExportSubscriberRecord,
  ExportUserRecord,
} from './export.context';
import { EXPORT_SOURCES } from './export.context';

/** One customer in the file: the Users row and/or their ACTIVE subscriptions, merged by username. */
export interface MergedExportRecord {
  readonly username: string;
  readonly user: ExportUserRecord | null;
  readonly subscriptions: readonly ExportSubscriberRecord[];
}

export interface ExportColumn {
  readonly key: string;
  readonly header: string;
  readonly value: (record: MergedExportRecord) => string;
}

function fromEither<K extends keyof ExportUserRecord & keyof ExportSubscriberRecord>(
  record: MergedExportRecord,
  key: K,
): ExportUserRecord[K] | undefined {
  if (record.user) return record.user[key];
  return record.subscriptions[0]?.[key] as ExportUserRecord[K] | undefined;
}

/** A profile field from the user's own profile, else from a subscriber row's profile_info. */
function profileField(
  record: MergedExportRecord,
  key: 'institute' | 'student_id' | 'hostel' | 'year' | 'course' | 'address' | 'landmark',
): string {
  const user = record.user;
  if (user) {
    const student = user.student_profile as Record<string, string | null | undefined> | null;
    const regular = user.regular_profile as Record<string, string | null | undefined> | null;
    const value = student?.[key] ?? regular?.[key];
    if (value) return value;
  }
  for (const subscription of record.subscriptions) {
    const value = subscription.profile_info[key];
    if (value) return value;
  }
  return '';
}

/** Per-subscription values joined with '; ' (a customer may hold a mess and a tiffin plan). */
function eachSubscription(
  record: MergedExportRecord,
  pick: (subscription: ExportSubscriberRecord) => string,
): string {
  return record.subscriptions.map(pick).join('; ');
}

function yesNo(value: boolean | undefined): string {
  if (value === undefined) return '';
  return value ? 'Yes' : 'No';
}

function subscriptionStatus(record: MergedExportRecord): string {
  if (record.user) return record.user.subscription_status;
  return record.subscriptions.length > 0 ? 'ACTIVE' : 'No subscription';
}

function planName(record: MergedExportRecord): string {
  if (record.subscriptions.length > 0) return eachSubscription(record, (s) => s.plan_name);
  return record.user?.current_plan ?? '';
}

function rupeesText(amountRupees: number): string {
  return Number.isInteger(amountRupees) ? String(amountRupees) : amountRupees.toFixed(2);
}

/** Every column the export knows, in file order. */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { key: 'username', header: 'Username', value: (r) => r.username },
  { key: 'full_name', header: 'Full Name', value: (r) => fromEither(r, 'full_name') ?? '' },
  { key: 'phone', header: 'Phone', value: (r) => fromEither(r, 'phone') ?? '' },
  { key: 'subscription_status', header: 'Subscription Status', value: subscriptionStatus },
  { key: 'email', header: 'Email', value: (r) => fromEither(r, 'email') ?? '' },
  { key: 'user_type', header: 'User Type', value: (r) => fromEither(r, 'user_type') ?? '' },
  { key: 'address', header: 'Address', value: (r) => profileField(r, 'address') },
  { key: 'landmark', header: 'Landmark', value: (r) => profileField(r, 'landmark') },
  { key: 'institute', header: 'Institute', value: (r) => profileField(r, 'institute') },
  { key: 'student_id', header: 'Student ID', value: (r) => profileField(r, 'student_id') },
  { key: 'hostel', header: 'Hostel', value: (r) => profileField(r, 'hostel') },
  { key: 'year', header: 'Year', value: (r) => profileField(r, 'year') },
  { key: 'course', header: 'Course', value: (r) => profileField(r, 'course') },
  { key: 'plan_name', header: 'Plan Name', value: planName },
  {
    key: 'service_type',
    header: 'Service Type',
    value: (r) => eachSubscription(r, (s) => s.service_type),
  },
  {
    key: 'days_remaining',
    header: 'Days Remaining',
    value: (r) => eachSubscription(r, (s) => String(s.days_remaining)),
  },
  {
    key: 'total_paid',
    header: 'Total Paid',
    value: (r) =>
      r.subscriptions.length === 0
        ? ''
        : rupeesText(r.subscriptions.reduce((sum, s) => sum + s.total_paid, 0)),
  },
  {
    key: 'phone_verified',
    header: 'Phone Verified',
    value: (r) => yesNo(fromEither(r, 'phone_verified')),
  },
  { key: 'last_login', header: 'Last Login', value: (r) => fromEither(r, 'last_login') ?? '' },
];

/** Always in the file, whatever the owner picks. */
export const ALWAYS_INCLUDED_COLUMNS = ['username', 'full_name'] as const;
/** Ticked when the dialog opens. */
export const DEFAULT_EXPORT_COLUMNS = ['phone', 'subscription_status'] as const;
/** The optional columns of spec §9, in display order. */
export const OPTIONAL_EXPORT_COLUMNS = [
  'email',
  'user_type',
  'address',
  'landmark',
  'institute',
  'student_id',
  'hostel',
  'year',
  'course',
  'plan_name',
  'service_type',
  'days_remaining',
  'total_paid',
  'phone_verified',
  'last_login',
] as const;

export const EXPORT_SOURCE_LABELS: Readonly<Record<ExportSource, string>> = {
  users: 'Users',
  active_subscribers: 'Active subscribers',
};

export function columnHeader(key: string): string {
  return EXPORT_COLUMNS.find((column) => column.key === key)?.header ?? key;
}

/** The columns of the file in a fixed order: Username, Full Name, then the chosen known columns. */
export function selectColumns(chosen: readonly string[]): readonly ExportColumn[] {
  const wanted = new Set<string>([...ALWAYS_INCLUDED_COLUMNS, ...chosen]);
  return EXPORT_COLUMNS.filter((column) => wanted.has(column.key));
}

/**
 * One record per username, in first-seen order (Users first). A username only in Active
 * subscribers still gets a record; all of a customer's ACTIVE subscriptions are kept together.
 */
export function mergeSources(
  data: ExportData,
  sources: readonly ExportSource[],
): MergedExportRecord[] {
  const byUsername = new Map<
    string,
    { user: ExportUserRecord | null; subscriptions: ExportSubscriberRecord[] }
  >();
  const useUsers = sources.includes('users');
  const useSubscribers = sources.includes('active_subscribers');
  if (useUsers) {
    for (const user of data.users) {
      const existing = byUsername.get(user.username);
      if (existing) existing.user ??= user;
      else byUsername.set(user.username, { user, subscriptions: [] });
    }
  }
  if (useSubscribers) {
    for (const subscriber of data.activeSubscribers) {
      const existing = byUsername.get(subscriber.username);
      if (existing) existing.subscriptions.push(subscriber);
      else byUsername.set(subscriber.username, { user: null, subscriptions: [subscriber] });
    }
  }
  return [...byUsername.entries()].map(([username, entry]) => ({
    username,
    user: entry.user,
    subscriptions: entry.subscriptions,
  }));
}

function isServiceUser(record: MergedExportRecord, service: 'mess' | 'tiffin'): boolean {
  if (record.subscriptions.some((s) => s.service_type === service)) return true;
  const flags = record.user ?? record.subscriptions[0];
  if (!flags) return false;
  return service === 'tiffin' ? flags.is_tiffin_user : flags.is_mess_user;
}

function takesAllMeals(
  record: MergedExportRecord,
  service: 'mess' | 'tiffin',
  meals: readonly ExportMeal[],
): boolean {
  return record.subscriptions.some(
    (s) => s.service_type === service && meals.every((meal) => s.included_meals.includes(meal)),
  );
}

/**
 * Spec §5: tiffin and mess meal selections combine with AND, and each applies only to its own
 * users. A tiffin user stays when some ACTIVE tiffin plan of theirs includes every chosen tiffin
 * meal; likewise for mess. A customer who is neither is never removed by a meal filter.
 */
export function passesMealFilters(
  record: MergedExportRecord,
  tiffinMeals: readonly ExportMeal[],
  messMeals: readonly ExportMeal[],
): boolean {
  if (tiffinMeals.length > 0 && isServiceUser(record, 'tiffin')) {
    if (!takesAllMeals(record, 'tiffin', tiffinMeals)) return false;
  }
  if (messMeals.length > 0 && isServiceUser(record, 'mess')) {
    if (!takesAllMeals(record, 'mess', messMeals)) return false;
  }
  return true;
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a leading formula character gets a ' in front so spreadsheets show it as text,
 * then the cell is quoted when it holds a comma, quote or line break (RFC 4180).
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',');
}

/** 'users_2026-11-22.csv', 'active_subscribers_2026-11-22.csv', 'users_and_active_subscribers_2026-11-22.csv'. */
export function exportFileName(sources: readonly ExportSource[], date: string): string {
  const ordered = EXPORT_SOURCES.filter((source) => sources.includes(source));
  return `${ordered.join('_and_') || 'export'}_${date}.csv`;
}

/** Whether the request can run: at least one source. */
export function hasExportSource(request: Pick<ExportRequest, 'sources'>): boolean {
  return request.sources.some((source) => (EXPORT_SOURCES as readonly string[]).includes(source));
}

/** The whole file: header row, then one row per merged customer who passes the meal filters. */
export function buildExport(data: ExportData, request: ExportRequest): ExportResult {
  const columns = selectColumns(request.columns);
  const records = mergeSources(data, request.sources).filter((record) =>
    passesMealFilters(record, request.tiffinMeals, request.messMeals),
  );
  const lines = [
    csvLine(columns.map((column) => column.header)),
    ...records.map((record) => csvLine(columns.map((column) => column.value(record)))),
  ];
  return {
    fileName: exportFileName(request.sources, request.date),
    // CRLF per RFC 4180; spreadsheets open it either way.
    csv: `${lines.join('\r\n')}\r\n`,
    recordCount: records.length,
  };
}

/** The §8 success notice, as title and message. */
export function exportSuccessNotice(recordCount: number): { title: string; message: string } {
  return { title: 'CSV Downloaded', message: `Downloaded ${recordCount} records.` };
}

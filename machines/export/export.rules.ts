// Pure CSV export rules (docs/web.md: CSV export): columns, merging the two
// sources by username, the tiffin/mess meal filters, the file name, and cells safe against formula
// injection. The one home of these rules: the web's export dialog, `dabba export csv` and the
// server's kitchen-sheet CSV all use them. No xstate here, so the CLI's help path stays light.
import { labelsOf } from '../shared/labels';
import {
  EXPORT_SOURCES,
  type ExportData,
  type ExportMeal,
  type ExportRequest,
  type ExportResult,
  type ExportService,
  type ExportSource,
  type ExportSubscriberRecord,
  type ExportUserRecord,
} from './export.types';

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

/** Always two decimals, so a money column reads the same on every row. */
function rupeesText(amountRupees: number): string {
  return amountRupees.toFixed(2);
}

/** Every column the export knows, in file order (whatever order the owner chose them in). */
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
    // What the customer actually paid for their active plans (a part-paid plan's part), not
    // their prices: the column says Total Paid, so it is what was paid.
    key: 'total_paid',
    header: 'Total Paid',
    value: (r) =>
      r.subscriptions.length === 0
        ? ''
        : rupeesText(r.subscriptions.reduce((sum, s) => sum + s.amount_paid, 0)),
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
/** The optional columns, in display order. */
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

export const EXPORT_SOURCE_LABELS = labelsOf(EXPORT_SOURCES);

export function columnHeader(key: string): string {
  return EXPORT_COLUMNS.find((column) => column.key === key)?.header ?? key;
}

/** The columns of the file in a fixed order: Username, Full Name, then the chosen known columns. */
export function selectColumns(chosen: readonly string[]): readonly ExportColumn[] {
  const wanted = new Set<string>([...ALWAYS_INCLUDED_COLUMNS, ...chosen]);
  return EXPORT_COLUMNS.filter((column) => wanted.has(column.key));
}

/** Columns whose values come from the Active subscribers rows (a customer's plans). */
const SUBSCRIPTION_COLUMNS: readonly string[] = [
  'plan_name',
  'service_type',
  'days_remaining',
  'total_paid',
];

/**
 * What the host must load for a request: the chosen sources, plus Active subscribers whenever a
 * service or meal filter or a plan column needs the customers' plans (even for a Users-only file).
 */
export function sourcesToFetch(request: ExportRequest): ExportSource[] {
  const needsPlans =
    request.service !== undefined ||
    request.tiffinMeals.length > 0 ||
    request.messMeals.length > 0 ||
    request.columns.some((column) => SUBSCRIPTION_COLUMNS.includes(column));
  return EXPORT_SOURCES.filter(
    (source) => request.sources.includes(source) || (source === 'active_subscribers' && needsPlans),
  );
}

/**
 * One record per username, sorted by username. The chosen sources decide who is in the file; a
 * customer's ACTIVE subscriptions are always attached when loaded, so plans, meals and the
 * service filter work for a Users-only file too.
 */
export function mergeSources(
  data: ExportData,
  sources: readonly ExportSource[],
): MergedExportRecord[] {
  const subscriptionsOf = new Map<string, ExportSubscriberRecord[]>();
  for (const subscriber of data.activeSubscribers) {
    const list = subscriptionsOf.get(subscriber.username);
    if (list) list.push(subscriber);
    else subscriptionsOf.set(subscriber.username, [subscriber]);
  }
  const byUsername = new Map<string, MergedExportRecord>();
  if (sources.includes('users')) {
    for (const user of data.users) {
      if (byUsername.has(user.username)) continue;
      const subscriptions = subscriptionsOf.get(user.username) ?? [];
      byUsername.set(user.username, { username: user.username, user, subscriptions });
    }
  }
  if (sources.includes('active_subscribers')) {
    for (const [username, subscriptions] of subscriptionsOf) {
      if (!byUsername.has(username))
        byUsername.set(username, { username, user: null, subscriptions });
    }
  }
  return [...byUsername.values()].sort((a, b) => a.username.localeCompare(b.username));
}

/** A tiffin (or mess) customer: by the profile flag, or by an ACTIVE subscription of that service. */
export function usesService(record: MergedExportRecord, service: ExportService): boolean {
  if (record.subscriptions.some((s) => s.service_type === service)) return true;
  const flags = record.user ?? record.subscriptions[0];
  if (!flags) return false;
  return service === 'tiffin' ? flags.is_tiffin_user : flags.is_mess_user;
}

/** Every chosen meal is in some ACTIVE plan of that service (two tiffin plans may add up). */
function takesAllMeals(
  record: MergedExportRecord,
  service: ExportService,
  meals: readonly ExportMeal[],
): boolean {
  const taken = new Set(
    record.subscriptions.filter((s) => s.service_type === service).flatMap((s) => s.included_meals),
  );
  return meals.every((meal) => taken.has(meal));
}

/**
 * Tiffin and mess meal selections combine with AND, and each applies only to its own users: a
 * tiffin selection keeps the customers whose ACTIVE tiffin plans include every chosen tiffin meal,
 * a mess selection likewise for mess. With any meal chosen, a customer must hold an ACTIVE plan of
 * a service that has a selection: a mess diner never passes a tiffin filter, and a customer
 * without a plan never passes one. A customer with plans of both services must pass both.
 */
export function passesMealFilters(
  record: MergedExportRecord,
  tiffinMeals: readonly ExportMeal[],
  messMeals: readonly ExportMeal[],
): boolean {
  const selections = (
    [
      ['tiffin', tiffinMeals],
      ['mess', messMeals],
    ] as const
  ).filter(([, meals]) => meals.length > 0);
  if (selections.length === 0) return true;
  const own = selections.filter(([service]) =>
    record.subscriptions.some((subscription) => subscription.service_type === service),
  );
  return own.length > 0 && own.every(([service, meals]) => takesAllMeals(record, service, meals));
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number or phone number ("+919876543210", "-5", "+91 98765 43210"): never a formula. */
const PLAIN_NUMBER = /^[+-]?\d[\d ]*$/;

/**
 * Puts a ' in front of text a spreadsheet would run as a formula (starting with = + - @ tab or
 * CR), except plain numbers and phone numbers, which cannot run and which owners dial as they are.
 */
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * One CSV cell: formula-escaped, then quoted when it holds a comma, quote or line break (RFC 4180).
 */
export function csvCell(value: string): string {
  const safe = escapeFormula(value);
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

/**
 * The whole file: header row, then one row per merged customer of the chosen service (if any)
 * who passes the meal filters.
 */
export function buildExport(data: ExportData, request: ExportRequest): ExportResult {
  const columns = selectColumns(request.columns);
  const { service } = request;
  const records = mergeSources(data, request.sources).filter(
    (record) =>
      (service === undefined || usesService(record, service)) &&
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

/** The success notice, as title and message. */
export function exportSuccessNotice(recordCount: number): { title: string; message: string } {
  const records = recordCount === 1 ? 'record' : 'records';
  return { title: 'CSV Downloaded', message: `Downloaded ${recordCount} ${records}.` };
}

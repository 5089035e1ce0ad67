// The CSV export rules (spec §5 and §9), pure so the web export can share them: sources merged by
// username, Username and Full Name always first, meal selections per service combined with AND,
// the file name from the sources and the date, and cells safe against formula injection.

export const CSV_SOURCES = ['users', 'subscribers'] as const;
export type CsvSource = (typeof CSV_SOURCES)[number];

export const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
export type Meal = (typeof MEALS)[number];
export type Service = 'mess' | 'tiffin';

/** Every column a person may choose, with its header, in the export dialog's order. */
export const CSV_COLUMNS = {
  phone: 'Phone',
  subscription_status: 'Subscription Status',
  email: 'Email',
  user_type: 'User Type',
  address: 'Address',
  landmark: 'Landmark',
  institute: 'Institute',
  student_id: 'Student ID',
  hostel: 'Hostel',
  year: 'Year',
  course: 'Course',
  plan_name: 'Plan Name',
  service_type: 'Service Type',
  days_remaining: 'Days Remaining',
  total_paid: 'Total Paid',
  phone_verified: 'Phone Verified',
  last_login: 'Last Login',
} as const;
export type CsvColumn = keyof typeof CSV_COLUMNS;
export const CSV_COLUMN_KEYS = Object.keys(CSV_COLUMNS) as CsvColumn[];
/** Spec §9: the columns chosen when the person chooses none. */
export const DEFAULT_CSV_COLUMNS: readonly CsvColumn[] = ['phone', 'subscription_status'];
/** Spec §5: always present, always first. */
export const ALWAYS_HEADERS = ['Username', 'Full Name'] as const;

interface Profile {
  address?: string | null;
  landmark?: string | null;
  institute?: string | null;
  student_id?: string | null;
  hostel?: string | null;
  year?: string | null;
  course?: string | null;
}

/** The fields of the owner's user list the export reads (a subset of AdminUser). */
export interface UserRow {
  username: string;
  full_name?: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  user_type: string;
  phone_verified: boolean;
  last_login: string | null;
  is_tiffin_user: boolean;
  is_mess_user: boolean;
  subscription_status: string;
  student_profile?: Profile | null;
  regular_profile?: Profile | null;
}

/** The fields of an active-subscriber row the export reads (a subset of ActiveSubscriber). */
export interface SubscriberRow {
  username: string;
  full_name?: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  user_type: string;
  phone_verified: boolean;
  last_login: string | null;
  is_tiffin_user: boolean;
  is_mess_user: boolean;
  profile_info: Profile;
  service_type: Service;
  plan_name: string;
  included_meals: readonly string[];
  days_remaining: number;
  total_paid: number;
  status: string;
}

export interface ExportSubscription {
  readonly planName: string;
  readonly serviceType: Service;
  readonly meals: readonly string[];
  readonly daysRemaining: number;
  readonly totalPaid: number;
}

export interface ExportRecord {
  readonly username: string;
  readonly fullName: string;
  readonly email: string;
  readonly phone: string;
  readonly userType: string;
  readonly subscriptionStatus: string;
  readonly isTiffinUser: boolean;
  readonly isMessUser: boolean;
  readonly phoneVerified: boolean;
  readonly lastLogin: string | null;
  readonly profile: Profile;
  /** The ACTIVE subscriptions, from the subscribers source. */
  readonly subscriptions: readonly ExportSubscription[];
}

function fullName(row: { full_name?: string; first_name: string; last_name: string }): string {
  return row.full_name?.trim() || `${row.first_name} ${row.last_name}`.trim();
}

function userProfile(user: UserRow): Profile {
  return { ...(user.regular_profile ?? {}), ...(user.student_profile ?? {}) };
}

/**
 * Merges the chosen sources by username (spec §5). Subscriber rows always lend their subscriptions
 * (meals, plan, days) to the record; they add people only when 'subscribers' is a chosen source.
 */
export function mergeSources(input: {
  sources: readonly CsvSource[];
  users?: readonly UserRow[];
  subscribers?: readonly SubscriberRow[];
}): ExportRecord[] {
  const byUsername = new Map<string, ExportRecord>();
  const subscriptions = new Map<string, ExportSubscription[]>();
  for (const row of input.subscribers ?? []) {
    const list = subscriptions.get(row.username) ?? [];
    list.push({
      planName: row.plan_name,
      serviceType: row.service_type,
      meals: row.included_meals,
      daysRemaining: row.days_remaining,
      totalPaid: row.total_paid,
    });
    subscriptions.set(row.username, list);
  }
  if (input.sources.includes('users')) {
    for (const user of input.users ?? []) {
      byUsername.set(user.username, {
        username: user.username,
        fullName: fullName(user),
        email: user.email,
        phone: user.phone,
        userType: user.user_type,
        subscriptionStatus: user.subscription_status,
        isTiffinUser: user.is_tiffin_user,
        isMessUser: user.is_mess_user,
        phoneVerified: user.phone_verified,
        lastLogin: user.last_login,
        profile: userProfile(user),
        subscriptions: subscriptions.get(user.username) ?? [],
      });
    }
  }
  if (input.sources.includes('subscribers')) {
    for (const row of input.subscribers ?? []) {
      if (byUsername.has(row.username)) continue;
      byUsername.set(row.username, {
        username: row.username,
        fullName: fullName(row),
        email: row.email,
        phone: row.phone,
        userType: row.user_type,
        subscriptionStatus: row.status,
        isTiffinUser: row.is_tiffin_user,
        isMessUser: row.is_mess_user,
        phoneVerified: row.phone_verified,
        lastLogin: row.last_login,
        profile: row.profile_info,
        subscriptions: subscriptions.get(row.username) ?? [],
      });
    }
  }
  return [...byUsername.values()].sort((a, b) => a.username.localeCompare(b.username));
}

export interface MealSelection {
  readonly tiffin: readonly Meal[];
  readonly mess: readonly Meal[];
}

export const NO_MEALS: MealSelection = { tiffin: [], mess: [] };

function mealsOf(record: ExportRecord, service: Service): Set<string> {
  return new Set(
    record.subscriptions
      .filter((subscription) => subscription.serviceType === service)
      .flatMap((subscription) => subscription.meals),
  );
}

/**
 * Spec §5: the tiffin and the mess meal selections combine with AND, and each applies only to users
 * of its service. A tiffin user must have every selected tiffin meal; a mess user every selected
 * mess meal; a selection says nothing about users of the other service.
 */
export function matchesMeals(record: ExportRecord, selection: MealSelection): boolean {
  const serviceMatches = (service: Service, wanted: readonly Meal[], isUser: boolean) => {
    if (wanted.length === 0 || !isUser) return true;
    const meals = mealsOf(record, service);
    return wanted.every((meal) => meals.has(meal));
  };
  return (
    serviceMatches('tiffin', selection.tiffin, record.isTiffinUser) &&
    serviceMatches('mess', selection.mess, record.isMessUser)
  );
}

/** A tiffin (or mess) user by the profile flag, or by an active subscription of that service. */
export function usesService(record: ExportRecord, service: Service): boolean {
  const flag = service === 'tiffin' ? record.isTiffinUser : record.isMessUser;
  return flag || record.subscriptions.some((subscription) => subscription.serviceType === service);
}

export function filterRecords(
  records: readonly ExportRecord[],
  options: { service?: Service; meals?: MealSelection },
): ExportRecord[] {
  return records.filter(
    (record) =>
      (!options.service || usesService(record, options.service)) &&
      matchesMeals(record, options.meals ?? NO_MEALS),
  );
}

/**
 * Parses meal selections: `tiffin:lunch`, `mess:dinner`, or a bare meal that applies to `service`
 * (both services when none is chosen). Throws with a readable message on anything else.
 */
export function parseMealSelection(items: readonly string[], service?: Service): MealSelection {
  const tiffin = new Set<Meal>();
  const mess = new Set<Meal>();
  for (const raw of items
    .flatMap((item) => item.split(','))
    .map((item) => item.trim().toLowerCase())) {
    if (!raw) continue;
    const [first, second] = raw.split(':');
    const scoped = second !== undefined;
    const meal = (scoped ? second : first) as Meal;
    if (!MEALS.includes(meal)) {
      throw new Error(
        `"${raw}" is not a meal. Use breakfast, lunch or dinner, optionally as tiffin:lunch or mess:dinner.`,
      );
    }
    if (scoped && first !== 'tiffin' && first !== 'mess') {
      throw new Error(`"${raw}": the service must be tiffin or mess.`);
    }
    const services: Service[] = scoped
      ? [first as Service]
      : service
        ? [service]
        : ['tiffin', 'mess'];
    for (const each of services) (each === 'tiffin' ? tiffin : mess).add(meal);
  }
  const ordered = (set: Set<Meal>) => MEALS.filter((meal) => set.has(meal));
  return { tiffin: ordered(tiffin), mess: ordered(mess) };
}

export function parseColumns(items: readonly string[] | undefined): CsvColumn[] {
  if (!items || items.length === 0) return [...DEFAULT_CSV_COLUMNS];
  const wanted = items
    .flatMap((item) => item.split(','))
    .map((item) =>
      item
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_'),
    )
    .filter(Boolean);
  if (wanted.includes('all')) return [...CSV_COLUMN_KEYS];
  const columns: CsvColumn[] = [];
  for (const name of wanted) {
    if (name === 'username' || name === 'full_name') continue; // always included
    if (!(name in CSV_COLUMNS)) {
      throw new Error(
        `"${name}" is not a column. Choose from: ${CSV_COLUMN_KEYS.join(', ')} (or all).`,
      );
    }
    if (!columns.includes(name as CsvColumn)) columns.push(name as CsvColumn);
  }
  return columns;
}

export function parseSources(items: readonly string[] | undefined): CsvSource[] {
  const wanted = (items ?? ['users'])
    .flatMap((item) => item.split(','))
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  const sources: CsvSource[] = [];
  for (const name of wanted) {
    if (!(CSV_SOURCES as readonly string[]).includes(name)) {
      throw new Error(`"${name}" is not a source. Choose users, subscribers or both.`);
    }
    if (!sources.includes(name as CsvSource)) sources.push(name as CsvSource);
  }
  if (sources.length === 0) throw new Error('Choose at least one source: users, subscribers.');
  return CSV_SOURCES.filter((source) => sources.includes(source));
}

/** Spec §9: built from the chosen sources and the date, e.g. users_subscribers_2026-11-22.csv. */
export function csvFileName(sources: readonly CsvSource[], date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${sources.join('_')}_${day}.csv`;
}

/** A spreadsheet must not run a cell as a formula: cells starting with = + - @ tab or CR get a leading '. */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function columnValue(record: ExportRecord, column: CsvColumn): string {
  const joined = (pick: (subscription: ExportSubscription) => string) =>
    record.subscriptions.map(pick).join('; ');
  switch (column) {
    case 'phone':
      return record.phone;
    case 'subscription_status':
      return record.subscriptionStatus;
    case 'email':
      return record.email;
    case 'user_type':
      return record.userType;
    case 'address':
    case 'landmark':
    case 'institute':
    case 'student_id':
    case 'hostel':
    case 'year':
    case 'course':
      return record.profile[column] ?? '';
    case 'plan_name':
      return joined((subscription) => subscription.planName);
    case 'service_type':
      return joined((subscription) => subscription.serviceType);
    case 'days_remaining':
      return joined((subscription) => String(subscription.daysRemaining));
    case 'total_paid':
      return joined((subscription) => subscription.totalPaid.toFixed(2));
    case 'phone_verified':
      return record.phoneVerified ? 'Yes' : 'No';
    case 'last_login':
      return record.lastLogin ?? '';
  }
}

export function csvHeaders(columns: readonly CsvColumn[]): string[] {
  return [...ALWAYS_HEADERS, ...columns.map((column) => CSV_COLUMNS[column])];
}

export function csvRows(
  records: readonly ExportRecord[],
  columns: readonly CsvColumn[],
): string[][] {
  return records.map((record) => [
    record.username,
    record.fullName,
    ...columns.map((column) => columnValue(record, column)),
  ]);
}

/** RFC 4180 text with CRLF line ends, every cell made safe. */
export function toCsv(records: readonly ExportRecord[], columns: readonly CsvColumn[]): string {
  return [csvHeaders(columns), ...csvRows(records, columns)]
    .map((row) => row.map((value) => quote(safeCell(value))).join(','))
    .join('\r\n')
    .concat('\r\n');
}

// What the CSV export reads (the two owner sources, as plain records) and what it keeps while
// running: shared by its machine and its rules.
import type { MachineError } from '../shared/failure';

export const EXPORT_SOURCES = ['users', 'active_subscribers'] as const;

export const EXPORT_MEALS = ['breakfast', 'lunch', 'dinner'] as const;

export type ExportSource = (typeof EXPORT_SOURCES)[number];

export type ExportMeal = (typeof EXPORT_MEALS)[number];

export type ExportService = 'mess' | 'tiffin';

export interface ExportStudentProfile {
  readonly institute?: string | null;
  readonly student_id?: string | null;
  readonly hostel?: string | null;
  readonly year?: string | null;
  readonly course?: string | null;
}

export interface ExportRegularProfile {
  readonly address?: string | null;
  readonly landmark?: string | null;
}

/** The customer's fields both sources carry. */
export interface ExportPersonFields {
  readonly username: string;
  readonly full_name: string;
  readonly email: string;
  readonly phone: string;
  readonly user_type: string;
  readonly phone_verified: boolean;
  readonly last_login: string | null;
  readonly is_tiffin_user: boolean;
  readonly is_mess_user: boolean;
}

/** A row of the Users source (GET /accounts/owner/users/), the fields the export reads. */
export interface ExportUserRecord extends ExportPersonFields {
  readonly subscription_status: string;
  readonly current_plan: string | null;
  readonly student_profile: ExportStudentProfile | null;
  readonly regular_profile: ExportRegularProfile | null;
}

/** A row of the Active subscribers source: one ACTIVE subscription with its customer. */
export interface ExportSubscriberRecord extends ExportPersonFields {
  readonly profile_info: ExportStudentProfile & ExportRegularProfile;
  readonly service_type: ExportService;
  readonly plan_name: string;
  readonly included_meals: readonly string[];
  readonly days_remaining: number;
  /** Rupees: the subscription's price (the API's total_paid). */
  readonly total_paid: number;
  /** Rupees actually paid for it (the ledger's payments). */
  readonly amount_paid: number;
}

/** What the host's fetch actor resolves with: every page of each chosen source. */
export interface ExportData {
  readonly users: readonly ExportUserRecord[];
  readonly activeSubscribers: readonly ExportSubscriberRecord[];
}

/** The owner's choices in the export dialog. */
export interface ExportRequest {
  readonly sources: readonly ExportSource[];
  /** Extra columns beyond Username and Full Name (which are always included). */
  readonly columns: readonly string[];
  /** Meals a tiffin user's plan must all include (empty: no tiffin filter). */
  readonly tiffinMeals: readonly ExportMeal[];
  /** Meals a mess user's plan must all include (empty: no mess filter). */
  readonly messMeals: readonly ExportMeal[];
  /** Only tiffin (or only mess) customers; the web dialog leaves it out, `dabba export csv --service` sets it. */
  readonly service?: ExportService;
  /** 'YYYY-MM-DD', used in the file name. */
  readonly date: string;
}

export interface ExportProgress {
  readonly loaded: number;
  /** Null until the first page tells how many rows there are. */
  readonly total: number | null;
}

export interface ExportResult {
  readonly fileName: string;
  readonly csv: string;
  /** Data rows in the file (the header row not counted). */
  readonly recordCount: number;
}

export interface ExportContext {
  readonly request: ExportRequest | null;
  readonly progress: ExportProgress;
  readonly result: ExportResult | null;
  readonly error: MachineError | null;
}

/** The fetch actor's input: what to load, and how to report progress back to the machine. */
export interface ExportFetchInput {
  /** What to load: the chosen sources, plus Active subscribers when a filter or column needs plans. */
  readonly sources: readonly ExportSource[];
  readonly reportProgress: (progress: ExportProgress) => void;
}

export type ExportEvent =
  | { readonly type: 'export.start'; readonly request: ExportRequest }
  | ({ readonly type: 'export.progress' } & ExportProgress)
  | { readonly type: 'export.cancel' }
  | { readonly type: 'export.retry' }
  | { readonly type: 'export.reset' };

export type ExportEventType = ExportEvent['type'];

// What the CSV export reads (the two owner sources, as plain records) and what it keeps while running.
import { defineMachine } from '../shared/lifecycle';
import { type MachineError, toMachineError } from '../shared/failure';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { EXPORT_MEALS, EXPORT_SOURCES } from './export.rules';
import { buildExport, hasExportSource, sourcesToFetch } from './export.rules';

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

// CSV export lifecycle: idle → fetching (with progress) → done | failed. The host provides the
// fetch (every page of each source) and the delivery (download + notice); building the file is pure.

const initialContext: ExportContext = {
  request: null,
  progress: { loaded: 0, total: null },
  result: null,
  error: null,
};

// Defined through defineMachine: a host that takes only this file's constants does not carry it.
export const exportMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as ExportContext,
      events: {} as ExportEvent,
      tags: {} as 'busy',
    },
    guards: {
      hasSource: ({ event }) => event.type === 'export.start' && hasExportSource(event.request),
    },
    actors: {
      /** Host effect: load every page of the chosen sources; reject with an EffectError. */
      fetchRecords: fromPromise<ExportData, ExportFetchInput>(async () => {
        throw new Error('fetchRecords is provided by the host');
      }),
    },
    actions: {
      /** Host effect: save the file and show "CSV Downloaded". */
      deliver: () => {},
      /** Host effect: tell the owner the export failed. */
      reportFailure: () => {},
    },
  }).createMachine({
    id: 'export',
    initial: 'idle',
    context: initialContext,
    on: {
      'export.start': {
        guard: 'hasSource',
        target: '.fetching',
        actions: assign(({ event }) => ({
          ...initialContext,
          request: (event as { request: ExportRequest }).request,
        })),
      },
    },
    states: {
      idle: {},
      fetching: {
        tags: ['busy'],
        invoke: {
          src: 'fetchRecords',
          input: ({ context, self }): ExportFetchInput => ({
            sources: context.request ? sourcesToFetch(context.request) : [],
            reportProgress: (progress) => self.send({ type: 'export.progress', ...progress }),
          }),
          onDone: {
            target: 'done',
            actions: [
              assign({
                result: ({ context, event }) =>
                  context.request ? buildExport(event.output, context.request) : null,
              }),
              'deliver',
            ],
          },
          onError: {
            target: 'failed',
            actions: [
              assign({ error: ({ event }) => toMachineError(event.error) }),
              'reportFailure',
            ],
          },
        },
        on: {
          'export.progress': {
            actions: assign({
              progress: ({ event }) => ({ loaded: event.loaded, total: event.total }),
            }),
          },
          // Leaving the state stops the actor, which aborts its requests through `signal`.
          'export.cancel': { target: 'idle', actions: assign(() => initialContext) },
        },
      },
      done: {
        on: { 'export.reset': { target: 'idle', actions: assign(() => initialContext) } },
      },
      failed: {
        on: {
          'export.retry': {
            target: 'fetching',
            actions: assign({ error: null, progress: { loaded: 0, total: null } }),
          },
          'export.reset': { target: 'idle', actions: assign(() => initialContext) },
        },
      },
    },
  }),
);

export type ExportMachine = typeof exportMachine;

type ExportSnapshot = SnapshotFrom<ExportMachine>;

export const selectIsExporting = (snapshot: ExportSnapshot) => snapshot.hasTag('busy');
export const selectExportProgress = (snapshot: ExportSnapshot) => snapshot.context.progress;
export const selectExportError = (snapshot: ExportSnapshot) => snapshot.context.error;

/** 0–100 once the total is known, else null (indeterminate). */
export function selectExportPercent(snapshot: ExportSnapshot): number | null {
  const { loaded, total } = snapshot.context.progress;
  if (total === null) return null;
  if (total === 0) return 100;
  return Math.min(100, Math.round((loaded / total) * 100));
}

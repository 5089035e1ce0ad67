import { defineMachine } from '../shared/lifecycle';
import { toMachineError } from '../shared/failure';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { buildExport, hasExportSource, sourcesToFetch } from './export.rules';
import type {
  ExportData,
  ExportRequest,
  ExportContext,
  ExportFetchInput,
  ExportEvent,
} from './export.types';

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

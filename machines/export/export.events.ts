import type { ExportProgress, ExportRequest } from './export.context';

export type ExportEvent =
  | { readonly type: 'export.start'; readonly request: ExportRequest }
  | ({ readonly type: 'export.progress' } & ExportProgress)
  | { readonly type: 'export.cancel' }
  | { readonly type: 'export.retry' }
  | { readonly type: 'export.reset' };

export type ExportEventType = ExportEvent['type'];

import type { SnapshotFrom } from 'xstate';
import type { ExportMachine } from './export.machine';

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

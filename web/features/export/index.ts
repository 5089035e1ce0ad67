// The export (machines/export): the owner's dialog that downloads users or active subscribers as
// CSV, its fetch and its messages.
export * from './messages';
export { ExportDialog } from './ExportDialog';

// Saving a file the app made or fetched (a receipt, a CSV) to the user's downloads.

/** Saves `blob` as `fileName` through a temporary link. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then; the object URL only has to outlive the click.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

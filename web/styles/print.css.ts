// The printed sheets' stylesheet (the kitchen sheet, a route's run sheet): a page that marks its
// sheet with printArea and data-print-sheet prints that alone, black on white, without the shell.
import { globalStyle, style } from '@vanilla-extract/css';

/** Marks a printable sheet (with data-print-sheet) so the print stylesheet keeps only it. */
export const printArea = style({});
/** What a screen shows around a sheet (its pickers and buttons), left off the paper. */
export const noPrint = style({});

globalStyle(`${noPrint}`, { '@media': { print: { display: 'none !important' } } });
// On paper only the sheet: the shell's header, footer and skip link, and any toast, are hidden.
globalStyle(
  'body:has([data-print-sheet]) header, body:has([data-print-sheet]) footer, body:has([data-print-sheet]) a[href="#main"], body:has([data-print-sheet]) [data-toast]',
  {
    '@media': { print: { display: 'none !important' } },
  },
);
globalStyle('body:has([data-print-sheet]), body:has([data-print-sheet]) main', {
  '@media': { print: { background: '#fff', padding: 0 } },
});
globalStyle(`${printArea}`, {
  '@media': { print: { color: '#000', background: '#fff', fontSize: '11pt' } },
});
globalStyle(`${printArea} section`, {
  '@media': { print: { boxShadow: 'none', border: 'none', padding: 0, breakInside: 'avoid' } },
});
// A phone number dials on a screen; on paper it is text like the rest of the row.
globalStyle(`${printArea} a[href^="tel:"]`, {
  '@media': { print: { color: 'inherit', textDecoration: 'none' } },
});

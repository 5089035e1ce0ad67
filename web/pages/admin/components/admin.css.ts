// Shared styles of the owner's screens: tables, filter buttons, pager, expiry tones, print.
import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../../styles/theme.css';

export const tableWrap = style({
  width: '100%',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
  overflowX: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
});

globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});

globalStyle(`${table} th`, {
  background: vars.color.surfaceMuted,
  fontWeight: 700,
  whiteSpace: 'nowrap',
});

globalStyle(`${table} tbody tr:last-child td`, { borderBottom: 'none' });

// Phones: each row becomes a card of label/value lines.
const phone = 'screen and (max-width: 560px)';
globalStyle(`${table}, ${table} tbody, ${table} tr, ${table} td`, {
  '@media': { [phone]: { display: 'block', width: '100%' } },
});
globalStyle(`${table} thead`, {
  '@media': {
    [phone]: {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clip: 'rect(0, 0, 0, 0)',
    },
  },
});
globalStyle(`${table} tbody tr`, {
  '@media': {
    [phone]: { borderBottom: `1px solid ${vars.color.border}`, padding: `${vars.space.sm} 0` },
  },
});
globalStyle(`${table} td`, {
  '@media': { [phone]: { border: 'none', padding: `2px ${vars.space.md}` } },
});
globalStyle(`${table} td[data-label]::before`, {
  '@media': {
    [phone]: {
      content: 'attr(data-label)',
      display: 'block',
      fontWeight: 700,
      color: vars.color.textMuted,
      fontSize: vars.fontSize.sm,
    },
  },
});

export const sortButton = style({
  all: 'unset',
  cursor: 'pointer',
  fontWeight: 700,
  display: 'inline-flex',
  gap: 4,
  alignItems: 'center',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

export const filterBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});

export const filterButton = style({
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.pill,
  padding: '6px 14px',
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  minHeight: 36,
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      borderColor: vars.color.primary,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  justifyContent: 'space-between',
});

export const expiry = recipe({
  base: { fontWeight: 600, whiteSpace: 'nowrap' },
  variants: {
    tone: {
      expired: { color: vars.color.danger },
      soon: {
        color: vars.color.warning,
        background: vars.color.warningSoft,
        borderRadius: 4,
        padding: '0 4px',
      },
      normal: {},
    },
  },
  defaultVariants: { tone: 'normal' },
});

export const cardList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const cardHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  alignItems: 'flex-start',
});

export const detailsRow = style({ background: vars.color.surfaceMuted });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'flex-end',
});

// The search box takes the room the filters leave.
globalStyle(`${toolbar} > :first-child`, { flex: '1 1 240px', maxWidth: 420 });

export const checkGrid = style({
  display: 'grid',
  gap: vars.space.xs,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 170px), 1fr))',
  border: 'none',
  padding: 0,
  margin: 0,
});

export const legend = style({ fontWeight: 700, marginBottom: vars.space.xs, padding: 0 });

export const progress = style({ width: '100%', height: 12 });

export const linkButton = style({
  all: 'unset',
  cursor: 'pointer',
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: 'underline',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

export const thumb = style({
  maxWidth: '100%',
  maxHeight: 240,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const flag = style({
  fontWeight: 700,
  color: vars.color.warning,
  background: vars.color.warningSoft,
  borderRadius: vars.radius.pill,
  padding: '0 8px',
  whiteSpace: 'nowrap',
});

/** Marks the kitchen sheet so the print stylesheet keeps only it. */
export const printArea = style({});
export const noPrint = style({});

globalStyle(`${noPrint}`, { '@media': { print: { display: 'none !important' } } });
// On paper only the sheet: the shell's header, footer and skip link are hidden.
globalStyle(
  'body:has([data-print-sheet]) header, body:has([data-print-sheet]) footer, body:has([data-print-sheet]) a[href="#main"]',
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

import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';
import { bareButton } from '@web/styles/utils.css';

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
  // 12 px between columns: the owner's seven-column users table fits a 1280 px screen.
  padding: `${vars.space.sm} calc(${vars.space.sm} + ${vars.space.xs})`,
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

export const sortButton = style([
  bareButton,
  { fontWeight: 700, display: 'inline-flex', gap: 4, alignItems: 'center' },
]);

export const detailsRow = style({ background: vars.color.surfaceMuted });

/** The heading row of a group of rows (a delivery area). */
export const groupRow = style({});
globalStyle(`${table} ${groupRow} th`, {
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  paddingTop: vars.space.md,
  borderBottom: `2px solid ${vars.color.border}`,
  whiteSpace: 'normal',
  '@media': { [phone]: { display: 'block', width: '100%', borderBottom: 'none' } },
});
globalStyle(`${table} tbody + tbody ${groupRow} th`, {
  borderTop: `1px solid ${vars.color.border}`,
  '@media': { [phone]: { borderTop: 'none' } },
});

export const groupCount = style({ color: vars.color.textMuted, fontWeight: 600 });

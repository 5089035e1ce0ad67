import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

/** The header's Request Leave button with the reason it is unavailable under it. */
export const requestAction = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.xs,
  maxWidth: 320,
  '@media': { 'screen and (max-width: 480px)': { alignItems: 'flex-start', maxWidth: 'none' } },
});

export const requestNote = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: 'right',
  '@media': { 'screen and (max-width: 480px)': { textAlign: 'left' } },
});

export const cardActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.md,
});

export const refusals = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.sm} ${vars.space.xl}`,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: 500,
});

export const formActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

/** "Leave terms": a heading that opens the terms beneath it. */
export const termsSummary = style({ cursor: 'pointer', fontWeight: 700 });

import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';
import { wrapRow } from '@web/styles/utils.css';

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

export const cardActions = style([wrapRow, { marginTop: vars.space.md }]);

/** "Leave terms": a heading that opens the terms beneath it. */
export const termsSummary = style({ cursor: 'pointer', fontWeight: 700 });

import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

// The warning's soft colour and a thick edge, so the banner reads as a warning without colour too
// (its heading says "Meals paused").
export const banner = style({
  background: vars.color.warningSoft,
  borderLeft: `4px solid ${vars.color.warning}`,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const title = style({ fontWeight: 700, margin: 0 });

import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

/** Where to pay, in the Mark as Paid modal. */
export const payTo = style({
  background: vars.color.infoSoft,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.xs,
});

export const payToTitle = style({ fontWeight: 700, margin: 0, fontSize: vars.fontSize.md });

/** Account numbers and UPI ids are read digit by digit: fixed width, spaced, never broken up. */
export const payoutValue = style({
  fontFamily: vars.font.mono,
  letterSpacing: '0.04em',
  overflowWrap: 'anywhere',
});

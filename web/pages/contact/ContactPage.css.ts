import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

export const businessName = style({ marginBottom: `calc(${vars.space.sm} + ${vars.space.xs})` });

/** The map under the contact details: taller than the footer's, the page's one picture. */
export const map = style({
  width: '100%',
  height: 280,
  border: 0,
  marginTop: vars.space.md,
  borderRadius: vars.radius.md,
});

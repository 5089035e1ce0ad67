// The customer's leave dialog.
import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';
import { endRow } from '@web/styles/utils.css';

export const refusals = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.sm} ${vars.space.xl}`,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: 500,
});

export const formActions = endRow;

import { style } from '@vanilla-extract/css';
import { inset } from '@web/styles/surface.css';
import { vars } from '@web/styles/theme.css';
import { wrapRow } from '@web/styles/utils.css';

export const head = style([
  wrapRow,
  { justifyContent: 'space-between', marginBottom: vars.space.sm },
]);

export const response = style([inset, { marginTop: vars.space.md }]);

export const stars = style({ color: vars.color.accent, letterSpacing: 2 });

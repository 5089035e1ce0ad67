import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';
import { stack, wrapRow } from '@web/styles/utils.css';

export const authCard = style([stack, { maxWidth: 480, marginInline: 'auto' }]);

export const authTitle = style({ fontSize: vars.fontSize.xl });
export const authSubtitle = style({ color: vars.color.textMuted });
export const authLinks = style([
  wrapRow,
  { justifyContent: 'space-between', fontSize: vars.fontSize.sm },
]);
export const successPanel = style({
  background: vars.color.successSoft,
  color: vars.color.success,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
});
export const errorPanel = style({
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
});

import { style } from '@vanilla-extract/css';
import { fitColumns } from '@web/styles/columns';
import { vars } from '@web/styles/theme.css';
import { row, stack, stackXs, wrapRow } from '@web/styles/utils.css';

/** The days: one column on a phone, as many as fit from a tablet up (utils.css grid). */
export { grid as days } from '@web/styles/utils.css';

export const dayTitle = style([
  wrapRow,
  { alignItems: 'baseline', fontSize: vars.fontSize.lg, margin: 0 },
]);

export const meals = stack;

export const meal = stackXs;

export const mealTitle = style([row, { fontSize: vars.fontSize.md, fontWeight: 700, margin: 0 }]);

export const changed = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 400,
  color: vars.color.accent,
});

export const offline = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
});

/** Today and tomorrow side by side where there is room, one under the other on a phone. */
export const twoDays = style(fitColumns(260, vars.space.lg));

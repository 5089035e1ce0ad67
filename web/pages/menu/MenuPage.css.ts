import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

/** The days: one column on a phone, as many as fit from a tablet up. */
export const days = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
});

export const dayTitle = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.sm,
  fontSize: vars.fontSize.lg,
  margin: 0,
});

export const meals = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const meal = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const mealTitle = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  margin: 0,
});

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
export const twoDays = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
});

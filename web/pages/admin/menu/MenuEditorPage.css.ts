import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

/** What is edited: the weekday or date, and the meal; side by side where they fit. */
export const slot = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
});

export const dishes = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

/** One dish: its fields one under the other on a phone, in a row from a tablet up. */
export const dish = style({
  display: 'grid',
  gap: vars.space.sm,
  alignItems: 'end',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  gridTemplateColumns: '1fr',
  '@media': {
    'screen and (min-width: 768px)': {
      gridTemplateColumns: '2fr 2fr 1fr auto',
    },
  },
});

export const change = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  paddingBlock: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
});

export const changeTitle = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.md,
  margin: 0,
});

import { style } from '@vanilla-extract/css';
import { fitColumns } from '@web/styles/columns';
import { vars } from '@web/styles/theme.css';
import { bareList, spreadRow, stack, stackXs } from '@web/styles/utils.css';

/** What is edited: the weekday or date, and the meal; side by side where they fit. */
export const slot = style(fitColumns(200, vars.space.md));

export const dishes = style([bareList, stack]);

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

export const change = style([
  stackXs,
  { paddingBlock: vars.space.sm, borderTop: `1px solid ${vars.color.border}` },
]);

export const changeTitle = style([spreadRow, { fontSize: vars.fontSize.md, margin: 0 }]);

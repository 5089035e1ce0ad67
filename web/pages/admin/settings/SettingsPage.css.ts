import { style } from '@vanilla-extract/css';
import { bareFieldset } from '@web/components/Field.css';
import { fitColumns } from '@web/styles/columns';
import { vars } from '@web/styles/theme.css';
import { stack } from '@web/styles/utils.css';

/** A meal's cutoff: its time and its day side by side, stacked on a phone. */
export const mealRow = style([bareFieldset, fitColumns(180, vars.space.md)]);

export const legend = style({
  padding: 0,
  marginBottom: vars.space.sm,
  fontWeight: 700,
});

/** The leave policy's numbers: one column on a phone, side by side when there is room. */
export const numberRow = style({ ...fitColumns(220, vars.space.md), alignItems: 'start' });

/** Every setting's card, disabled as one for a manager, who reads them but may not change them. */
export const readOnlyFrame = style([bareFieldset, stack, { minWidth: 0 }]);

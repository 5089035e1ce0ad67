// The export dialog.
import { style } from '@vanilla-extract/css';
import { bareFieldset } from '@web/components/Field.css';
import { vars } from '@web/styles/theme.css';

export const progress = style({ width: '100%', height: 12 });

/** The sentence under an export fieldset's legend, across the whole checkbox grid. */
export const fieldsetHint = style({
  gridColumn: '1 / -1',
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/** The meal filters: the hint, then one checkbox group per service. */
export const mealFilters = style([bareFieldset, { display: 'grid', gap: vars.space.sm }]);

export const subLegend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.xs });

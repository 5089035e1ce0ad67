import { style } from '@vanilla-extract/css';
import { bareFieldset } from '@web/components/Field.css';
import { vars } from '@web/styles/theme.css';
import { stackSm } from '@web/styles/utils.css';

/** The date range: two date fields side by side (stacked on a narrow phone), then quick picks. */
export const dates = style([bareFieldset, stackSm, { minWidth: 0 }]);

export const datesLegend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.xs });

export const dateFields = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 150px), 220px))',
  alignItems: 'start',
});

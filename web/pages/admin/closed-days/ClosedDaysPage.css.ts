import { style } from '@vanilla-extract/css';
import { personList, personRow, personWho } from '@web/styles/list.css';
import { fitColumns } from '@web/styles/columns';
import { vars } from '@web/styles/theme.css';
import { bareFieldset } from '@web/components/Field.css';

/** The weekday picks: a week a row on a laptop, two a row on a phone. */
export const weekdays = style([bareFieldset, fitColumns(120, vars.space.xs, 'fill')]);

/** The meal picks, side by side where they fit. */
export const meals = style([bareFieldset, fitColumns(150, vars.space.xs, 'fill')]);

/** The form's fields side by side where they fit, stacked on a phone. */
export const fields = style({ ...fitColumns(200, vars.space.md), alignItems: 'start' });

/** The closures, as the Staff and Erasure requests pages list people: a row each, its button below on a phone. */
export const list = personList;
export const item = personRow;
export const what = personWho;

export const when = style({ fontWeight: 700 });

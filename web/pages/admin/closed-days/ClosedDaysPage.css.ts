import { style } from '@vanilla-extract/css';
import { personList, personRow, personWho } from '@web/styles/list.css';
import { vars } from '@web/styles/theme.css';

/** The form's fields side by side where they fit, stacked on a phone. */
export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
  gap: vars.space.md,
  alignItems: 'start',
});

/** The closures, as the Staff and Erasure requests pages list people: a row each, its button below on a phone. */
export const list = personList;
export const item = personRow;
export const what = personWho;

export const when = style({ fontWeight: 700 });

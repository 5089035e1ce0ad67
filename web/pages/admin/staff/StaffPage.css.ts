import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

// Rows of people, shared with the Erasure requests page.
export {
  personActions as actions,
  personList as list,
  personName as nameLine,
  personRow as item,
  personWho as who,
} from '@web/styles/list.css';

/** The dialog's fields side by side where they fit, stacked on a phone. */
export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
  gap: vars.space.md,
  alignItems: 'start',
});

export const refusal = style({ color: vars.color.danger, margin: 0 });

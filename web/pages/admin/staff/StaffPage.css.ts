import { style } from '@vanilla-extract/css';
import { fitColumns } from '@web/styles/columns';
import { vars } from '@web/styles/theme.css';

// Rows of people, shared with the Erasure requests page.
export * from '@web/styles/people.css';

/** The dialog's fields side by side where they fit, stacked on a phone. */
export const fields = style({ ...fitColumns(200, vars.space.md), alignItems: 'start' });

export const refusal = style({ color: vars.color.danger, margin: 0 });

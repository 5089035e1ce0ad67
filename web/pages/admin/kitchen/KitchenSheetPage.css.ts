import { style } from '@vanilla-extract/css';
import { blockFacts, blockList, blockName, blockRow } from '@web/styles/list.css';
import { vars } from '@web/styles/theme.css';

export const flag = style({
  fontWeight: 700,
  color: vars.color.warning,
  background: vars.color.warningSoft,
  borderRadius: vars.radius.pill,
  padding: '0 8px',
  whiteSpace: 'nowrap',
});

/** A meal's line over its on-leave table: "Lunch: 2 on leave, 1 pending". */
export const mealHeading = style({ fontSize: vars.fontSize.md, margin: 0 });

/** A meal's customers on leave: one bordered block, a row per customer. */
export const leaveList = blockList;
export const leaveEntry = blockRow;

/** The name and the leave's status on one line. */
export const leaveName = blockName;

/** Username · phone · service · plan · dates, wrapping between facts, never inside a date. */
export const leaveFacts = blockFacts;

export const leaveDates = style({ whiteSpace: 'nowrap' });

/** The date field and the buttons, lined up on the field's bottom edge rather than its label. */
export const controls = style({ alignItems: 'flex-end' });

import { style } from '@vanilla-extract/css';
import { inset } from '@web/styles/surface.css';
import { vars } from '@web/styles/theme.css';
import { endRow, stackSm } from '@web/styles/utils.css';

/** What recording does: the dates the subscription gets, and who hears of it. */
export const outcome = style([inset, stackSm]);

/** Why the subscription cannot be paid any more (the machine's sentence). */
export const refusal = style({ color: vars.color.danger, fontWeight: 600 });

export const actions = endRow;

// The adjust and extend-all dialogs.
import { style } from '@vanilla-extract/css';
import { inset } from '@web/styles/surface.css';
import { vars } from '@web/styles/theme.css';
import { stackSm } from '@web/styles/utils.css';

/** The adjust dialog's preview of the new end date. */
export const preview = style([inset, stackSm]);

/** Why the machine refuses the days typed (the server's own sentence). */
export const refusal = style({ color: vars.color.danger, fontWeight: 600 });

/** "Move the end date of 12 active subscriptions by 2 days?" */
export const confirmation = style({ fontSize: vars.fontSize.lg });

import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

/** The sandbox's test cards, set off from the order's details above them. */
export const testCards = style({ marginTop: vars.space.md });

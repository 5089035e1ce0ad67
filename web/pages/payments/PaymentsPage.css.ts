import { style } from '@vanilla-extract/css';

/** The status filter stays wide enough for its longest status, whatever is chosen. */
export const statusFilter = style({ minWidth: 200 });

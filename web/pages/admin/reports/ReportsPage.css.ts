import { style } from '@vanilla-extract/css';
import { fitColumns } from '@web/styles/columns';
import { vars } from '@web/styles/theme.css';

export { filterGrid as filters } from '@web/components/Filters.css';

/** Per-mode and per-day totals side by side on a wide screen. */
export const totals = style({ ...fitColumns(320, vars.space.md), alignItems: 'start' });

export const amount = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

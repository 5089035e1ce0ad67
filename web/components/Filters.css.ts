import { style } from '@vanilla-extract/css';
import { fitColumns } from '@web/styles/columns';
import { vars } from '@web/styles/theme.css';
import { spreadRow } from '@web/styles/utils.css';

export const filterButton = style({
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.pill,
  padding: '6px 14px',
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  minHeight: 36,
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      borderColor: vars.color.primary,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const pager = spreadRow;

/** A list page's filters side by side where they fit, stacked on a phone, level on their bottoms. */
export const filterGrid = style({ ...fitColumns(180, vars.space.md), alignItems: 'end' });

export const pagerButtons = style({ display: 'flex', gap: vars.space.sm });

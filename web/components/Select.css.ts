import { style } from '@vanilla-extract/css';
import { popover, popoverItem } from '@web/styles/surface.css';
import { vars } from '@web/styles/theme.css';
import { controlBox, label as fieldLabel } from './Field.css';

/** The text fields' box (Field.css), so a filter lines up with a search box beside it. */
export const trigger = style([
  controlBox,
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.sm,
    minWidth: 180,
    cursor: 'pointer',
  },
]);

export const content = style([
  popover,
  { zIndex: 50, overflow: 'hidden', minWidth: 'var(--radix-select-trigger-width)' },
]);

export const item = style([
  popoverItem,
  { selectors: { '&[data-state="checked"]': { fontWeight: 700 } } },
]);

export const wrap = style({ display: 'inline-flex', flexDirection: 'column', gap: 6 });
export const label = fieldLabel;

import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minWidth: 180,
  minHeight: 44,
  // The text fields' padding (Field.css control), so a filter lines up with a search box beside it.
  padding: '10px 12px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
});

export const content = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  zIndex: 50,
  overflow: 'hidden',
  minWidth: 'var(--radix-select-trigger-width)',
});

export const item = style({
  padding: '10px 12px',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-highlighted]': { background: vars.color.primarySoft },
    '&[data-state="checked"]': { fontWeight: 700 },
  },
});

export const wrap = style({ display: 'inline-flex', flexDirection: 'column', gap: 6 });
export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });

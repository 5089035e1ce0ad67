import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const list = style({
  display: 'flex',
  gap: vars.space.xs,
  overflowX: 'auto',
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.lg,
});

export const trigger = style({
  border: 'none',
  background: 'transparent',
  padding: '10px 14px',
  fontWeight: 600,
  color: vars.color.textMuted,
  cursor: 'pointer',
  borderBottom: '3px solid transparent',
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-state="active"]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    '&:hover': { color: vars.color.text },
  },
});

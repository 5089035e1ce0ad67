import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const linkButton = style({
  all: 'unset',
  cursor: 'pointer',
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: 'underline',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

export const thumb = style({
  maxWidth: '100%',
  maxHeight: 240,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

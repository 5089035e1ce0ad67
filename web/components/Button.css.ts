import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

// Plain class maps, not a recipe: the recipes runtime would be the landing page's to download.
export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'none',
  lineHeight: 1.2,
  transition: 'background-color 120ms, border-color 120ms, color 120ms',
  whiteSpace: 'nowrap',
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const tone = styleVariants({
  primary: {
    background: vars.color.primary,
    color: vars.color.onPrimary,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.primaryHover } },
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.text,
    borderColor: vars.color.border,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceMuted } },
  },
  ghost: {
    background: 'transparent',
    color: vars.color.primary,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.primarySoft } },
  },
  danger: {
    background: vars.color.danger,
    color: vars.color.surface,
    selectors: { '&:hover:not(:disabled)': { filter: 'brightness(0.92)' } },
  },
});

export const size = styleVariants({
  sm: { padding: '6px 12px', fontSize: vars.fontSize.sm, minHeight: 36 },
  md: { padding: '10px 16px', fontSize: vars.fontSize.md, minHeight: 44 },
  lg: { padding: '14px 22px', fontSize: vars.fontSize.lg, minHeight: 52 },
});

export const block = style({ width: '100%' });

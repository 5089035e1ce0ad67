import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';
import { wrapRow } from '@web/styles/utils.css';

export const hero = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: `${vars.space.xl} 0 ${vars.space.xxl}`,
  maxWidth: 760,
});

export const eyebrow = style({
  color: vars.color.accent,
  fontWeight: 700,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  fontSize: vars.fontSize.sm,
});

export const heroTitle = style({
  fontSize: 'clamp(2rem, 6vw, 3.25rem)',
  lineHeight: 1.1,
  letterSpacing: '-0.02em',
});

export const heroText = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted });

export const actions = wrapRow;

export const section = style({ marginTop: vars.space.xxl });

export const sectionTitle = style({ fontSize: vars.fontSize.xl, marginBottom: vars.space.lg });

export const tileIcon = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: 44,
  height: 44,
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  marginBottom: vars.space.sm,
});

export const cta = style({
  marginTop: vars.space.xxl,
  background: vars.color.primarySoft,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'start',
});

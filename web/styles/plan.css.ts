// A plan's title row and price, alike in the landing page's plans modal and on the plans page.
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const planHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const price = style({
  fontSize: vars.fontSize.xl,
  fontWeight: 800,
  color: vars.color.primary,
});

export const priceUnit = style({
  fontSize: vars.fontSize.md,
  fontWeight: 500,
  color: vars.color.textMuted,
});

// A plan's title row and price, alike in the landing page's plans modal and on the plans page.
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// The badge sits beside the name while the name keeps at least 12rem; narrower, it moves under the
// name rather than squeezing it into a column of one word per line on a phone.
export const planHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.xs,
});

globalStyle(`${planHead} > :first-child`, { flex: '1 1 12rem', minWidth: 0 });

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

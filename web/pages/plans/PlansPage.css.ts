import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

export const planList = style({ listStyle: 'none', padding: 0, margin: 0 });

/** Every plan's card as tall as its row, so the Subscribe buttons line up at the bottom. */
export const planCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  height: '100%',
});

export const planAction = style({ marginTop: 'auto' });

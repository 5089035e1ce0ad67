import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

/** The symbol and its word, kept together on one line. */
export const mark = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flexShrink: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  whiteSpace: 'nowrap',
});

/**
 * The FSSAI symbol is drawn as the law prints it, in its own green or brown on a white tile, in
 * both colour schemes: brown on the dark page would be hard to see.
 */
export const symbol = style({
  flexShrink: 0,
  width: '1.15em',
  height: '1.15em',
  display: 'block',
});

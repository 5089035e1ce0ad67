import { style } from '@vanilla-extract/css';

/** Black on white whatever the theme: a scanner needs the contrast. */
export const qr = style({
  display: 'block',
  maxWidth: '100%',
  height: 'auto',
  background: '#ffffff',
  borderRadius: 4,
});

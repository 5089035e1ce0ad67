import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

/** The receipt as the server writes it: a white page, in the dark theme too, as it prints. */
export const frame = style({
  width: '100%',
  height: '60vh',
  border: 0,
  background: '#fff',
  borderRadius: vars.radius.sm,
});

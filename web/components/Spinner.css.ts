import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  borderRadius: '50%',
  borderStyle: 'solid',
  borderColor: 'currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.8s linear infinite`,
  flexShrink: 0,
});

export const spinnerSize = styleVariants({
  sm: { width: 16, height: 16, borderWidth: 2 },
  md: { width: 28, height: 28, borderWidth: 3 },
  lg: { width: 48, height: 48, borderWidth: 4, color: vars.color.primary },
});

/** A page's spinner, in the middle of the space the page will take. */
export const pageSpinner = style({ display: 'grid', placeItems: 'center', minHeight: '40vh' });

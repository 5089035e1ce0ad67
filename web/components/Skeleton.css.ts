import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

const pulse = keyframes({ '50%': { opacity: 0.55 } });

/** Takes no box of its own: the sample content lays out exactly as the real content will. */
export const skeleton = style({ display: 'contents' });

export const shape = style({ display: 'contents' });

// Every bit of text becomes a grey bar of its own size; borders and boxes stay as they are.
// !important: the sample's own classes set colours with the same specificity, later in the sheet.
globalStyle(`${shape} *`, {
  color: 'transparent !important',
  textDecorationColor: 'transparent !important',
});
globalStyle(
  `${shape} :is(h1, h2, h3, h4, p, span, a, strong, dt, dd, th, td, li, summary, caption)`,
  {
    background: vars.color.surfaceMuted,
    borderRadius: vars.radius.sm,
    animation: `${pulse} 1.6s ease-in-out infinite`,
    '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  },
);
globalStyle(`${shape} :is(svg, svg *)`, {
  fill: `${vars.color.surfaceMuted} !important`,
  stroke: `${vars.color.surfaceMuted} !important`,
});

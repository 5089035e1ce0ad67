import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { popover } from '@web/styles/surface.css';
import { vars } from '@web/styles/theme.css';
import { muted, small } from '@web/styles/utils.css';

const slideIn = keyframes({
  from: { transform: 'translateX(calc(100% + 24px))' },
  to: { transform: 'translateX(0)' },
});

const riseIn = keyframes({
  from: { transform: 'translateY(calc(100% + 24px))' },
  to: { transform: 'translateY(0)' },
});

/** Phones: the title and the page's first controls fill the top, so toasts sit at the bottom. */
const phone = 'screen and (max-width: 560px)';
/** Where the region sits at the top right (ToastStack measures what it must stay clear of). */
export const WIDE_SCREEN = '(min-width: 561px)';
/** A toast's width on wide screens. */
export const TOAST_WIDTH_PX = 340;

/**
 * Top right, under the sticky header (Shell.css: 60 px high with a 1 px border), until ToastStack
 * has measured the page and moved it where it covers nothing that matters.
 */
export const viewport = style({
  position: 'fixed',
  top: 61,
  right: vars.space.md,
  zIndex: 100,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: TOAST_WIDTH_PX,
  maxWidth: '100vw',
  maxHeight: 'calc(100dvh - 61px)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  outline: 'none',
  // The empty strip around the toasts lets clicks through to the page under it.
  pointerEvents: 'none',
  '@media': {
    [phone]: {
      top: 'auto',
      bottom: 0,
      right: 0,
      width: '100vw',
      padding: vars.space.sm,
    },
  },
});

export const toast = recipe({
  base: [
    popover,
    {
      borderLeftWidth: 5,
      padding: `${vars.space.sm} ${vars.space.md}`,
      display: 'grid',
      gridTemplateColumns: '1fr auto',
      gap: 2,
      pointerEvents: 'auto',
      '@media': {
        [phone]: {
          selectors: { '&[data-state="open"]': { animation: `${riseIn} 180ms ease-out` } },
        },
      },
      selectors: {
        '&[data-state="open"]': { animation: `${slideIn} 180ms ease-out` },
        '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
      },
    },
  ],
  variants: {
    tone: {
      success: { borderLeftColor: vars.color.success },
      error: { borderLeftColor: vars.color.danger },
      warning: { borderLeftColor: vars.color.warning },
      info: { borderLeftColor: vars.color.info },
    },
  },
});

export const title = style({ fontWeight: 700 });
export const message = style([muted, small, { gridColumn: '1' }]);
export const close = style({
  gridColumn: '2',
  gridRow: '1 / span 2',
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: 20,
  cursor: 'pointer',
  alignSelf: 'start',
});

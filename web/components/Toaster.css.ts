import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../styles/theme.css';

const slideIn = keyframes({
  from: { transform: 'translateX(calc(100% + 24px))' },
  to: { transform: 'translateX(0)' },
});

export const viewport = style({
  position: 'fixed',
  top: 0,
  right: 0,
  zIndex: 100,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: 'min(100vw, 400px)',
  padding: vars.space.md,
  margin: 0,
  listStyle: 'none',
  outline: 'none',
});

export const toast = recipe({
  base: {
    background: vars.color.surface,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderLeftWidth: 5,
    borderRadius: vars.radius.md,
    boxShadow: vars.shadow.raised,
    padding: `${vars.space.sm} ${vars.space.md}`,
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    gap: 2,
    selectors: {
      '&[data-state="open"]': { animation: `${slideIn} 180ms ease-out` },
      '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
    },
  },
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
export const message = style({
  gridColumn: '1',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
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

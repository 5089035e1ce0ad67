import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';
import { endRow } from '@web/styles/utils.css';

const show = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, -46%) scale(0.98)' },
  to: { opacity: 1, transform: 'translate(-50%, -50%)' },
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  zIndex: 40,
  selectors: { '&[data-state="open"]': { animation: `${show} 150ms ease-out` } },
});

export const content = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  zIndex: 41,
  width: 'min(calc(100vw - 24px), 560px)',
  maxHeight: 'calc(100dvh - 24px)',
  overflowY: 'auto',
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
  padding: vars.space.lg,
  selectors: { '&[data-state="open"]': { animation: `${rise} 180ms ease-out` } },
  '@media': { 'screen and (max-width: 480px)': { padding: vars.space.md } },
});

export const wide = style({ width: 'min(calc(100vw - 24px), 860px)' });

export const header = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.md,
  marginBottom: vars.space.md,
});

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });

export const description = style({ color: vars.color.textMuted, marginTop: vars.space.xs });

export const close = style({
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  borderRadius: vars.radius.sm,
  width: 36,
  height: 36,
  fontSize: 22,
  lineHeight: 1,
  cursor: 'pointer',
  flexShrink: 0,
  ':hover': { background: vars.color.surfaceMuted },
});

export const footer = style([endRow, { marginTop: vars.space.lg }]);

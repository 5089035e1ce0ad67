import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';
import { bareList, stackSm } from '@web/styles/utils.css';

export const notice = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  maxWidth: '46rem',
  lineHeight: 1.6,
});

export const list = style({
  paddingInlineStart: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const consentList = style([bareList, { display: 'flex', flexDirection: 'column' }]);

export const consentRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  paddingBlock: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});

export const consentText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const switchRoot = style({
  flexShrink: 0,
  width: '2.75rem',
  height: '1.5rem',
  borderRadius: '999px',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.border,
  position: 'relative',
  cursor: 'pointer',
  selectors: {
    '&[data-state="checked"]': { background: vars.color.primary, borderColor: vars.color.primary },
    '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '2px' },
    '&[data-disabled]': { opacity: 0.6, cursor: 'wait' },
  },
});

export const switchThumb = style({
  display: 'block',
  width: '1.125rem',
  height: '1.125rem',
  borderRadius: '999px',
  background: 'white',
  transform: 'translateX(0.15rem)',
  transition: 'transform 120ms',
  selectors: { '&[data-state="checked"]': { transform: 'translateX(1.35rem)' } },
});

export const section = stackSm;

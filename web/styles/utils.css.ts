// Small layout helpers shared by pages.
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const container = style({
  width: '100%',
  maxWidth: 1120,
  marginInline: 'auto',
  paddingInline: vars.space.md,
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

/** A dialog's or form's buttons: a row at its end (Cancel, then the action). */
export const actionRow = style([row, { justifyContent: 'flex-end' }]);

export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
});

export const statGrid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 150px), 1fr))',
});

export const muted = style({ color: vars.color.textMuted });

export const small = style({ fontSize: vars.fontSize.sm });

export const pageHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});

export const pageTitle = style({ fontSize: vars.fontSize.xl });

export const sectionTitle = style({ fontSize: vars.fontSize.lg, marginBottom: vars.space.sm });

export const nowrap = style({ whiteSpace: 'nowrap' });

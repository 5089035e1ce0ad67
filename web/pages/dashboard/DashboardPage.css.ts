import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

export const header = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.md,
  color: vars.color.text,
  textDecoration: 'none',
  alignSelf: 'flex-start',
});

export const initial = style({
  display: 'grid',
  placeItems: 'center',
  width: 56,
  height: 56,
  borderRadius: '50%',
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 800,
  fontSize: vars.fontSize.xl,
});

export const hello = style({
  display: 'block',
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  lineHeight: 1.3,
});

export const columns = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
});

export const paymentList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: 8,
});

export const paymentRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBottom: 8,
  borderBottom: `1px solid ${vars.color.border}`,
});

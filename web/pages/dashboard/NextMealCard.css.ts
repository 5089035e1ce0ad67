import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

export const card = style({});

export const headline = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
});

export const meal = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
});

export const laterTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 600,
});

export const laterList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});

export const laterRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  minHeight: 44,
});

export const laterActions = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

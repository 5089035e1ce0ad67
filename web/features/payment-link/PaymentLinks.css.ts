import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

export const links = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** One link: its amount and status, where it is paid, and its buttons. */
export const link = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

/** The short URL: long and unbroken, so it wraps anywhere on a phone. */
export const url = style({ overflowWrap: 'anywhere', wordBreak: 'break-all' });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});

/** The amount and its button side by side where they fit; the button level with the input. */
export const form = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'flex-start',
});

globalStyle(`${form} > button`, { marginTop: 28 });

/** The QR and what it asks for, centred in the dialog. */
export const qr = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  textAlign: 'center',
});

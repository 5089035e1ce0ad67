import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

export const frame = style({ position: 'relative', display: 'flex', minWidth: 0 });

/** The native control: its box, focus ring and picker button show, its own text does not. */
export const input = style({
  color: 'transparent',
  cursor: 'pointer',
  minWidth: 150,
  selectors: {
    '&[data-typing]': { color: vars.color.text, cursor: 'text' },
  },
});

globalStyle(`${input}::-webkit-calendar-picker-indicator`, { cursor: 'pointer' });
// Chromium pads the date's parts by a pixel above and below: without it the field is as tall as
// the text fields beside it.
globalStyle(`${input}::-webkit-datetime-edit-fields-wrapper`, { padding: 0 });

/**
 * The app's date (or what the field asks for), laid over the control's text inside its border:
 * opaque, because browsers paint the focused part of a date in highlight colours no style reaches.
 * The picker button at the end stays uncovered.
 */
export const shown = style({
  position: 'absolute',
  insetBlock: 1,
  insetInlineStart: 1,
  insetInlineEnd: 40,
  display: 'flex',
  alignItems: 'center',
  // The control's padding, so the text sits where the native text would.
  paddingInlineStart: 12,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
  color: vars.color.text,
  background: vars.color.surface,
  borderStartStartRadius: vars.radius.md,
  borderEndStartRadius: vars.radius.md,
  selectors: {
    [`${input}[data-typing] + &`]: { visibility: 'hidden' },
    [`${input}:disabled + &, ${input}[readonly] + &`]: {
      background: vars.color.surfaceMuted,
      color: vars.color.textMuted,
    },
  },
});

export const empty = style({ color: vars.color.textMuted });

// The boxes many parts draw: a bordered panel, a floating popover, a set-off inset.
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** A bordered box on the page's surface colour (a row of people, a block of entries, a choice). */
export const panel = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

/** What floats over the page (a menu, a select's options, a toast): a panel with a raised shadow. */
export const popover = style([panel, { color: vars.color.text, boxShadow: vars.shadow.raised }]);

/** A box set off inside a card or dialog (a preview, what an action will do), on the muted colour. */
export const inset = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

/** An entry of a popover's list, lit where the pointer or the arrow keys are. */
export const popoverItem = style({
  padding: '10px 12px',
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-highlighted]': { background: vars.color.primarySoft } },
});

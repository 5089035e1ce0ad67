import { style } from '@vanilla-extract/css';
import { fitColumns } from '@web/styles/columns';
import { panel } from '@web/styles/surface.css';
import { vars } from '@web/styles/theme.css';
import { muted, stackXs } from '@web/styles/utils.css';

export const group = stackXs;

export const legend = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });

export const description = muted;

export const options = style(fitColumns(300, vars.space.sm, 'fill'));

/** One choice: the whole row is the label, at least 44 px tall for a thumb. */
export const option = style([
  panel,
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.sm,
    minHeight: 44,
    padding: `${vars.space.sm} ${vars.space.md}`,
    cursor: 'pointer',
    selectors: {
      '&:has([data-state="checked"])': {
        borderColor: vars.color.primary,
        background: vars.color.primarySoft,
      },
    },
  },
]);

export const radio = style({
  flexShrink: 0,
  width: 20,
  height: 20,
  padding: 0,
  borderRadius: '50%',
  border: `2px solid ${vars.color.textMuted}`,
  background: vars.color.surface,
  display: 'grid',
  placeItems: 'center',
  cursor: 'pointer',
  selectors: {
    '&[data-state="checked"]': { borderColor: vars.color.primary },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const indicator = style({
  width: 10,
  height: 10,
  borderRadius: '50%',
  background: vars.color.primary,
});

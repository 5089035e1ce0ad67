import { style } from '@vanilla-extract/css';
import { fitColumns } from '@web/styles/columns';
import { vars } from '@web/styles/theme.css';
import { bareList } from '@web/styles/utils.css';

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

/**
 * The Next meal card and the stat tiles: one under the other on a phone, side by side on a
 * desktop (the card on the left, the tiles two by two on the right).
 */
export const lead = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'start',
  '@media': {
    'screen and (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' },
  },
});

/** Without a Next meal card (no meals to come), the tiles take the whole row, four abreast. */
export const tiles = style({ selectors: { '&:only-child': { gridColumn: '1 / -1' } } });

export const columns = style(fitColumns(320, vars.space.md));

export const paymentList = style([bareList, { display: 'grid', gap: 8 }]);

export const paymentRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBottom: 8,
  borderBottom: `1px solid ${vars.color.border}`,
});

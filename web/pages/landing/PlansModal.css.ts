import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';
import { spreadRow } from '@web/styles/utils.css';

export { cardList as planList } from '@web/styles/list.css';

export const planItem = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
  minWidth: 0,
});

export const facts = style({ fontSize: vars.fontSize.sm });

export const price = style({
  fontSize: vars.fontSize.lg,
  fontWeight: 800,
  color: vars.color.primary,
});

export const factLabel = style({ color: vars.color.textMuted });

/** Price on the left, the call to action on the right; stacked on a phone. */
export const foot = style([
  spreadRow,
  { paddingTop: vars.space.sm, borderTop: `1px solid ${vars.color.border}` },
]);

export const stateText = style({ padding: `${vars.space.lg} 0`, textAlign: 'center' });

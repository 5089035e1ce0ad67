import { style } from '@vanilla-extract/css';
import { cardTop } from '@web/styles/list.css';
import { vars } from '@web/styles/theme.css';
import { bareList, spreadRow } from '@web/styles/utils.css';

export const card = style({});

export const headline = cardTop;

/** A refused skip's reason: the words say it, the colour and the bar only mark it. */
export const refused = style({
  margin: 0,
  paddingInlineStart: vars.space.sm,
  borderInlineStart: `4px solid ${vars.color.warning}`,
  color: vars.color.text,
  fontWeight: 600,
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

export const laterList = style([bareList, { display: 'grid', gap: vars.space.sm }]);

export const laterRow = style([spreadRow, { minHeight: 44 }]);

export const laterActions = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

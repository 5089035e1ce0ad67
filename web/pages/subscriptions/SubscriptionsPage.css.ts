import { style } from '@vanilla-extract/css';
import { fitColumns } from '@web/styles/columns';
import { vars } from '@web/styles/theme.css';

/** The service line under the plan name, with the meal tag beside it. */
export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.sm}`,
});

/** An included meal: outlined and square-cornered, so it never reads like a status badge. */
export const mealTag = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  padding: '1px 8px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
  whiteSpace: 'nowrap',
});

export const facts = style({ ...fitColumns(130, vars.space.sm), marginBottom: vars.space.md });

export const fact = style({ display: 'flex', flexDirection: 'column' });
export const factLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const factValue = style({ fontWeight: 700 });

export const details = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.sm,
  marginBottom: vars.space.md,
});

export const summary = style({ cursor: 'pointer', fontWeight: 600, padding: '6px 0' });

export const detailsAction = style({ marginTop: vars.space.sm });

import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '@web/styles/theme.css';

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'flex-end',
});

// The search box takes the room the filters leave.
globalStyle(`${toolbar} > :first-child`, { flex: '1 1 240px', maxWidth: 420 });

/** A receipt number that opens the receipt: its text lines up with the column's other values. */
export const receiptNumber = style({ marginInlineStart: -12 });

export const expiry = recipe({
  base: { display: 'inline-block', fontWeight: 600, whiteSpace: 'nowrap' },
  variants: {
    tone: {
      expired: { color: vars.color.danger },
      soon: {
        color: vars.color.warning,
        background: vars.color.warningSoft,
        borderRadius: 4,
        padding: '0 4px',
      },
      normal: {},
    },
  },
  defaultVariants: { tone: 'normal' },
});

/** "Expired", "Expires in 3 days": under the date, in the date's colour. */
export const expiryNote = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

export const email = style({ overflowWrap: 'anywhere' });

export const progress = style({ width: '100%', height: 12 });

/** The sentence under an export fieldset's legend, across the whole checkbox grid. */
export const fieldsetHint = style({
  gridColumn: '1 / -1',
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/** The meal filters: the hint, then one checkbox group per service. */
export const mealFilters = style({
  display: 'grid',
  gap: vars.space.sm,
  border: 'none',
  padding: 0,
  margin: 0,
});

export const subLegend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.xs });

/** The adjust dialog's preview of the new end date. */
export const preview = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});

/** Why the machine refuses the days typed (the server's own sentence). */
export const refusal = style({ color: vars.color.danger, fontWeight: 600 });

/** "Move the end date of 12 active subscriptions by 2 days?" */
export const confirmation = style({ fontSize: vars.fontSize.lg });

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

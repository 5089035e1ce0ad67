// The customer's cancel dialog.
import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

export const preview = style({
  background: vars.color.infoSoft,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.xs,
});

export const refundAmount = style({ fontSize: vars.fontSize.xl, fontWeight: 800 });

export const cancelBody = style({ display: 'grid', gap: vars.space.lg });

import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const facts = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 130px), 1fr))',
  marginBottom: vars.space.md,
});

export const fact = style({ display: 'flex', flexDirection: 'column' });
export const factLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const factValue = style({ fontWeight: 700 });

export const details = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.sm,
  marginBottom: vars.space.md,
});

export const summary = style({ cursor: 'pointer', fontWeight: 600, padding: '6px 0' });

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

export const detailsAction = style({ marginTop: vars.space.sm });

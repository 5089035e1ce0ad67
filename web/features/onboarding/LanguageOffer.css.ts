import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';

// A quiet strip over the page: the sentence, then its two buttons, wrapping under it on a phone.
export const offer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.infoSoft,
  borderLeft: `4px solid ${vars.color.info}`,
  borderRadius: vars.radius.md,
});

export const text = style({ margin: 0, flex: '1 1 16rem', minWidth: 0 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

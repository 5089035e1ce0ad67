import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';
import { stackXs, wrapRow } from '@web/styles/utils.css';

export const suggestions = stackXs;

export const suggestionsTitle = style({ fontWeight: 600, fontSize: vars.fontSize.sm });

export const chips = wrapRow;

/** A suggested comment: one tap writes it into the comment box. */
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  maxWidth: '100%',
  minHeight: 40,
  padding: '6px 14px',
  border: `1px solid ${vars.color.border}`,
  // Round ends on one line; a suggestion that wraps on a phone reads as a rounded box.
  borderRadius: 20,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.3,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&[aria-pressed="true"]': {
      background: vars.color.primarySoft,
      borderColor: vars.color.primary,
      fontWeight: 600,
    },
  },
});

export const actions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'flex-end' });

import { style } from '@vanilla-extract/css';
import { vars } from '@web/styles/theme.css';
import { bareButton } from '@web/styles/utils.css';

export const linkButton = style([
  bareButton,
  { color: vars.color.primary, fontWeight: 600, textDecoration: 'underline' },
]);

/**
 * The photo's own proportions: the list item is a flex column, whose default stretch would pull
 * the image to the full width while max-height kept it short.
 */
export const thumbButton = style([
  bareButton,
  {
    alignSelf: 'flex-start',
    maxWidth: '100%',
    cursor: 'zoom-in',
    lineHeight: 0,
    borderRadius: vars.radius.md,
  },
]);

export const thumb = style({
  display: 'block',
  width: 'auto',
  height: 'auto',
  maxWidth: '100%',
  maxHeight: 240,
  objectFit: 'contain',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

/** The dialog's first heading sits at the top of the dialog's body. */
export const dialogHeading = style({ marginTop: 0 });

/** "Respond" sits right on the answer box it names. */
export const respondHeading = style({ marginBottom: 0 });

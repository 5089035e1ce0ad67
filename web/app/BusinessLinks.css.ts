// The header's More button and its panel (./BusinessLinks), apart from Shell.css.ts so that the
// landing page's JavaScript does not carry their class names.
import { style } from '@vanilla-extract/css';
import { popover } from '@web/styles/surface.css';
import { vars } from '@web/styles/theme.css';
import { bareList } from '@web/styles/utils.css';
import { navLink } from './Shell.css';

/** The More button: a navigation link's look, lit while a page under it is open. */
export const moreButton = style([
  navLink,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 4,
    border: 0,
    background: 'none',
    font: 'inherit',
    fontWeight: 600,
    fontSize: vars.fontSize.sm,
    cursor: 'pointer',
    selectors: {
      '&[data-current]': { color: vars.color.primary, background: vars.color.primarySoft },
      '&[aria-expanded="true"]': { color: vars.color.text, background: vars.color.surfaceMuted },
    },
  },
]);

export const moreCaret = style({ fontSize: '0.8em' });

export const moreItem = style({ position: 'relative' });

/** The links under More: a panel below the button, its right edge on the button's. */
export const moreList = style([
  popover,
  bareList,
  {
    position: 'absolute',
    top: 'calc(100% + 6px)',
    right: 0,
    zIndex: 40,
    display: 'grid',
    gap: 2,
    minWidth: 200,
    padding: 4,
  },
]);

export const moreLink = style([navLink, { display: 'block', padding: '10px 12px' }]);

import { keyframes, style } from '@vanilla-extract/css';
import { fitColumns } from '@web/styles/columns';
import { popover, popoverItem } from '@web/styles/surface.css';
import { vars } from '@web/styles/theme.css';
import { bareList, container, muted, small, stackSm } from '@web/styles/utils.css';

const enter = keyframes({
  from: { opacity: 0, transform: 'translateY(8px)' },
  to: { opacity: 1, transform: 'none' },
});

export const shell = style({ minHeight: '100dvh', display: 'flex', flexDirection: 'column' });

export const skip = style({
  position: 'absolute',
  left: -9999,
  top: 0,
  zIndex: 200,
  background: vars.color.surface,
  padding: vars.space.sm,
  ':focus': { left: vars.space.sm, top: vars.space.sm },
});

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 30,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

/** The page column (utils.css container), its logo, links and buttons on one line. */
export const headerInner = style([
  container,
  { display: 'flex', alignItems: 'center', gap: vars.space.md, minHeight: 60 },
]);

/** The header of ten links or more: wider than the page column, so they fit on one line at 1280 px. */
export const headerInnerWide = style([headerInner, { maxWidth: 1280 }]);

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: 800,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
  textDecoration: 'none',
  marginRight: 'auto',
});

export const brandMark = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: 32,
  height: 32,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.md,
});

/** Where the top navigation replaces the menu button: 1100 px, or 1280 px for the owner's links. */
const DESKTOP = 'screen and (min-width: 1100px)';
const DESKTOP_WIDE = 'screen and (min-width: 1280px)';

export const desktopNav = style({
  display: 'none',
  '@media': { [DESKTOP]: { display: 'block' } },
});

export const desktopNavWide = style({
  display: 'none',
  '@media': { [DESKTOP_WIDE]: { display: 'block' } },
});

export const navList = style([bareList, { display: 'flex', gap: 2 }]);

export const navLink = style({
  display: 'inline-block',
  padding: '8px 10px',
  borderRadius: vars.radius.sm,
  color: vars.color.textMuted,
  textDecoration: 'none',
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surfaceMuted },
    '&[aria-current="page"]': { color: vars.color.primary, background: vars.color.primarySoft },
  },
});

const menuButtonLook = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  fontSize: 20,
} as const;

export const menuButton = style({
  ...menuButtonLook,
  '@media': { [DESKTOP]: { display: 'none' } },
});

export const menuButtonWide = style({
  ...menuButtonLook,
  '@media': { [DESKTOP_WIDE]: { display: 'none' } },
});

const mobileNavLook = {
  borderTop: `1px solid ${vars.color.border}`,
  paddingBlock: vars.space.sm,
  // The header stays on screen: a long menu (the owner's) scrolls inside it, under the header's line.
  maxHeight: 'calc(100dvh - 61px)',
  overflowY: 'auto',
} as const;

export const mobileNav = style({ ...mobileNavLook, '@media': { [DESKTOP]: { display: 'none' } } });

export const mobileNavWide = style({
  ...mobileNavLook,
  '@media': { [DESKTOP_WIDE]: { display: 'none' } },
});

export const mobileList = style([
  bareList,
  {
    display: 'grid',
    gap: 2,
    selectors: {
      // A long menu (thirteen links or more: the owner's, a manager's) in two columns, so a phone
      // shows it whole.
      '&:has(> li:nth-child(13))': {
        gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))',
      },
    },
  },
]);

export const mobileLink = style([
  navLink,
  // A long word (Hindi's "भुगतान और उपयोगकर्ता") wraps in its column rather than sticking out.
  { display: 'block', padding: '12px', fontSize: vars.fontSize.md, whiteSpace: 'normal' },
]);

export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: 40,
  height: 40,
  borderRadius: '50%',
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontWeight: 800,
  border: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
});

export const menuContent = style([popover, { minWidth: 180, padding: 4, zIndex: 60 }]);

export const menuItem = style([popoverItem, { borderRadius: vars.radius.sm }]);

export const menuLabel = style([muted, small, { padding: '8px 12px' }]);

export const authLinks = style({
  display: 'none',
  gap: vars.space.sm,
  '@media': {
    'screen and (min-width: 600px)': { display: 'flex' },
    // The desktop navigation already has Login and Register.
    'screen and (min-width: 1100px)': { display: 'none' },
  },
});

export const main = style({
  flex: 1,
  // At least a screen tall, so the footer starts below the fold and stays there while a page and
  // its data load: nothing on screen moves when they arrive.
  minHeight: '100vh',
  paddingBlock: vars.space.lg,
  // Focused by the router after navigation, for screen readers; no ring for a non-control.
  ':focus': { outline: 'none' },
});

export const transition = style({ animation: `${enter} 0.4s ease-out` });

const appear = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

/** While a page's chunk loads: the spinner shows only if that takes a moment, never as a flash. */
export const pendingPage = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '40vh',
  animation: `${appear} 0.2s ease-out 0.3s both`,
});

export const notice = stackSm;

export const footer = style({
  marginTop: vars.space.xxl,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  paddingBlock: vars.space.xl,
  fontSize: vars.fontSize.sm,
});

export const footerGrid = style(fitColumns(220, vars.space.lg));

export const footerList = style([bareList, { display: 'grid', gap: 6 }]);

export const footerHeading = style({ fontSize: vars.fontSize.md, marginBottom: vars.space.sm });

export const map = style({
  width: '100%',
  height: 180,
  border: 0,
  borderRadius: vars.radius.md,
});

/** A contact line's place while the business profile loads. */
export const footerPlaceholder = style({
  height: '1.5em',
  selectors: {
    '&::before': {
      content: '""',
      display: 'block',
      width: '70%',
      height: '1em',
      marginTop: '0.25em',
      borderRadius: vars.radius.sm,
      background: vars.color.surfaceMuted,
    },
  },
});

export const copyright = style({
  marginTop: vars.space.lg,
  color: vars.color.textMuted,
});

export const languageSwitch = style({
  minHeight: 44,
  paddingInline: 10,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&[aria-busy="true"]': { opacity: 0.6, cursor: 'progress' },
  },
});

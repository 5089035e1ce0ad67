// Header (top nav by user_type, mobile menu, profile menu), the page, and the footer.
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { ButtonLink } from '@web/components/Button';
import { useSession } from '@web/session/SessionProvider';
import { container } from '@web/styles/utils.css';
import { useT } from '@web/i18n/i18n';
import { Footer } from './Footer';
import { NavItem } from './NavItem';
import { LanguageSwitch } from './LanguageSwitch';
import { audienceOf, HEADER_BUTTONS, navigationLinks, type NavLink } from './routes';
import * as styles from './Shell.css';

/** More links than this take the wider breakpoint (Shell.css.ts DESKTOP_WIDE). */
const WIDE_NAV_LINKS = 9;

const ProfileMenu = lazy(() => import('./ProfileMenu').then((m) => ({ default: m.ProfileMenu })));
const BusinessLinks = lazy(() =>
  import('./BusinessLinks').then((m) => ({ default: m.BusinessLinks })),
);

/**
 * True once the browser has been idle after `active` became true: the account menu (Radix, about
 * 35 kB) loads then, not while the page and its data compete for the network and the main thread.
 */
function useIdleAfter(active: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!active || idle) return;
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(() => setIdle(true), 500);
    return () => clearTimeout(handle);
  }, [active, idle]);
  return idle;
}

/** A line (or the phone's column) of links. */
function NavLinks({
  links,
  list,
  link: linkClass,
}: {
  links: readonly NavLink[];
  list: string;
  link: string;
}) {
  return (
    <ul className={list}>
      {links.map((link) => (
        <li key={link.to}>
          <NavItem link={link} className={linkClass} />
        </li>
      ))}
    </ul>
  );
}

export function Shell({ children }: { children: ReactNode }) {
  const { user, loading, mayOpen } = useSession();
  const t = useT();
  const [pathname] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const userType = user?.user_type ?? null;
  const audience = audienceOf(userType);
  // While a stored session is restored, show no one's links rather than a visitor's for a moment.
  const links = loading ? [] : navigationLinks(audience, { userType, mayOpen });
  const mobileLinks = loading ? [] : navigationLinks(audience, { mobile: true, userType, mayOpen });
  // Ten links or more (the owner's, whose line holds eleven and More; a customer's ten) need
  // 1280 px on one line; below that, the menu button holds every link.
  const wide = links.length > WIDE_NAV_LINKS;
  const menuReady = useIdleAfter(Boolean(user));
  // The account menu's button until it loads, with the same size and letter.
  const avatar = (
    <span className={styles.avatar} aria-hidden="true">
      {user ? (user.first_name || user.username).charAt(0).toUpperCase() : null}
    </span>
  );

  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        {t('shell.skipToContent')}
      </a>
      <header
        className={styles.header}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && menuOpen) {
            setMenuOpen(false);
            menuButton.current?.focus();
          }
        }}
      >
        <div className={wide ? styles.headerInnerWide : styles.headerInner}>
          <Link href="/" className={styles.brand}>
            <span className={styles.brandMark} aria-hidden="true">
              D
            </span>
            Dabba
          </Link>
          <nav
            aria-label={t('shell.mainNav')}
            className={wide ? styles.desktopNavWide : styles.desktopNav}
          >
            {audience === 'owner' ? (
              <Suspense fallback={null}>
                <BusinessLinks links={links} />
              </Suspense>
            ) : (
              <NavLinks links={links} list={styles.navList} link={styles.navLink} />
            )}
          </nav>
          <LanguageSwitch />
          {user && menuReady ? (
            <Suspense fallback={avatar}>
              <ProfileMenu />
            </Suspense>
          ) : user || loading ? (
            avatar
          ) : (
            <div className={styles.authLinks}>
              {HEADER_BUTTONS.map((button) => (
                <ButtonLink key={button.to} href={button.to} tone={button.tone} size="sm">
                  {t(button.label)}
                </ButtonLink>
              ))}
            </div>
          )}
          <button
            ref={menuButton}
            type="button"
            className={wide ? styles.menuButtonWide : styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? '×' : '☰'}
          </button>
        </div>
        {menuOpen ? (
          <nav
            id="mobile-menu"
            aria-label={t('shell.mobileNav')}
            className={`${container} ${wide ? styles.mobileNavWide : styles.mobileNav}`}
          >
            <NavLinks links={mobileLinks} list={styles.mobileList} link={styles.mobileLink} />
          </nav>
        ) : null}
      </header>
      <main id="main" className={`${container} ${styles.main}`} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}

// The business side's header links (the owner's and the staff's, web/app/routes.ts by role): on one
// line, or, for a role with too many for it, the less daily ones under More. Loaded on its own
// once a business account is signed in (Shell.tsx), so the landing page's JavaScript does not carry
// it: the line's links appear beside the logo, moving nothing else on the page.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '@web/i18n/i18n';
import { headerNavigation } from './headerNavigation';
import { isActive, NavItem } from './NavItem';
import type { NavLink } from './routes';
import * as moreStyles from './BusinessLinks.css';
import * as styles from './Shell.css';

/**
 * The header's More button and the links it holds (a disclosure: the links are plain links in the
 * navigation once open). It closes on a choice, Escape, a click elsewhere or tabbing past it.
 */
function MoreLinks({ links }: { links: readonly NavLink[] }) {
  const t = useT();
  const [pathname] = useLocation();
  // Open on the page it was opened on: going to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (opened: boolean) => setOpenOn(opened ? pathname : null);
  const item = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!item.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);
  const current = links.some((link) => isActive(pathname, link.to));
  return (
    <li
      ref={item}
      className={moreStyles.moreItem}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }}
      onBlur={(event) => {
        // Tabbing on to the header's next control closes it; the router focusing the page it
        // has just loaded does not.
        const next = event.relatedTarget;
        if (next && !event.currentTarget.contains(next) && next.closest('header')) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={moreStyles.moreButton}
        aria-expanded={open}
        aria-controls="nav-more"
        data-current={current ? '' : undefined}
        onClick={() => setOpen(!open)}
      >
        {t('nav.more')}
        <span aria-hidden="true" className={moreStyles.moreCaret}>
          ▾
        </span>
      </button>
      {open ? (
        <ul id="nav-more" className={moreStyles.moreList}>
          {links.map((link) => (
            <li key={link.to}>
              <NavItem link={link} className={moreStyles.moreLink} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The header's line of a business account's links, with More where headerNavigation puts it. */
export function BusinessLinks({ links: all }: { links: readonly NavLink[] }) {
  const { links, more, moreAt } = headerNavigation(all);
  const item = (link: NavLink) => (
    <li key={link.to}>
      <NavItem link={link} className={styles.navLink} />
    </li>
  );
  return (
    <ul className={styles.navList}>
      {links.slice(0, moreAt).map(item)}
      {more.length > 0 ? <MoreLinks links={more} /> : null}
      {links.slice(moreAt).map(item)}
    </ul>
  );
}

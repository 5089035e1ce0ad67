// One link of the navigation (the header's line, More, the phone's menu), marked while its page
// (or a page under it) is open.
import { Link, useLocation } from 'wouter';
import { useT } from '@web/i18n/i18n';
import type { NavLink } from './routes';

export function isActive(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function NavItem({ link, className }: { link: NavLink; className: string }) {
  const [pathname] = useLocation();
  const t = useT();
  return (
    <Link
      href={link.to}
      className={className}
      aria-current={isActive(pathname, link.to) ? 'page' : undefined}
    >
      {t(link.label)}
    </Link>
  );
}

// The web app's one route registry against docs/web.md, the web app's rules: the route table, its
// guards, the navigation by role, the mobile menu, the footer and the document titles all come
// from web/app/routes.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decideRoute, matchRoute, type RouteUser } from '@machines';
import {
  APP_ROUTES,
  audienceOf,
  documentTitle,
  FOOTER_LINKS,
  HEADER_BUTTONS,
  navigationLinks,
} from '../../web/app/routes';
import { headerNavigation } from '../../web/app/headerNavigation';
import { i18n, loadAppMessages, setMessageLoaders, t, type MessageId } from '../../web/i18n/i18n';

const root = path.resolve(import.meta.dirname, '../..');

// The registry names its texts by message key; these tests read them in English, every page's
// messages loaded (a signed-in user's links and the titles come with the pages' messages).
beforeAll(async () => {
  i18n.activate('en');
  setMessageLoaders(() => import('virtual:messages/loaders'));
  await loadAppMessages();
});
const english = <Link extends { label: MessageId }>(
  links: readonly Link[],
): Array<Omit<Link, 'label'> & { label: string }> =>
  links.map((link) => ({ ...link, label: t(link.label) }));

const customer: RouteUser = {
  status: 'profile_complete',
  userType: 'regular',
  phone: '+919876543210',
};
const owner: RouteUser = {
  status: 'profile_complete',
  userType: 'mess_owner',
  phone: '+919000000000',
};

describe('the route registry', () => {
  it('holds the route table with its access, plus the kitchen sheet, each path once', () => {
    expect(APP_ROUTES.map((route) => [route.path, route.access])).toEqual(
      expect.arrayContaining([
        ['/', 'public'],
        ['/login', 'public'],
        ['/register', 'public'],
        ['/otp-verification', 'public'],
        ['/forgot-password', 'public'],
        ['/reset-password/:uidb64/:token/*', 'public'],
        ['/claim/:token/*', 'public'],
        ['/contact', 'publicAndSignedIn'],
        ['/privacy', 'publicAndSignedIn'],
        ['/menu', 'publicAndSignedIn'],
        ['/pay/:linkId', 'publicAndSignedIn'],
        ['/dashboard', 'signedIn'],
        ['/subscriptions', 'signedIn'],
        ['/plans', 'signedIn'],
        ['/feedback', 'signedIn'],
        ['/payments', 'signedIn'],
        ['/leaves', 'signedIn'],
        ['/notifications', 'signedIn'],
        ['/profile', 'signedIn'],
        ['/profile/privacy', 'signedIn'],
        ['/admin/plans', 'owner'],
        ['/admin/leaves', 'owner'],
        ['/admin/feedback', 'owner'],
        ['/admin/refunds', 'owner'],
        ['/admin/superuser', 'owner'],
        ['/admin/kitchen', 'owner'],
        ['/admin/settings', 'owner'],
        ['/admin/menu', 'owner'],
        ['/admin/closed-days', 'owner'],
        ['/admin/reports', 'owner'],
        ['/admin/audit', 'owner'],
        ['/admin/customers/:id', 'owner'],
        ['/admin/staff', 'owner'],
        ['/admin/deliveries', 'owner'],
        ['/admin/messages', 'owner'],
        ['/admin/erasure-requests', 'owner'],
      ]),
    );
    expect(APP_ROUTES).toHaveLength(37);
    expect(new Set(APP_ROUTES.map((route) => route.path)).size).toBe(APP_ROUTES.length);
    // Every /admin screen, and only those, is the business side's (the owner's and the staff's).
    for (const route of APP_ROUTES) {
      expect(route.access === 'owner', route.path).toBe(route.path.startsWith('/admin/'));
    }
  });

  it('guards through machines/onboarding with this table', () => {
    const decide = (user: RouteUser | null, pathname: string) =>
      decideRoute(APP_ROUTES, { loading: false, user, pathname });
    expect(decide(customer, '/admin/refunds')).toEqual({ kind: 'forbidden' });
    expect(decide(owner, '/admin/refunds')).toEqual({ kind: 'allow' });
    expect(decide(null, '/admin/kitchen')).toEqual({
      kind: 'redirect',
      to: '/login',
      state: { from: '/admin/kitchen' },
    });
    // A customer's page is the owner's; signed out, the login remembers which customer.
    expect(decide(owner, '/admin/customers/12')).toEqual({ kind: 'allow' });
    expect(decide(customer, '/admin/customers/12')).toEqual({ kind: 'forbidden' });
    expect(
      decideRoute(APP_ROUTES, {
        loading: false,
        user: null,
        pathname: '/admin/customers/12',
        search: '?from=%2Fadmin%2Fleaves',
      }),
    ).toEqual({
      kind: 'redirect',
      to: '/login',
      state: { from: '/admin/customers/12?from=%2Fadmin%2Fleaves' },
    });
    expect(decide(owner, '/admin/customers')).toEqual({ kind: 'redirect', to: '/' });
    expect(decide(null, '/contact')).toEqual({ kind: 'allow' });
    // The menu is open to anyone, as the API is (an offline start shows the saved one).
    expect(decide(null, '/menu')).toEqual({ kind: 'allow' });
    expect(decide(customer, '/admin/menu')).toEqual({ kind: 'forbidden' });
    expect(decide(customer, '/no-such-screen')).toEqual({ kind: 'redirect', to: '/' });
    expect(decide(customer, '/login')).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('gives every route a page, and the owner their own dashboard', () => {
    for (const route of APP_ROUTES) expect(route.page, route.path).toBeTruthy();
    const withOwnerPage = APP_ROUTES.filter((route) => route.ownerPage);
    expect(withOwnerPage.map((route) => route.path)).toEqual(['/dashboard']);
    expect(withOwnerPage[0]?.ownerPage).not.toBe(withOwnerPage[0]?.page);
  });

  it('titles each route for the browser tab', () => {
    const titleOf = (pathname: string) => documentTitle(matchRoute(APP_ROUTES, pathname), t);
    expect(titleOf('/')).toBe('Mess & Tiffin Subscriptions · Dabba');
    expect(titleOf('/admin/refunds')).toBe('Manage Refunds · Dabba');
    expect(titleOf('/admin/customers/12')).toBe('Customer · Dabba');
    expect(titleOf('/reset-password/MQ/abc-123/')).toBe('Set a new password · Dabba');
    expect(titleOf('/nope')).toBe('Dabba');
  });
});

describe('links from the registry', () => {
  const paths = (links: ReadonlyArray<{ to: string }>) => links.map((link) => link.to);

  it('builds the top navigation by user type', () => {
    expect(audienceOf(null)).toBe('visitor');
    expect(audienceOf('student')).toBe('customer');
    expect(audienceOf('regular')).toBe('customer');
    expect(audienceOf('mess_owner')).toBe('owner');
    expect(paths(navigationLinks('visitor'))).toEqual(['/login', '/register', '/contact']);
    expect(paths(navigationLinks('customer'))).toEqual([
      '/dashboard',
      '/menu',
      '/subscriptions',
      '/plans',
      '/feedback',
      '/payments',
      '/leaves',
      '/notifications',
      '/profile',
      '/contact',
    ]);
    // The owner's header: the spec's links with the kitchen, the deliveries and the dues on the
    // line, the other business pages under More (tests/web/staff-access.test.ts, by role).
    const owner = headerNavigation(navigationLinks('owner'));
    expect(english(owner.links)).toEqual([
      { to: '/dashboard', label: 'Dashboard' },
      { to: '/admin/plans', label: 'Plans' },
      { to: '/admin/feedback', label: 'Feedback' },
      { to: '/admin/leaves', label: 'Leaves' },
      { to: '/admin/refunds', label: 'Refunds' },
      { to: '/admin/superuser', label: 'Payments & Users' },
      { to: '/admin/kitchen', label: 'Kitchen Sheet' },
      { to: '/admin/deliveries', label: 'Deliveries' },
      { to: '/admin/dues', label: 'Dues' },
      { to: '/profile', label: 'Profile' },
      { to: '/contact', label: 'Contact' },
    ]);
    expect(english(owner.more)).toEqual([
      { to: '/admin/menu', label: 'Menu', more: true },
      { to: '/admin/closed-days', label: 'Closed days', more: true },
      { to: '/admin/messages', label: 'Messages', more: true },
      { to: '/admin/staff', label: 'Staff', more: true },
      { to: '/admin/reports', label: 'Reports', more: true },
      { to: '/admin/settings', label: 'Settings', more: true },
      { to: '/admin/audit', label: 'Audit Log', more: true },
      { to: '/admin/erasure-requests', label: 'Erasure requests', more: true },
    ]);
  });

  it('gives the mobile menu the same links, with Contact Us', () => {
    for (const audience of ['visitor', 'customer', 'owner'] as const) {
      const desktop = english(navigationLinks(audience));
      const mobile = english(navigationLinks(audience, { mobile: true }));
      expect(paths(mobile)).toEqual(paths(desktop));
      expect(mobile.at(-1)).toEqual({ to: '/contact', label: 'Contact Us' });
      expect(mobile.filter((link) => link.label === 'Contact')).toEqual([]);
    }
  });

  it('gives the signed-out header Login and Register buttons, each a visitor link', () => {
    expect(english(HEADER_BUTTONS)).toEqual([
      { to: '/login', label: 'Login', tone: 'ghost' },
      { to: '/register', label: 'Register', tone: 'primary' },
    ]);
    const visitorLinks = navigationLinks('visitor');
    for (const button of HEADER_BUTTONS) {
      expect(visitorLinks).toContainEqual({ to: button.to, label: button.label });
    }
  });

  it('links the footer to /plans, /subscriptions, /feedback and /contact, in that order', () => {
    expect(english(FOOTER_LINKS)).toEqual([
      { to: '/plans', label: 'Plans' },
      { to: '/subscriptions', label: 'My Subscriptions' },
      { to: '/feedback', label: 'Feedback' },
      { to: '/contact', label: 'Contact' },
    ]);
  });

  it("loads only a visitor's pages from the registry, the rest through the signed-in table", async () => {
    // The registry is in the landing page's JavaScript: every page it imports itself is a file
    // name the first paint carries (docs/performance.md: The web app's first paint).
    const source = readFileSync(path.join(root, 'web/app/routes.ts'), 'utf8');
    const imported = [...source.matchAll(/import\('@web\/pages\/([a-z/-]+)\/[A-Za-z]+'\)/g)].map(
      (match) => match[1],
    );
    expect(imported.sort()).toEqual([
      'claim',
      'contact',
      'forgot-password',
      'landing',
      'login',
      'otp-verification',
      'privacy',
      'register',
      'reset-password',
    ]);
    const { SIGNED_IN_PAGES } = await import('../../web/app/signedInPages');
    const signedIn = [...source.matchAll(/signedInPage\('([a-z/-]+)'/g)].map((match) => match[1]);
    expect(new Set(signedIn)).toEqual(new Set(Object.keys(SIGNED_IN_PAGES)));
  });
});

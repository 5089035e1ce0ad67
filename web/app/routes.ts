// Every route of the app, declared once: its path, who may open it, its document title, its page
// (one chunk per route, loaded on first visit or ahead of it, inside the query cache but for the
// landing page) and its links. The router, the guards (machines/onboarding decideRoute), the
// navigation, the header buttons, the mobile menu and the footer read this list.
import type { ComponentType } from 'react';
import type { UserType } from '../../machines/onboarding/onboarding.context';
import type { RouteEntry } from '../../machines/onboarding/onboarding.routes';
import { loadServerState } from '../session/serverState';

/**
 * A route's page, loaded on demand. Not React.lazy: the router shows a loaded page at once, and a
 * page not loaded yet with a placeholder it swaps by a plain re-render. A lazy component always
 * suspends on its first render, and React then holds the finished page back up to 300 ms.
 */
export interface RoutePage {
  /** Loads the page (once); the router calls it, and starts it early while a session restores. */
  readonly load: () => Promise<ComponentType>;
  /** The page if it has loaded, else null. */
  readonly loaded: () => ComponentType | null;
}

function routePage(load: () => Promise<ComponentType>): RoutePage {
  let pending: Promise<ComponentType> | null = null;
  let component: ComponentType | null = null;
  return {
    load: () =>
      (pending ??= load().then(
        (loadedComponent) => (component = loadedComponent),
        (error: unknown) => {
          // A failed download (a lost connection) may be tried again on the next visit.
          pending = null;
          throw error;
        },
      )),
    loaded: () => component,
  };
}

/** A page that reads server state: its chunk and the query cache load together. */
function page<TModule>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
): RoutePage {
  return routePage(() =>
    Promise.all([load(), loadServerState()]).then(([module, state]) =>
      state.withQueryClient(pick(module)),
    ),
  );
}

/** The landing page reads nothing from the server, so a visitor's first paint waits for neither. */
function staticPage<TModule>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
): RoutePage {
  return routePage(() => load().then(pick));
}

/** Who sees a navigation link: a signed-out visitor, a customer (student or regular), the owner. */
export type Audience = 'visitor' | 'customer' | 'owner';

export interface AppRoute extends RouteEntry {
  readonly title: string;
  readonly page: RoutePage;
  /** What a mess owner sees on this path instead of `page` (the owner's dashboard). */
  readonly ownerPage?: RoutePage;
  /** The top navigation link, for whom; the mobile menu shows the same links. */
  readonly nav?: {
    readonly label: string;
    readonly audiences: readonly Audience[];
    readonly mobileLabel?: string;
  };
  /** The footer link; `position` orders the footer's links. */
  readonly footer?: { readonly label: string; readonly position: number };
  /** A signed-out header button (medium widths: the desktop nav and mobile menu have the link). */
  readonly headerButton?: { readonly label: string; readonly tone: 'ghost' | 'primary' };
}

export interface NavLink {
  readonly to: string;
  readonly label: string;
}

export interface HeaderButton extends NavLink {
  readonly tone: 'ghost' | 'primary';
}

const signedIn: readonly Audience[] = ['customer', 'owner'];

// In navigation order: each audience's links are these routes in this order (README: The web app's
// rules → Navigation).
export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    access: 'public',
    title: 'Mess & Tiffin Subscriptions',
    page: staticPage(
      () => import('../pages/landing/LandingPage'),
      (m) => m.LandingPage,
    ),
  },
  {
    path: '/login',
    access: 'public',
    title: 'Login',
    page: page(
      () => import('../pages/login/LoginPage'),
      (m) => m.LoginPage,
    ),
    nav: { label: 'Login', audiences: ['visitor'] },
    headerButton: { label: 'Login', tone: 'ghost' },
  },
  {
    path: '/register',
    access: 'public',
    title: 'Register',
    page: page(
      () => import('../pages/register/RegisterPage'),
      (m) => m.RegisterPage,
    ),
    nav: { label: 'Register', audiences: ['visitor'] },
    headerButton: { label: 'Register', tone: 'primary' },
  },
  {
    path: '/otp-verification',
    access: 'public',
    title: 'Verify your phone',
    page: page(
      () => import('../pages/otp-verification/OtpVerificationPage'),
      (m) => m.OtpVerificationPage,
    ),
  },
  {
    path: '/forgot-password',
    access: 'public',
    title: 'Forgot password',
    page: page(
      () => import('../pages/forgot-password/ForgotPasswordPage'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: '/reset-password/:uidb64/:token/*',
    access: 'public',
    title: 'Set a new password',
    page: page(
      () => import('../pages/reset-password/ResetPasswordPage'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: '/dashboard',
    access: 'signedIn',
    title: 'Dashboard',
    page: page(
      () => import('../pages/dashboard/DashboardPage'),
      (m) => m.DashboardPage,
    ),
    ownerPage: page(
      () => import('../pages/admin/dashboard/OwnerDashboard'),
      (m) => m.OwnerDashboard,
    ),
    nav: { label: 'Dashboard', audiences: signedIn },
  },
  {
    path: '/subscriptions',
    access: 'signedIn',
    title: 'My Subscriptions',
    page: page(
      () => import('../pages/subscriptions/SubscriptionsPage'),
      (m) => m.SubscriptionsPage,
    ),
    nav: { label: 'Subscriptions', audiences: ['customer'] },
    footer: { label: 'My Subscriptions', position: 2 },
  },
  {
    path: '/plans',
    access: 'signedIn',
    title: 'Plans',
    page: page(
      () => import('../pages/plans/PlansPage'),
      (m) => m.PlansPage,
    ),
    nav: { label: 'Plans', audiences: ['customer'] },
    footer: { label: 'Plans', position: 1 },
  },
  {
    path: '/feedback',
    access: 'signedIn',
    title: 'Feedback',
    page: page(
      () => import('../pages/feedback/FeedbackPage'),
      (m) => m.FeedbackPage,
    ),
    nav: { label: 'Feedback', audiences: ['customer'] },
    footer: { label: 'Feedback', position: 3 },
  },
  {
    path: '/payments',
    access: 'signedIn',
    title: 'Payment History',
    page: page(
      () => import('../pages/payments/PaymentsPage'),
      (m) => m.PaymentsPage,
    ),
    nav: { label: 'Payments', audiences: ['customer'] },
  },
  {
    path: '/leaves',
    access: 'signedIn',
    title: 'Leave Requests',
    page: page(
      () => import('../pages/leaves/LeavesPage'),
      (m) => m.LeavesPage,
    ),
    nav: { label: 'Leaves', audiences: ['customer'] },
  },
  {
    path: '/notifications',
    access: 'signedIn',
    title: 'Notifications',
    page: page(
      () => import('../pages/notifications/NotificationsPage'),
      (m) => m.NotificationsPage,
    ),
    nav: { label: 'Notifications', audiences: ['customer'] },
  },
  {
    path: '/admin/plans',
    access: 'owner',
    title: 'Manage Plans',
    page: page(
      () => import('../pages/admin/plans/ManagePlansPage'),
      (m) => m.ManagePlansPage,
    ),
    nav: { label: 'Plans', audiences: ['owner'] },
  },
  {
    path: '/admin/feedback',
    access: 'owner',
    title: 'All User Feedback',
    page: page(
      () => import('../pages/admin/feedback/AdminFeedbackPage'),
      (m) => m.AdminFeedbackPage,
    ),
    nav: { label: 'Feedback', audiences: ['owner'] },
  },
  {
    path: '/admin/leaves',
    access: 'owner',
    title: 'Leave Requests',
    page: page(
      () => import('../pages/admin/leaves/AdminLeavesPage'),
      (m) => m.AdminLeavesPage,
    ),
    nav: { label: 'Leaves', audiences: ['owner'] },
  },
  {
    path: '/admin/refunds',
    access: 'owner',
    title: 'Manage Refunds',
    page: page(
      () => import('../pages/admin/refunds/ManageRefundsPage'),
      (m) => m.ManageRefundsPage,
    ),
    nav: { label: 'Refunds', audiences: ['owner'] },
  },
  {
    path: '/admin/superuser',
    access: 'owner',
    title: 'Payments & Users',
    page: page(
      () => import('../pages/admin/superuser/SuperuserPage'),
      (m) => m.SuperuserPage,
    ),
    nav: { label: 'Payments & Users', audiences: ['owner'] },
  },
  {
    // Issue 6 "Beyond the spec": the owner's kitchen sheet.
    path: '/admin/kitchen',
    access: 'owner',
    title: 'Kitchen Sheet',
    page: page(
      () => import('../pages/admin/kitchen/KitchenSheetPage'),
      (m) => m.KitchenSheetPage,
    ),
    nav: { label: 'Kitchen Sheet', audiences: ['owner'] },
  },
  {
    // Issue 12: every owner action, from the append-only audit log.
    path: '/admin/audit',
    access: 'owner',
    title: 'Audit Log',
    page: page(
      () => import('../pages/admin/audit/AuditLogPage'),
      (m) => m.AuditLogPage,
    ),
    nav: { label: 'Audit Log', audiences: ['owner'] },
  },
  {
    path: '/profile',
    access: 'signedIn',
    title: 'Profile',
    page: page(
      () => import('../pages/profile/ProfilePage'),
      (m) => m.ProfilePage,
    ),
    nav: { label: 'Profile', audiences: signedIn },
  },
  {
    path: '/contact',
    access: 'publicAndSignedIn',
    title: 'Contact Us',
    page: page(
      () => import('../pages/contact/ContactPage'),
      (m) => m.ContactPage,
    ),
    // The mobile menu has the same links, with Contact spelled out as "Contact Us".
    nav: { label: 'Contact', audiences: ['visitor', ...signedIn], mobileLabel: 'Contact Us' },
    footer: { label: 'Contact', position: 4 },
  },
];

export function audienceOf(userType: UserType | null): Audience {
  if (userType === null) return 'visitor';
  return userType === 'mess_owner' ? 'owner' : 'customer';
}

/** The top navigation for `audience`, or the mobile menu's labels with `mobile`. */
export function navigationLinks(audience: Audience, { mobile = false } = {}): NavLink[] {
  return APP_ROUTES.flatMap(({ path, nav }) =>
    nav?.audiences.includes(audience)
      ? [{ to: path, label: (mobile ? nav.mobileLabel : undefined) ?? nav.label }]
      : [],
  );
}

export const FOOTER_LINKS: readonly NavLink[] = APP_ROUTES.flatMap(({ path, footer }) =>
  footer ? [{ to: path, label: footer.label, position: footer.position }] : [],
)
  .sort((a, b) => a.position - b.position)
  .map(({ to, label }) => ({ to, label }));

/** The signed-out header's buttons, in registry order. */
export const HEADER_BUTTONS: readonly HeaderButton[] = APP_ROUTES.flatMap(
  ({ path, headerButton }) => (headerButton ? [{ to: path, ...headerButton }] : []),
);

/** The document title of a route (what the browser tab shows and a screen reader announces). */
export function documentTitle(route: AppRoute | null): string {
  return route ? `${route.title} · Dabba` : 'Dabba';
}

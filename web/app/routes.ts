// Every route of the app, declared once: its path, who may open it, its document title, its page
// (one chunk per route, loaded on first visit or ahead of it, inside the query cache but for the
// landing page) and its links. The router, the guards (machines/onboarding decideRoute), the
// navigation, the header buttons, the mobile menu and the footer read this list. A visitor's pages
// are loaded from here; the signed-in and owner pages through ./signedInPages, a chunk of its own,
// so the landing page's JavaScript does not grow with every new screen.
import type { ComponentType } from 'react';
import { ownerMayOpen, type RouteEntry, type UserType } from '@machines/onboarding';
import {
  accessRoleOf,
  homePathOf,
  isBusinessSide,
  isStaff,
  type AccessRole,
} from '@machines/staff';
import { hasMessage, loadMessages, type MessageId, type Translate } from '@web/i18n/i18n';
import type { Namespace } from '@web/i18n/namespaces';
import { loadServerState } from '@web/session/serverState';
import type { SignedInPage } from './signedInPages';

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

/**
 * A page that reads server state: its chunk, the query cache and the page's own messages (its key
 * prefix, web/i18n/namespaces.ts) load together.
 */
function page<TModule>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
  messages: Namespace,
): RoutePage {
  return routePage(() =>
    Promise.all([load(), loadServerState(), loadMessages(messages)]).then(([module, state]) =>
      state.withQueryClient(pick(module)),
    ),
  );
}

/** The signed-in pages' loaders (./signedInPages): asked for with the first signed-in page. */
export const loadSignedInPages = () => import('./signedInPages');

/**
 * A signed-in or owner page: its loader comes with ./signedInPages, while the query cache and the
 * page's messages load alongside, as for any page.
 */
function signedInPage(name: SignedInPage, messages: Namespace): RoutePage {
  return page(
    () =>
      loadSignedInPages().then(({ SIGNED_IN_PAGES, withLanguageOffer }) =>
        SIGNED_IN_PAGES[name]().then(withLanguageOffer),
      ),
    (component) => component,
    messages,
  );
}

/** The landing page reads nothing from the server, so a visitor's first paint waits for neither. */
function staticPage<TModule>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
): RoutePage {
  return routePage(() => load().then(pick));
}

/**
 * Who sees a navigation link: a signed-out visitor, a customer (student or regular), the business
 * side (the owner and the owner's staff, each role the links its routes let it open).
 */
export type Audience = 'visitor' | 'customer' | 'owner';

export interface AppRoute extends RouteEntry {
  readonly title: MessageId;
  readonly page: RoutePage;
  /** What a mess owner sees on this path instead of `page` (the owner's dashboard). */
  readonly ownerPage?: RoutePage;
  /**
   * The top navigation link, for whom (on the business side, for the roles that may open the
   * route); the mobile menu shows the same links.
   */
  readonly nav?: {
    readonly label: MessageId;
    readonly audiences: readonly Audience[];
    readonly mobileLabel?: MessageId;
    /** The link's words for a role that reads it otherwise (a rider's "My deliveries"). */
    readonly roleLabels?: Partial<Record<AccessRole, MessageId>>;
    /** Under the header's More button when the role's links are too many for one line. */
    readonly more?: boolean;
  };
  /** The footer link; `position` orders the footer's links. */
  readonly footer?: { readonly label: MessageId; readonly position: number };
  /** A signed-out header button (medium widths: the desktop nav and mobile menu have the link). */
  readonly headerButton?: { readonly label: MessageId; readonly tone: 'ghost' | 'primary' };
}

export interface NavLink {
  readonly to: string;
  readonly label: MessageId;
  /** Under the header's More button when the role's links are too many for one line. */
  readonly more?: boolean;
}

export interface HeaderButton extends NavLink {
  readonly tone: 'ghost' | 'primary';
}

const signedIn: readonly Audience[] = ['customer', 'owner'];

// In navigation order: each audience's links are these routes in this order (docs/web.md:
// Navigation).
export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    access: 'public',
    title: 'route.landing',
    page: staticPage(
      () => import('@web/pages/landing/LandingPage'),
      (m) => m.LandingPage,
    ),
  },
  {
    path: '/login',
    access: 'public',
    title: 'route.login',
    page: page(
      () => import('@web/pages/login/LoginPage'),
      (m) => m.LoginPage,
      'auth',
    ),
    nav: { label: 'nav.login', audiences: ['visitor'] },
    headerButton: { label: 'nav.login', tone: 'ghost' },
  },
  {
    path: '/register',
    access: 'public',
    title: 'route.register',
    page: page(
      () => import('@web/pages/register/RegisterPage'),
      (m) => m.RegisterPage,
      'auth',
    ),
    nav: { label: 'nav.register', audiences: ['visitor'] },
    headerButton: { label: 'nav.register', tone: 'primary' },
  },
  {
    path: '/otp-verification',
    access: 'public',
    title: 'route.otp',
    page: page(
      () => import('@web/pages/otp-verification/OtpVerificationPage'),
      (m) => m.OtpVerificationPage,
      'auth',
    ),
  },
  {
    path: '/forgot-password',
    access: 'public',
    title: 'route.forgotPassword',
    page: page(
      () => import('@web/pages/forgot-password/ForgotPasswordPage'),
      (m) => m.ForgotPasswordPage,
      'auth',
    ),
  },
  {
    path: '/reset-password/:uidb64/:token/*',
    access: 'public',
    title: 'route.resetPassword',
    page: page(
      () => import('@web/pages/reset-password/ResetPasswordPage'),
      (m) => m.ResetPasswordPage,
      'auth',
    ),
  },
  {
    // Issue 21: the sandbox's hosted page of a payment link (its short_url), where the customer
    // pays by UPI, signed in or not, as on Razorpay's.
    path: '/pay/:linkId',
    access: 'publicAndSignedIn',
    title: 'route.payLink',
    // Loaded with the signed-in pages: a link opened from an SMS costs a visitor's first paint nothing.
    page: signedInPage('pay-link', 'payLink'),
  },
  {
    // Issue 21: a walk-in claims the account the owner enrolled at the counter (the SMS link).
    path: '/claim/:token/*',
    access: 'public',
    title: 'route.claim',
    page: page(
      () => import('@web/pages/claim/ClaimPage'),
      (m) => m.ClaimPage,
      'auth',
    ),
  },
  {
    path: '/dashboard',
    access: 'signedIn',
    title: 'route.dashboard',
    page: signedInPage('dashboard', 'dashboard'),
    ownerPage: signedInPage('admin/dashboard', 'owner'),
    nav: { label: 'nav.dashboard', audiences: signedIn },
  },
  {
    // Issue 20: the week's menu, each dish in the reader's language with its diet mark. Open to
    // anyone, as the API is: the installed app shows the menu it saved when it starts offline,
    // when the session cannot be restored.
    path: '/menu',
    access: 'publicAndSignedIn',
    title: 'route.menu',
    page: signedInPage('menu', 'menu'),
    nav: { label: 'nav.menu', audiences: ['customer'] },
  },
  {
    path: '/subscriptions',
    access: 'signedIn',
    title: 'route.subscriptions',
    page: signedInPage('subscriptions', 'subscriptions'),
    nav: { label: 'nav.subscriptions', audiences: ['customer'] },
    footer: { label: 'nav.mySubscriptions', position: 2 },
  },
  {
    path: '/plans',
    access: 'signedIn',
    title: 'route.plans',
    page: signedInPage('plans', 'plans'),
    nav: { label: 'nav.plans', audiences: ['customer'] },
    footer: { label: 'nav.plans', position: 1 },
  },
  {
    path: '/feedback',
    access: 'signedIn',
    title: 'route.feedback',
    page: signedInPage('feedback', 'feedback'),
    nav: { label: 'nav.feedback', audiences: ['customer'] },
    footer: { label: 'nav.feedback', position: 3 },
  },
  {
    path: '/payments',
    access: 'signedIn',
    title: 'route.payments',
    page: signedInPage('payments', 'payments'),
    nav: { label: 'nav.payments', audiences: ['customer'] },
  },
  {
    path: '/leaves',
    access: 'signedIn',
    title: 'route.leaves',
    page: signedInPage('leaves', 'leaves'),
    nav: { label: 'nav.leaves', audiences: ['customer'] },
  },
  {
    path: '/notifications',
    access: 'signedIn',
    title: 'route.notifications',
    page: signedInPage('notifications', 'notifications'),
    nav: { label: 'nav.notifications', audiences: ['customer'] },
  },
  {
    path: '/admin/plans',
    access: 'owner',
    // Plans are anyone's to read (listPlans); this page edits them: the owner's and the manager's
    // (who sees no price edits).
    roles: ['mess_owner', 'manager'],
    title: 'route.adminPlans',
    page: signedInPage('admin/plans', 'adminPlans'),
    nav: { label: 'nav.plans', audiences: ['owner'] },
  },
  {
    path: '/admin/feedback',
    access: 'owner',
    operation: 'adminListFeedback',
    title: 'route.adminFeedback',
    page: signedInPage('admin/feedback', 'adminFeedback'),
    nav: { label: 'nav.feedback', audiences: ['owner'] },
  },
  {
    path: '/admin/leaves',
    access: 'owner',
    operation: 'pendingLeaves',
    title: 'route.leaves',
    page: signedInPage('admin/leaves', 'adminLeaves'),
    nav: { label: 'nav.leaves', audiences: ['owner'] },
  },
  {
    path: '/admin/refunds',
    access: 'owner',
    operation: 'pendingRefunds',
    title: 'route.adminRefunds',
    page: signedInPage('admin/refunds', 'adminRefunds'),
    nav: { label: 'nav.refunds', audiences: ['owner'] },
  },
  {
    path: '/admin/superuser',
    access: 'owner',
    operation: 'adminListPayments',
    title: 'route.superuser',
    page: signedInPage('admin/superuser', 'superuser'),
    nav: { label: 'nav.paymentsUsers', audiences: ['owner'] },
  },
  {
    // Issue 6 "Beyond the spec": the owner's kitchen sheet.
    path: '/admin/kitchen',
    access: 'owner',
    operation: 'ownerKitchenSheet',
    title: 'route.kitchen',
    page: signedInPage('admin/kitchen', 'kitchen'),
    nav: { label: 'nav.kitchen', audiences: ['owner'] },
  },
  {
    // Issue 22: a rider's run sheets on their phone; the owner's and a manager's progress of the
    // run, the riders' cash and the routes (the page shows each what its role does).
    path: '/admin/deliveries',
    access: 'owner',
    roles: ['mess_owner', 'manager', 'delivery'],
    title: 'route.deliveries',
    page: signedInPage('admin/deliveries', 'deliveries'),
    // A rider's one link reads "My deliveries"; the owner and a manager follow every rider's.
    nav: {
      label: 'nav.deliveriesOwner',
      audiences: ['owner'],
      roleLabels: { delivery: 'nav.deliveries' },
    },
  },
  {
    // Issue 21: who owes what, by age; each customer's statement; money recorded from it.
    path: '/admin/dues',
    access: 'owner',
    operation: 'ownerListDues',
    title: 'route.dues',
    // In the Payments & Users chunk: its Record Payment is that page's.
    page: signedInPage('admin/dues', 'superuser'),
    nav: { label: 'nav.dues', audiences: ['owner'] },
  },
  // The business pages below are not opened every meal: in a long header (the owner's, a
  // manager's) they sit under More; in a short one (a kitchen account's) they are links like the rest.
  {
    // Issue 20: the owner publishes the weekly menu and changes dates.
    path: '/admin/menu',
    access: 'owner',
    operation: 'setMenuWeekday',
    title: 'route.adminMenu',
    page: signedInPage('admin/menu', 'adminMenu'),
    nav: { label: 'nav.menu', audiences: ['owner'], more: true },
  },
  {
    // Issue 20: dates (or meals) the kitchen is closed; every subscriber who loses one gets it back.
    path: '/admin/closed-days',
    access: 'owner',
    operation: 'ownerListClosedDays',
    title: 'route.closedDays',
    page: signedInPage('admin/closed-days', 'closedDays'),
    nav: { label: 'nav.closedDays', audiences: ['owner'], more: true },
  },
  {
    // Issue 23: every WhatsApp notice and how it went (queued … read, failed, or by SMS). The
    // home's WhatsApp tile links here too.
    path: '/admin/messages',
    access: 'owner',
    operation: 'ownerListWhatsappMessages',
    title: 'route.messages',
    page: signedInPage('admin/messages', 'messages'),
    nav: { label: 'nav.messages', audiences: ['owner'], more: true },
  },
  {
    // Issue 22: the owner's staff (managers, kitchen accounts, riders), their invites and roles.
    path: '/admin/staff',
    access: 'owner',
    operation: 'ownerListStaff',
    title: 'route.staff',
    page: signedInPage('admin/staff', 'staff'),
    nav: { label: 'nav.staff', audiences: ['owner'], more: true },
  },
  {
    // Issue 21: month-end payments and GST reports.
    path: '/admin/reports',
    access: 'owner',
    operation: 'ownerPaymentsReport',
    title: 'route.reports',
    page: signedInPage('admin/reports', 'reports'),
    nav: { label: 'nav.reports', audiences: ['owner'], more: true },
  },
  {
    // Issue 20: the business's policies (meal cutoffs, meal skips).
    path: '/admin/settings',
    access: 'owner',
    operation: 'ownerGetSettings',
    title: 'route.settings',
    page: signedInPage('admin/settings', 'settings'),
    nav: { label: 'nav.settings', audiences: ['owner'], more: true },
  },
  {
    // Issue 12: every owner action, from the append-only audit log.
    path: '/admin/audit',
    access: 'owner',
    operation: 'listAuditLog',
    title: 'route.audit',
    page: signedInPage('admin/audit', 'audit'),
    nav: { label: 'nav.audit', audiences: ['owner'], more: true },
  },
  {
    // Issue 23: customers' requests to erase their accounts (the owner alone completes one).
    path: '/admin/erasure-requests',
    access: 'owner',
    operation: 'ownerListErasureRequests',
    title: 'route.erasureRequests',
    page: signedInPage('admin/erasure', 'erasure'),
    nav: { label: 'nav.erasureRequests', audiences: ['owner'], more: true },
  },
  {
    // Issue 18: one customer's profile, subscriptions, payments, leaves and feedback, opened from
    // their name on the owner's lists.
    path: '/admin/customers/:id',
    access: 'owner',
    operation: 'ownerGetUser',
    title: 'route.customer',
    // In the Payments & Users chunk, where most visits come from.
    page: signedInPage('admin/customers', 'superuser'),
  },
  {
    path: '/profile',
    access: 'signedIn',
    staff: true,
    title: 'route.profile',
    page: signedInPage('profile', 'profile'),
    nav: { label: 'nav.profile', audiences: signedIn },
  },
  {
    // Issue 23: the customer's consents, data download and erasure request.
    path: '/profile/privacy',
    access: 'signedIn',
    operation: 'getMyConsents',
    title: 'route.privacySettings',
    page: signedInPage('profile/privacy', 'privacy'),
  },
  {
    // Issue 23: the privacy notice (DPDP Act), versioned, for visitors and the signed-in alike.
    path: '/privacy',
    access: 'publicAndSignedIn',
    title: 'route.privacy',
    page: page(
      () => import('@web/pages/privacy/PrivacyNoticePage'),
      (m) => m.PrivacyNoticePage,
      'privacy',
    ),
  },
  {
    path: '/contact',
    access: 'publicAndSignedIn',
    title: 'route.contact',
    page: page(
      () => import('@web/pages/contact/ContactPage'),
      (m) => m.ContactPage,
      'contact',
    ),
    // The mobile menu has the same links, with Contact spelled out as "Contact Us".
    nav: {
      label: 'nav.contact',
      audiences: ['visitor', ...signedIn],
      mobileLabel: 'nav.contactUs',
    },
    footer: { label: 'nav.contact', position: 4 },
  },
];

export function audienceOf(userType: UserType | null): Audience {
  if (userType === null) return 'visitor';
  return isBusinessSide(userType) ? 'owner' : 'customer';
}

/** Whether the signed-in user's role may open a business route (SessionProvider's mayOpen). */
export type MayOpen = (route: RouteEntry) => boolean;

/**
 * The top navigation for `audience`, or the mobile menu's labels with `mobile`. The business side
 * sees the links its role (`userType`, `mayOpen`; the owner's by default) may open, by decideRoute's
 * rules.
 */
export function navigationLinks(
  audience: Audience,
  {
    mobile = false,
    userType = null,
    mayOpen = ownerMayOpen,
  }: { mobile?: boolean; userType?: UserType | null; mayOpen?: MayOpen } = {},
): NavLink[] {
  const role = accessRoleOf(userType ?? 'mess_owner');
  return APP_ROUTES.flatMap((route) => {
    const { path, nav } = route;
    if (!nav?.audiences.includes(audience)) return [];
    if (audience === 'owner' && !businessSees(route, userType ?? 'mess_owner', mayOpen)) return [];
    const label = (mobile ? nav.mobileLabel : undefined) ?? nav.roleLabels?.[role] ?? nav.label;
    return [nav.more ? { to: path, label, more: true } : { to: path, label }];
  });
}

function businessSees(route: AppRoute, userType: UserType, mayOpen: MayOpen): boolean {
  if (route.access === 'owner') return mayOpen(route);
  // A staff account's customer-side pages: its home (a manager's dashboard) and its profile.
  if (route.access === 'signedIn' && isStaff(userType)) {
    return route.staff === true || route.path === homePathOf(userType);
  }
  return true;
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
export function documentTitle(route: AppRoute | null, t: Translate): string {
  // Until a page's messages have loaded, the tab says "Dabba" rather than a message key.
  return route && hasMessage(route.title) ? `${t(route.title)} · Dabba` : 'Dabba';
}

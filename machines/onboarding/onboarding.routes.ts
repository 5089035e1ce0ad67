// Spec §2: the route table and the guard rules, as data and pure functions of (loading, user, path).
import type { RouteUser, UserStatus, UserType } from './onboarding.context';

export type RouteAccess = 'public' | 'publicAndSignedIn' | 'signedIn' | 'owner';

export interface RouteEntry {
  /** A path; a trailing '/*' matches any rest, ':name' matches one segment. */
  readonly path: string;
  readonly access: RouteAccess;
}

export const ROUTES: readonly RouteEntry[] = [
  { path: '/', access: 'public' },
  { path: '/login', access: 'public' },
  { path: '/register', access: 'public' },
  { path: '/otp-verification', access: 'public' },
  { path: '/forgot-password', access: 'public' },
  { path: '/reset-password/:uidb64/:token/*', access: 'public' },
  { path: '/contact', access: 'publicAndSignedIn' },
  { path: '/dashboard', access: 'signedIn' },
  { path: '/subscriptions', access: 'signedIn' },
  { path: '/plans', access: 'signedIn' },
  { path: '/feedback', access: 'signedIn' },
  { path: '/payments', access: 'signedIn' },
  { path: '/leaves', access: 'signedIn' },
  { path: '/notifications', access: 'signedIn' },
  { path: '/profile', access: 'signedIn' },
  { path: '/admin/plans', access: 'owner' },
  { path: '/admin/leaves', access: 'owner' },
  { path: '/admin/feedback', access: 'owner' },
  { path: '/admin/refunds', access: 'owner' },
  { path: '/admin/superuser', access: 'owner' },
  { path: '/admin/kitchen', access: 'owner' },
];

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function matches(pattern: string, pathname: string): boolean {
  const patternParts = pattern.split('/');
  const pathParts = pathname.split('/');
  for (let index = 0; index < patternParts.length; index++) {
    const part = patternParts[index];
    if (part === '*') return true;
    const actual = pathParts[index];
    if (actual === undefined) return false;
    if (part?.startsWith(':')) {
      if (actual.length === 0) return false;
    } else if (part !== actual) {
      return false;
    }
  }
  return patternParts.length === pathParts.length;
}

/** The route table entry for `pathname`, or null for an unknown path (which redirects to /). */
export function matchRoute(pathname: string): RouteEntry | null {
  const path = normalise(pathname);
  return ROUTES.find((route) => matches(route.path, path)) ?? null;
}

/** /admin/* is for the mess owner only. */
export function isOwnerRoute(pathname: string): boolean {
  const path = normalise(pathname);
  return path === '/admin' || path.startsWith('/admin/');
}

export function isOwner(user: Pick<RouteUser, 'userType'> | null | undefined): boolean {
  return user?.userType === 'mess_owner';
}

export type RouteDecision =
  | { readonly kind: 'spinner' }
  | { readonly kind: 'allow' }
  /** A signed-in non-owner on /admin/*: the caller shows its 403 page. */
  | { readonly kind: 'forbidden' }
  | { readonly kind: 'redirect'; readonly to: string; readonly state?: { readonly from: string } };

export function otpVerificationPath(phone: string): string {
  return `/otp-verification?phone=${encodeURIComponent(phone)}`;
}

/**
 * /login and /register for a signed-in user: /otp-verification with the phone while unverified,
 * else /dashboard. `allow` when nobody is signed in.
 */
export function publicRouteRedirect(user: RouteUser | null): RouteDecision {
  if (!user) return { kind: 'allow' };
  if (user.status === 'unverified')
    return { kind: 'redirect', to: otpVerificationPath(user.phone) };
  return { kind: 'redirect', to: '/dashboard' };
}

export interface RouteQuery {
  /** The session is still being restored (or the profile fetched). */
  readonly loading: boolean;
  readonly user: RouteUser | null;
  readonly pathname: string;
  /** Kept in the remembered origin, e.g. '?tab=2'. */
  readonly search?: string;
}

/** Spec §2 "Guard rules", in order, for any path. */
export function decideRoute({ loading, user, pathname, search = '' }: RouteQuery): RouteDecision {
  const route = matchRoute(pathname);
  if (!route) return { kind: 'redirect', to: '/' };
  const path = normalise(pathname);

  if (route.access === 'public') {
    if (path !== '/login' && path !== '/register') return { kind: 'allow' };
    // Unverified users stay on /login and /register only while signed out; signed-in users move on.
    if (loading) return { kind: 'spinner' };
    return publicRouteRedirect(user);
  }
  if (route.access === 'publicAndSignedIn') return { kind: 'allow' };

  if (loading) return { kind: 'spinner' };
  if (!user) return { kind: 'redirect', to: '/login', state: { from: `${path}${search}` } };
  if (user.status === 'unverified') {
    return { kind: 'redirect', to: otpVerificationPath(user.phone) };
  }
  if (user.status === 'registration_complete' && path !== '/profile') {
    return { kind: 'redirect', to: '/profile' };
  }
  if (route.access === 'owner' && !isOwner(user)) return { kind: 'forbidden' };
  return { kind: 'allow' };
}

/** Where the user goes after a successful OTP verification. */
export function afterOtpVerified(status: UserStatus): '/profile' | '/login' {
  return status === 'registration_complete' ? '/profile' : '/login';
}

/** Where the user goes PROFILE_COMPLETE_REDIRECT_MS after reaching profile_complete. */
export const AFTER_PROFILE_COMPLETE = '/dashboard';

export interface NavLink {
  readonly to: string;
  readonly label: string;
}

/** Top navigation by role (spec §2 "Navigation"); null for a signed-out visitor. */
export function navigationLinks(userType: UserType | null): readonly NavLink[] {
  if (userType === null) {
    return [
      { to: '/login', label: 'Login' },
      { to: '/register', label: 'Register' },
      { to: '/contact', label: 'Contact' },
    ];
  }
  const both: NavLink[] = [
    { to: '/profile', label: 'Profile' },
    { to: '/contact', label: 'Contact' },
  ];
  if (userType === 'mess_owner') {
    return [
      { to: '/dashboard', label: 'Dashboard' },
      { to: '/admin/plans', label: 'Plans' },
      { to: '/admin/feedback', label: 'Feedback' },
      { to: '/admin/leaves', label: 'Leaves' },
      { to: '/admin/refunds', label: 'Refunds' },
      { to: '/admin/superuser', label: 'Payments & Users' },
      { to: '/admin/kitchen', label: 'Kitchen Sheet' },
      ...both,
    ];
  }
  return [
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/subscriptions', label: 'Subscriptions' },
    { to: '/plans', label: 'Plans' },
    { to: '/feedback', label: 'Feedback' },
    { to: '/payments', label: 'Payments' },
    { to: '/leaves', label: 'Leaves' },
    { to: '/notifications', label: 'Notifications' },
    ...both,
  ];
}

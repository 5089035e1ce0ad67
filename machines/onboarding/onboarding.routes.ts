// The route guards, as pure functions of (loading, user, path) over a route table that the web
// app declares (web/app/routes.ts), so every route's path and access are written once.
import type { OperationId } from '../staff/staff.access';
import { homePathOf, isBusinessSide, isStaff, type AccessRole } from '../staff/staff.rules';
import type { RouteUser, UserStatus, UserType } from './onboarding.types';

/**
 * `owner`: the business side (the owner and the owner's staff), each role only where the route's
 * `operation` and `roles` let it; customers get the 403 page there.
 */
export type RouteAccess = 'public' | 'publicAndSignedIn' | 'signedIn' | 'owner';

export interface RouteEntry {
  /** A path; a trailing '/*' matches any rest, ':name' matches one segment. */
  readonly path: string;
  readonly access: RouteAccess;
  /** The operation the page stands on: a role that may not call it may not open the page. */
  readonly operation?: OperationId;
  /** Only these roles open the page (a rider's deliveries). */
  readonly roles?: readonly AccessRole[];
  /** A signed-in page a staff account opens too (its profile); the customers' others are not. */
  readonly staff?: boolean;
}

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

/** The entry of `routes` for `pathname`, or null for an unknown path (which redirects to /). */
export function matchRoute<TRoute extends RouteEntry>(
  routes: readonly TRoute[],
  pathname: string,
): TRoute | null {
  const path = normalise(pathname);
  return routes.find((route) => matches(route.path, path)) ?? null;
}

export function isOwner(user: Pick<RouteUser, 'userType'> | null | undefined): boolean {
  return user?.userType === 'mess_owner';
}

/**
 * Who opens a business route when the host gives no mayOpen (machines/staff roleMayOpen, which
 * reads the contract's roles table): the owner, where the route names no other roles.
 */
export function ownerMayOpen(route: Pick<RouteEntry, 'roles'>): boolean {
  return !route.roles || route.roles.includes('mess_owner');
}

export type RouteDecision =
  | { readonly kind: 'spinner' }
  | { readonly kind: 'allow' }
  /** A signed-in customer on /admin/*: the caller shows its 403 page. */
  | { readonly kind: 'forbidden' }
  /** The owner's staff on a business page their role may not use: "not allowed for your role". */
  | { readonly kind: 'notForRole' }
  | { readonly kind: 'redirect'; readonly to: string; readonly state?: { readonly from: string } };

/**
 * The user still has to prove their phone with a code: a registration not verified yet, or a
 * customer whose number the owner changed (the status stays; only the phone waits). Staff prove
 * theirs by claiming their invite. Here beside the guards, not with the rules: the guards carry
 * no refusal sentences into the first paint.
 */
export function awaitsPhoneCheck(user: {
  readonly status: UserStatus;
  readonly userType: UserType;
  readonly phoneVerified?: boolean | undefined;
}): boolean {
  if (user.status === 'unverified') return true;
  return !isBusinessSide(user.userType) && user.phoneVerified === false;
}

export function otpVerificationPath(phone: string): string {
  return `/otp-verification?phone=${encodeURIComponent(phone)}`;
}

/**
 * /login and /register for a signed-in user: /otp-verification with the phone while unverified,
 * else /dashboard. `allow` when nobody is signed in.
 */
export function publicRouteRedirect(user: RouteUser | null): RouteDecision {
  if (!user) return { kind: 'allow' };
  const to = awaitsPhoneCheck(user) ? otpVerificationPath(user.phone) : '/dashboard';
  return { kind: 'redirect', to };
}

export interface RouteQuery {
  /** The session is still being restored (or the profile fetched). */
  readonly loading: boolean;
  readonly user: RouteUser | null;
  readonly pathname: string;
  /** Kept in the remembered origin, e.g. '?tab=2'. */
  readonly search?: string;
  /**
   * Whether the signed-in user's role may open a business route: machines/staff roleMayOpen for
   * them. Without it, only the owner opens business routes (ownerMayOpen).
   */
  readonly mayOpen?: (route: RouteEntry) => boolean;
}

/** The guard rules in order (docs/web.md: Guards), for any path of `routes`. */
export function decideRoute(
  routes: readonly RouteEntry[],
  { loading, user, pathname, search = '', mayOpen }: RouteQuery,
): RouteDecision {
  const route = matchRoute(routes, pathname);
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
  // Unverified, or a customer whose number the owner changed: the code first.
  if (awaitsPhoneCheck(user)) return { kind: 'redirect', to: otpVerificationPath(user.phone) };
  // A customer completes a profile first; staff have none to complete (completeProfile is customers').
  if (user.status === 'registration_complete' && path !== '/profile' && !isStaff(user.userType)) {
    return { kind: 'redirect', to: '/profile' };
  }
  if (route.access === 'owner') {
    if (!isBusinessSide(user.userType)) return { kind: 'forbidden' };
    const allowed = mayOpen
      ? mayOpen(route)
      : user.userType === 'mess_owner' && ownerMayOpen(route);
    return allowed ? { kind: 'allow' } : { kind: 'notForRole' };
  }
  // Staff are not customers: a customer's page sends them to where their role starts.
  if (route.access === 'signedIn' && isStaff(user.userType)) {
    const home = homePathOf(user.userType);
    if (path !== home && !route.staff) return { kind: 'redirect', to: home };
  }
  return { kind: 'allow' };
}

/** Where the user goes after a successful OTP verification. */
export function afterOtpVerified(status: UserStatus): '/profile' | '/login' {
  return status === 'registration_complete' ? '/profile' : '/login';
}

/** Where the user goes PROFILE_COMPLETE_REDIRECT_MS after reaching profile_complete. */
export const AFTER_PROFILE_COMPLETE = '/dashboard';

// User status and the route guards (docs/web.md: Guards).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  AFTER_PROFILE_COMPLETE,
  afterOtpVerified,
  decideRoute,
  isOtpDone,
  matchRoute,
  onboardingMachine,
  PROFILE_COMPLETE_REDIRECT_MS,
  publicRouteRedirect,
  type RouteDecision,
  type RouteEntry,
  type RouteUser,
  selectIsOnboarded,
  selectNeedsOtp,
  selectNeedsProfile,
  validateProfile,
} from '@machines';

// The guards read the host's route table; this one has a row of every kind of access the cases
// need (the web app's own table is checked in tests/web/routes.test.ts).
const ROUTES: readonly RouteEntry[] = [
  { path: '/', access: 'public' },
  { path: '/login', access: 'public' },
  { path: '/register', access: 'public' },
  { path: '/otp-verification', access: 'public' },
  { path: '/reset-password/:uidb64/:token/*', access: 'public' },
  { path: '/contact', access: 'publicAndSignedIn' },
  { path: '/dashboard', access: 'signedIn' },
  { path: '/subscriptions', access: 'signedIn' },
  { path: '/payments', access: 'signedIn' },
  { path: '/leaves', access: 'signedIn' },
  { path: '/profile', access: 'signedIn' },
  { path: '/admin/plans', access: 'owner' },
  { path: '/admin/refunds', access: 'owner' },
  { path: '/admin/superuser', access: 'owner' },
];

const customer = (status: RouteUser['status']): RouteUser => ({
  status,
  userType: 'student',
  phone: '+919876543210',
});
const owner: RouteUser = {
  status: 'profile_complete',
  userType: 'mess_owner',
  phone: '+919000000000',
};

describe('decideRoute (the guard rules)', () => {
  const cases: Array<[string, Parameters<typeof decideRoute>[1], RouteDecision]> = [
    [
      'spinner while loading',
      { loading: true, user: null, pathname: '/dashboard' },
      { kind: 'spinner' },
    ],
    [
      'no user → /login, remembering the origin',
      { loading: false, user: null, pathname: '/leaves', search: '?tab=2' },
      { kind: 'redirect', to: '/login', state: { from: '/leaves?tab=2' } },
    ],
    [
      'unverified → /otp-verification with the phone',
      { loading: false, user: customer('unverified'), pathname: '/subscriptions' },
      { kind: 'redirect', to: '/otp-verification?phone=%2B919876543210' },
    ],
    [
      'a customer whose number the owner changed → /otp-verification with the new phone',
      {
        loading: false,
        user: { ...customer('profile_complete'), phoneVerified: false },
        pathname: '/dashboard',
      },
      { kind: 'redirect', to: '/otp-verification?phone=%2B919876543210' },
    ],
    [
      'a staff member, whose phone is proven by the invite, is not sent there',
      {
        loading: false,
        user: { ...owner, userType: 'manager', phoneVerified: false },
        pathname: '/admin/superuser',
        mayOpen: () => true,
      },
      { kind: 'allow' },
    ],
    [
      'registration_complete → /profile',
      { loading: false, user: customer('registration_complete'), pathname: '/dashboard' },
      { kind: 'redirect', to: '/profile' },
    ],
    [
      'registration_complete may stay on /profile',
      { loading: false, user: customer('registration_complete'), pathname: '/profile' },
      { kind: 'allow' },
    ],
    [
      'registration_complete owner also completes the profile first',
      {
        loading: false,
        user: { ...owner, status: 'registration_complete' },
        pathname: '/admin/plans',
      },
      { kind: 'redirect', to: '/profile' },
    ],
    [
      'profile_complete customer on a customer route',
      { loading: false, user: customer('profile_complete'), pathname: '/payments/' },
      { kind: 'allow' },
    ],
    [
      'customer on an owner route → forbidden (the caller shows 403)',
      { loading: false, user: customer('profile_complete'), pathname: '/admin/refunds' },
      { kind: 'forbidden' },
    ],
    [
      'owner on an owner route',
      { loading: false, user: owner, pathname: '/admin/superuser' },
      { kind: 'allow' },
    ],
    [
      'unknown path → /',
      { loading: false, user: owner, pathname: '/nope' },
      { kind: 'redirect', to: '/' },
    ],
    ['landing is public', { loading: true, user: null, pathname: '/' }, { kind: 'allow' }],
    [
      'contact for everyone',
      { loading: false, user: null, pathname: '/contact' },
      { kind: 'allow' },
    ],
    [
      'reset-password with its tokens',
      { loading: false, user: null, pathname: '/reset-password/MQ/abc-123/' },
      { kind: 'allow' },
    ],
    ['/login signed out', { loading: false, user: null, pathname: '/login' }, { kind: 'allow' }],
    [
      '/login signed in → /dashboard',
      { loading: false, user: customer('profile_complete'), pathname: '/login' },
      { kind: 'redirect', to: '/dashboard' },
    ],
    [
      '/register unverified → /otp-verification with the phone',
      { loading: false, user: customer('unverified'), pathname: '/register' },
      { kind: 'redirect', to: '/otp-verification?phone=%2B919876543210' },
    ],
    [
      '/otp-verification is public',
      { loading: false, user: customer('unverified'), pathname: '/otp-verification' },
      { kind: 'allow' },
    ],
  ];
  it.each(cases)('%s', (_name, query, expected) => {
    expect(decideRoute(ROUTES, query)).toEqual(expected);
  });

  it('publicRouteRedirect', () => {
    expect(publicRouteRedirect(null)).toEqual({ kind: 'allow' });
    expect(publicRouteRedirect(owner)).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('after OTP verification', () => {
    expect(afterOtpVerified('registration_complete')).toBe('/profile');
    expect(afterOtpVerified('unverified')).toBe('/login');
    expect(afterOtpVerified('profile_complete')).toBe('/login');
    expect(AFTER_PROFILE_COMPLETE).toBe('/dashboard');
    expect(PROFILE_COMPLETE_REDIRECT_MS).toBe(1200);
    expect(isOtpDone('unverified')).toBe(false);
    expect(isOtpDone('registration_complete')).toBe(true);
  });

  it('matches paths against the table: params, a trailing rest, trailing slashes', () => {
    expect(matchRoute(ROUTES, '/reset-password/x')).toBeNull();
    expect(matchRoute(ROUTES, '/reset-password/MQ/abc-123/set')?.path).toBe(
      '/reset-password/:uidb64/:token/*',
    );
    expect(matchRoute(ROUTES, '/reset-password//abc-123/')).toBeNull();
    expect(matchRoute(ROUTES, '/profile/')?.access).toBe('signedIn');
    expect(matchRoute(ROUTES, '/profile/extra')).toBeNull();
    expect(matchRoute(ROUTES, '/nope')).toBeNull();
  });
});

describe('onboarding machine', () => {
  it('moves unverified → registration_complete → profile_complete with its tags', () => {
    const actor = createActor(onboardingMachine, { input: { userType: 'regular' } }).start();
    expect(selectNeedsOtp(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'onboarding.verify_otp' });
    expect(selectNeedsProfile(actor.getSnapshot())).toBe(true);
    actor.send({
      type: 'onboarding.complete_profile',
      profile: {
        isTiffinUser: false,
        isMessUser: true,
        regularProfile: { address: 'a', landmark: 'b', pincode: '1', city: '' },
      },
    });
    expect(actor.getSnapshot().value).toBe('registration_complete');
    actor.send({
      type: 'onboarding.complete_profile',
      profile: {
        isTiffinUser: false,
        isMessUser: true,
        regularProfile: { address: 'a', landmark: 'b', pincode: '1', city: 'c' },
      },
    });
    expect(selectIsOnboarded(actor.getSnapshot())).toBe(true);
  });

  it('validateProfile lists every reason Save is disabled', () => {
    expect(
      validateProfile('student', { isTiffinUser: false, isMessUser: false }).map((r) => r.code),
    ).toEqual(['onboarding.service_choice_required', 'onboarding.profile_fields_required']);
    expect(
      validateProfile('student', {
        isTiffinUser: true,
        isMessUser: false,
        studentProfile: {
          institute: 'KIET',
          studentId: '1',
          hostel: 'H',
          year: '1st',
          course: 'BCA',
        },
      }),
    ).toEqual([]);
    expect(validateProfile('mess_owner', { isTiffinUser: true, isMessUser: false })[0]?.code).toBe(
      'onboarding.owner_profile_read_only',
    );
  });
});

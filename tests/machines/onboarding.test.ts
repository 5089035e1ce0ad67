// User status and the route guards of spec §2.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  AFTER_PROFILE_COMPLETE,
  PROFILE_COMPLETE_REDIRECT_MS,
  ROUTES,
  afterOtpVerified,
  decideRoute,
  isOtpDone,
  isOwnerRoute,
  matchRoute,
  navigationLinks,
  onboardingMachine,
  publicRouteRedirect,
  selectIsOnboarded,
  selectNeedsOtp,
  selectNeedsProfile,
  validateProfile,
} from '../../machines';
import type { RouteDecision, RouteUser } from '../../machines';

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

describe('decideRoute (spec §2 guard rules)', () => {
  const cases: Array<[string, Parameters<typeof decideRoute>[0], RouteDecision]> = [
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
    expect(decideRoute(query)).toEqual(expected);
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

  it('the route table', () => {
    expect(
      ROUTES.filter((route) => route.access === 'owner').every((r) => isOwnerRoute(r.path)),
    ).toBe(true);
    expect(
      ROUTES.filter((route) => route.access !== 'owner').some((r) => isOwnerRoute(r.path)),
    ).toBe(false);
    expect(matchRoute('/reset-password/x')).toBeNull();
    expect(matchRoute('/profile')?.access).toBe('signedIn');
  });

  it('navigation by role', () => {
    expect(navigationLinks(null).map((link) => link.to)).toEqual([
      '/login',
      '/register',
      '/contact',
    ]);
    expect(navigationLinks('mess_owner').map((link) => link.to)).toContain('/admin/refunds');
    expect(navigationLinks('regular').map((link) => link.to)).not.toContain('/admin/refunds');
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

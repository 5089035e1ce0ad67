import type { ProfileInput } from './onboarding.context';

export type OnboardingEvent =
  /** The OTP was verified. */
  | { readonly type: 'onboarding.verify_otp' }
  /** The profile form was saved (also later, to edit it). */
  | { readonly type: 'onboarding.complete_profile'; readonly profile: ProfileInput };

export type OnboardingEventType = OnboardingEvent['type'];

/** Well-formed examples of each action, for allowedEvents(). */
export const onboardingActionProbes: readonly OnboardingEvent[] = [
  { type: 'onboarding.verify_otp' },
  {
    type: 'onboarding.complete_profile',
    profile: {
      isTiffinUser: true,
      isMessUser: false,
      studentProfile: { institute: 'KIET', studentId: '1', hostel: 'A', year: '1st', course: 'B' },
      regularProfile: { address: 'A', landmark: 'B', pincode: '201206', city: 'C' },
    },
  },
];

import type { SnapshotFrom } from 'xstate';
import type { OnboardingMachine } from './onboarding.machine';

type OnboardingSnapshot = SnapshotFrom<OnboardingMachine>;

export const selectNeedsOtp = (snapshot: OnboardingSnapshot) => snapshot.hasTag('needsOtp');
export const selectNeedsProfile = (snapshot: OnboardingSnapshot) => snapshot.hasTag('needsProfile');
export const selectIsOnboarded = (snapshot: OnboardingSnapshot) => snapshot.hasTag('complete');

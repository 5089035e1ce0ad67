// How screens name an account's status (web badges, `dabba` tables).
import type { UserStatus } from './onboarding.context';

export const USER_STATUS_LABELS: Readonly<Record<UserStatus, string>> = {
  unverified: 'Unverified',
  // The phone is verified but the profile is not filled in yet: "Registration Complete" read as done.
  registration_complete: 'Profile Incomplete',
  profile_complete: 'Profile Complete',
};

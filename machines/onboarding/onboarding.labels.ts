// How screens name an account's status (web badges, `dabba` tables).
import type { UserStatus } from './onboarding.context';

export const USER_STATUS_LABELS: Readonly<Record<UserStatus, string>> = {
  unverified: 'Unverified',
  registration_complete: 'Registration Complete',
  profile_complete: 'Profile Complete',
};

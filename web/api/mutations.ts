// The customer's writes that belong to no one lifecycle: the profile and the password (./query
// derives each from the contract; a lifecycle's own are in web/features/<name>).
import { useApiMutation } from './query';
import type { Schemas } from './queries';

export const useCompleteProfile = () =>
  useApiMutation('post', '/accounts/complete-profile/', {
    init: (body: Schemas['CompleteProfileRequest']) => ({ body }),
  });

export const useChangePassword = () =>
  useApiMutation('post', '/accounts/change-password/', {
    init: (body: Schemas['ChangePasswordRequest']) => ({ body }),
  });

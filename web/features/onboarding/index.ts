// The account (machines/onboarding, server/lifecycles/onboarding) on the web: what signing in
// offers about the account's language, a customer's profile fields as every form shows them (the
// customer's own profile, the owner's walk-in form), the owner's dialog that changes a customer's
// details, and the rules of a password being chosen (registering, claiming, resetting).
export { LanguageOffer } from './LanguageOffer';
export * from './onboarding.api';
export { confirmPasswordError, newPasswordError } from './password';
export { CustomerDetailsDialog, LANGUAGE_NAMES } from './CustomerDetailsDialog';
export {
  EMPTY_PROFILE,
  OwnerProfileFields,
  profileBodyOf,
  profileErrorsOf,
  ProfileFields,
  profileKeyOf,
  profileServerName,
  profileValuesOf,
  type ProfileValues,
} from './ProfileFields';

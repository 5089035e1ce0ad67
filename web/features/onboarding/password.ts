// The rules of a password being chosen (registering, claiming an account, resetting it), with their
// messages in the current language. How long it must be is the page's: the server asks 6 of a new
// account and 8 of a reset.
import { t } from '@web/i18n/i18n';

/** The complaint about a new password: none typed, or shorter than `min`. */
export function newPasswordError(password: string, min: number): string | undefined {
  if (!password) return t('auth.validation.passwordRequired');
  return password.length < min ? t('auth.validation.passwordMin', { min }) : undefined;
}

/** The complaint about the password typed again: none typed, or not the same as `password`. */
export function confirmPasswordError(confirm: string, password: string): string | undefined {
  if (!confirm) return t('auth.validation.confirmPassword');
  return confirm !== password ? t('auth.validation.passwordsMismatch') : undefined;
}

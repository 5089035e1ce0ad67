import type { MachineError } from '../shared/failure';

/** "Login Failed" with the server's message, else this default. */
export const LOGIN_FAILED_TITLE = 'Login Failed';
export const LOGIN_FAILED_MESSAGE = 'Invalid credentials. Please try again.';

export function loginFailedMessage(error: MachineError | null): string {
  if (error?.failure === 'network') return 'Could not reach the server. Please try again.';
  return error?.message ?? LOGIN_FAILED_MESSAGE;
}

/** A forced logout: a refresh failed, or there was no refresh token (the web app's toast). */
export const SESSION_EXPIRED_TITLE = 'Session Expired';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

import type { MachineError } from '../shared/failure';

/** Tokens as the API returns them (POST /accounts/login/, /accounts/verify-otp/). */
export interface SessionTokens {
  readonly access: string;
  readonly refresh: string | null;
}

/** What the host found in storage (localStorage on the web, a 0600 file for the CLI). */
export interface StoredTokens {
  readonly access: string | null;
  readonly refresh: string | null;
}

/** POST /accounts/token/refresh/ answers a new access token, and a new refresh token if it rotates them. */
export interface RefreshedTokens {
  readonly access: string;
  readonly refresh?: string | null;
}

export interface Credentials {
  readonly username: string;
  readonly password: string;
}

export type ForcedLogoutReason =
  | 'refresh-failed'
  | 'no-refresh-token'
  | 'unauthorized-after-refresh'
  | 'expired-without-refresh-token';

export interface SessionContext {
  readonly accessToken: string | null;
  readonly refreshToken: string | null;
  /** Requests that have had their one refresh after a 401 (most recent last, bounded). */
  readonly refreshedRequestIds: readonly string[];
  readonly error: MachineError | null;
  readonly forcedLogoutReason: ForcedLogoutReason | null;
}

/** How many request ids to remember; older ones are long finished. */
export const REMEMBERED_REQUEST_IDS = 50;

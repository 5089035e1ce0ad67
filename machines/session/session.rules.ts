// Reading a JWT's claims without verifying it: the client only needs `exp` to know when to refresh.
import { REFRESH_THRESHOLD_MS } from '../shared/constants';

/** How many request ids to remember; older ones are long finished. */
export const REMEMBERED_REQUEST_IDS = 50;

function base64UrlDecode(segment: string): string | null {
  try {
    const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return null;
  }
}

/** The payload claims of a JWT, or null when it is not a readable JWT. */
export function decodeJwtPayload(jwt: string | null | undefined): Record<string, unknown> | null {
  if (typeof jwt !== 'string') return null;
  const payload = jwt.split('.')[1];
  if (payload === undefined) return null;
  const json = base64UrlDecode(payload);
  if (json === null) return null;
  try {
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** When the token expires, in ms since the epoch, or null when it has no numeric `exp` claim. */
export function tokenExpiresAtMs(jwt: string | null | undefined): number | null {
  const exp = decodeJwtPayload(jwt)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * A token counts as expiring when it has no `exp` claim (or cannot be read) or expires within
 * `thresholdMs` (120 s) of `nowMs`, so it is refreshed before a request fails with it.
 */
export function isTokenExpiring(
  jwt: string | null | undefined,
  nowMs: number,
  thresholdMs: number = REFRESH_THRESHOLD_MS,
): boolean {
  const expiresAtMs = tokenExpiresAtMs(jwt);
  return expiresAtMs === null || expiresAtMs - nowMs <= thresholdMs;
}

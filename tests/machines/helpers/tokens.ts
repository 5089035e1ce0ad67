// Unsigned JWT-shaped strings for tests: the client never verifies signatures.
function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function jwt(claims: Record<string, unknown>): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.signature`;
}

/** A token expiring `msFromNow` after `nowMs`. */
export function tokenExpiringIn(msFromNow: number, nowMs: number = Date.now()): string {
  return jwt({ exp: Math.floor((nowMs + msFromNow) / 1000), token_type: 'access' });
}

// HS256 JWTs through jose: the only algorithm we issue, so the only one we accept.
import { SignJWT, jwtVerify } from 'jose';

export interface Claims {
  sub: string;
  sid: string;
  typ: 'access' | 'refresh';
  jti?: string;
  iat: number;
  exp: number;
}

const ALGORITHM = 'HS256';
const HEADER_TYP = 'JWT';

// jose imports a raw Uint8Array secret on every call; importing it once per secret saves that work.
const keys = new Map<string, Promise<CryptoKey>>();
function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * jose decodes with atob, which forgives padding, whitespace and stray trailing bits, so one token
 * could be written several ways. Only the one canonical spelling of each part is accepted.
 */
function isCanonical(token: string): boolean {
  const parts = token.split('.');
  return (
    parts.length === 3 &&
    parts.every(
      (part) =>
        BASE64URL.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part,
    )
  );
}

export async function signJwt(claims: Claims, secret: string): Promise<string> {
  const { sub, iat, exp, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: ALGORITHM, typ: HEADER_TYP })
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(await keyFor(secret));
}

/**
 * Tokens whose signature jose has checked, by their exact text. A client sends the same access
 * token for up to 15 minutes; checking its signature once saves WebCrypto's round trip through
 * the thread pool on every later request. Only the signature is remembered: expiry is checked on
 * every call, and revocation by the session lookup that follows. Bounded, oldest out first.
 */
const VERIFIED_LIMIT = 10_000;
const verified = new Map<string, { secret: string; claims: Claims }>();

function remember(token: string, secret: string, claims: Claims) {
  if (verified.size >= VERIFIED_LIMIT) {
    const oldest = verified.keys().next().value;
    if (oldest !== undefined) verified.delete(oldest);
  }
  verified.set(token, { secret, claims });
}

/** The claims of a valid, unexpired token, or null for anything else. */
export async function verifyJwt(
  token: string,
  secret: string,
  nowSeconds: number,
): Promise<Claims | null> {
  const known = verified.get(token);
  if (known && known.secret === secret) {
    // Expired at its `exp` second, as jose reads it.
    if (known.claims.exp > nowSeconds) return known.claims;
    verified.delete(token);
    return null;
  }
  if (!isCanonical(token)) return null;
  try {
    const { payload } = await jwtVerify(token, await keyFor(secret), {
      algorithms: [ALGORITHM],
      typ: HEADER_TYP,
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: new Date(nowSeconds * 1000),
    });
    const { sub, sid, typ, jti, iat, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string') return null;
    if (typ !== 'access' && typ !== 'refresh') return null;
    if (jti !== undefined && typeof jti !== 'string') return null;
    const claims: Claims = { sub, sid, typ, iat: iat!, exp: exp!, ...(jti ? { jti } : {}) };
    remember(token, secret, claims);
    return claims;
  } catch {
    // jose throws for every refusal: bad signature, algorithm, typ, expiry, malformed JSON.
    return null;
  }
}

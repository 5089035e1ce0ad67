// Minimal HS256 JWTs: the only algorithm we issue, so the only one we accept.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface Claims {
  sub: string;
  sid: string;
  typ: 'access' | 'refresh';
  jti?: string;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const signature = (input: string, secret: string) =>
  createHmac('sha256', secret).update(input).digest();

export function signJwt(claims: Claims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const input = `${HEADER}.${payload}`;
  return `${input}.${signature(input, secret).toString('base64url')}`;
}

export function verifyJwt(token: string, secret: string, nowSeconds: number): Claims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, given] = parts as [string, string, string];
  if (header !== HEADER) return null;
  const expected = signature(`${header}.${payload}`, secret);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
    if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return null;
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
    return claims;
  } catch {
    return null;
  }
}

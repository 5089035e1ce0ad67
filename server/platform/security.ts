// Security headers on every page and API answer (helmet's), with a Content-Security-Policy the built
// web app passes: its scripts are files from our origin, never inline.
import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '@server/config.js';
import { isAssetPath } from './web.js';

/** Razorpay's checkout.js runs from its own host and opens its window in a frame of api.razorpay.com. */
const RAZORPAY_SCRIPTS = ['https://checkout.razorpay.com'];
const RAZORPAY_FRAMES = ['https://api.razorpay.com', 'https://checkout.razorpay.com'];
const RAZORPAY_CONNECT = ['https://lumberjack.razorpay.com', 'https://api.razorpay.com'];

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const razorpay = config.payments.provider === 'razorpay';
  const mapOrigin = originOf(config.business.mapUrl);
  const frames = [...(mapOrigin ? [mapOrigin] : []), ...(razorpay ? RAZORPAY_FRAMES : [])];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(razorpay ? RAZORPAY_SCRIPTS : [])],
    // Inline style attributes come from React and the receipt's own <style>; scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Attachments are shown from blob: URLs fetched with the bearer token.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(razorpay ? RAZORPAY_CONNECT : [])],
    'frame-src': frames.length ? frames : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    ...(config.publicUrl.startsWith('https://') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

function helmetOptions(config: Config): FastifyHelmetOptions {
  const https = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Razorpay may open a bank's 3-D Secure page in a window of its own.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

type HelmetMiddleware = (
  request: unknown,
  response: { setHeader(name: string, value: string): void; removeHeader(name: string): void },
  next: (error?: unknown) => void,
) => void;

/**
 * The headers helmet sets for this configuration. They depend on the configuration only (no nonces,
 * no per-request directives), so they are worked out once: @fastify/helmet rebuilt helmet's
 * middleware, parsing every directive again, on each request. helmet is the library @fastify/helmet
 * wraps, loaded from where @fastify/helmet finds it.
 */
function securityHeaders(config: Config): [string, string][] {
  const fromPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
  const helmet = fromPlugin('helmet') as (options: FastifyHelmetOptions) => HelmetMiddleware;
  const headers: [string, string][] = [];
  let finished = false;
  helmet(helmetOptions(config))(
    null,
    {
      setHeader: (name, value) => void headers.push([name, String(value)]),
      // X-Powered-By: neither Node nor Fastify sets it.
      removeHeader: () => {},
    },
    (error) => {
      if (error) throw error;
      finished = true;
    },
  );
  if (!finished) throw new Error('helmet did not finish setting its headers synchronously');
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  // Worked out once, and given to each answer in one call before its route runs, so whatever
  // the route sets itself wins. On Fastify's reply rather than the raw response: a raw header makes
  // Node validate every header of the answer one by one again (about 8 µs an answer, against 2).
  const headers = Object.fromEntries(
    securityHeaders(config).map(([name, value]) => [name.toLowerCase(), value]),
  );
  // A build file under /assets/ is a script, a stylesheet or an image, never a document: the
  // policy, framing and referrer headers speak to documents (and the service worker, which is not
  // under /assets/). Sent on each of a page's forty-odd chunks they were about 600 of every file's
  // 1,000 bytes of headers, over a kilobyte-sized chunk. What a file does heed stays.
  const fileHeaders = Object.fromEntries(
    Object.entries(headers).filter(([name]) => FILE_HEADERS.has(name)),
  );
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isAssetPath(request.url) ? fileHeaders : headers);
    done();
  });
}

/** The security headers a script or stylesheet heeds: no sniffing, no reading from elsewhere. */
const FILE_HEADERS: ReadonlySet<string> = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
]);

/** The password-reset page carries its token in the URL: no page it links to may see it. */
export const isResetPasswordPage = (url: string) => url.startsWith('/reset-password/');

// Serves the built web app (WEB_DIR, built by web/vite.config.ts). Hashed files under assets/ never
// change, so browsers keep them for a year without asking again; everything else (the page, the
// service worker, the manifest, icons, robots.txt) is revalidated on every use, so a new build shows
// at once. Files go out as their brotli or gzip copies, written at build time, when the browser
// accepts one. The page itself carries the business profile for the footer, so it is put together
// and compressed once, at start-up.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '@server/config.js';
import { businessProfile } from '@server/platform/business.js';

const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
const CACHE_REVALIDATE = 'no-cache';
const PAGE_FILE = 'index.html';
/** web/app/business.ts reads the profile from this element. */
const BUSINESS_ELEMENT_ID = 'dabba-business';

type Encoding = 'br' | 'gzip' | 'identity';

/** The web app's page, ready to send in each encoding. */
export interface AppPage {
  bodies: Record<Encoding, Buffer>;
  etags: Record<Encoding, string>;
}

/**
 * JSON inside a `<script type="application/json">`: a data block, which CSP never runs. `<` is
 * escaped so no value can close the element, and the two line separators JavaScript once refused.
 */
function jsonDataBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

function buildAppPage(template: string, config: Config): AppPage {
  const block = jsonDataBlock(BUSINESS_ELEMENT_ID, businessProfile(config));
  const html = template.includes('</head>')
    ? template.replace('</head>', `${block}\n  </head>`)
    : `${block}\n${template}`;
  const identity = Buffer.from(html);
  const bodies: Record<Encoding, Buffer> = {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  return {
    bodies,
    etags: { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` },
  };
}

/** brotli, else gzip, else none, as Accept-Encoding allows (`q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

function isHashedAsset(webDir: string, filePath: string): boolean {
  return path.relative(webDir, filePath).split(path.sep)[0] === 'assets';
}

/** A request for a build file that is not there (an old build's chunk): a 404, never the page. */
export function isAssetPath(url: string): boolean {
  return url.startsWith('/assets/');
}

/** Registers the static files and returns the page; null when WEB_DIR holds no build (API tests). */
export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
): Promise<AppPage | null> {
  const webDir = config.webDir;
  const pageFile = path.join(webDir, PAGE_FILE);
  if (!existsSync(pageFile)) return null;
  await app.register(fastifyStatic, {
    root: webDir,
    // One route per file found at start-up, so the fallback answers everything else.
    wildcard: false,
    index: false,
    preCompressed: true,
    // The .br and .gz copies are chosen by Accept-Encoding, never addressed themselves; the page
    // is sent by sendAppPage, with the business profile in it.
    globIgnore: ['**/*.br', '**/*.gz', PAGE_FILE],
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header(
        'Cache-Control',
        isHashedAsset(webDir, filePath) ? CACHE_IMMUTABLE : CACHE_REVALIDATE,
      );
    },
  });
  return buildAppPage(readFileSync(pageFile, 'utf8'), config);
}

/** The web app's page, for every client-side route; 304 when the browser's copy is current. */
export function sendAppPage(request: FastifyRequest, reply: FastifyReply, page: AppPage) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const etag = page.etags[encoding];
  reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', CACHE_REVALIDATE)
    .header('Vary', 'Accept-Encoding')
    .header('ETag', etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
    return reply.code(304).send();
  }
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(page.bodies[encoding]);
}

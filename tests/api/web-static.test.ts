// The built web app as the server sends it: brotli or gzip copies made at build time, a year of
// caching for hashed files and none for the page, the worker and the other fixed names, and the page
// with the business profile for the footer in it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../server/platform/web.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

const PAGE =
  '<!doctype html><html><head><title>Dabba</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const greeting = ${JSON.stringify('namaste '.repeat(200))};\n`;

/** A build as web/vite.config.ts writes it: each text file with its .br and .gz copies. */
function fakeBuild(root: string): string {
  const webDir = path.join(root, 'web');
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  const files: Record<string, string> = {
    'assets/index-AbC123xy.js': SCRIPT,
    'sw.js': "self.addEventListener('fetch', () => {});\n",
    'robots.txt': 'User-agent: *\nDisallow: /api/\n',
    'manifest.webmanifest': '{"name":"Dabba"}\n',
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(webDir, name);
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  // The build leaves index.html uncompressed: the server compresses it with the profile in it.
  writeFileSync(path.join(webDir, 'index.html'), PAGE);
  return webDir;
}

describe('the built web app', () => {
  let app: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'dabba-static-'));
    app = await createTestApp('sqlite', {
      WEB_DIR: fakeBuild(root),
      BUSINESS_NAME: 'Annapurna </script><script>alert(1)</script> Mess',
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, etag?: string) =>
    app.app.inject({
      method: 'GET',
      url,
      headers: {
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        ...(etag === undefined ? {} : { 'if-none-match': etag }),
      },
    });

  it('sends a hashed script as brotli, else gzip, else as is, cached for a year', async () => {
    const url = '/assets/index-AbC123xy.js';
    const brotli = await get(url, 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    expect(brotli.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    // A build file carries the security headers a script heeds, not a document's.
    expect(brotli.headers['x-content-type-options']).toBe('nosniff');
    expect(brotli.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(brotli.headers['content-security-policy']).toBeUndefined();
    expect(brotli.headers['x-frame-options']).toBeUndefined();

    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the page for every app route, compressed, and never from a cache unchecked', async () => {
    const pages = new Set<string>();
    for (const url of ['/', '/dashboard', '/admin/superuser?tab=users', '/index.html']) {
      const answer = await get(url, 'gzip, deflate, br');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.headers.vary, url).toMatch(/accept-encoding/i);
      expect(answer.headers['content-security-policy'], url).toContain("script-src 'self'");
      pages.add(brotliDecompressSync(answer.rawPayload).toString());
    }
    expect(pages.size).toBe(1);
    const [page] = [...pages];
    expect(page).toContain('<div id="root"></div>');
    expect(gunzipSync((await get('/', 'gzip;q=1, br;q=0')).rawPayload).toString()).toBe(page);
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });

  it("carries GET /api/business/'s profile for the footer, in a block no script runs", async () => {
    const page = (await get('/')).body;
    const block = page.match(
      /<script type="application\/json" id="dabba-business">(.*?)<\/script>/,
    );
    expect(block).not.toBeNull();
    // The only closing tag is the block's own: a value cannot end it early.
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    const business = (await app.request('GET', '/api/business/')).body;
    expect(business.name).toContain('</script>');
    expect(JSON.parse(block![1]!)).toEqual(business);
  });

  it('answers 304 to a browser whose copy of the page is current, per encoding', async () => {
    const etag = String((await get('/dashboard', 'br')).headers.etag);
    const again = await get('/plans', 'br', etag);
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    // Another encoding is another representation, with a tag of its own.
    expect((await get('/plans', 'gzip', etag)).statusCode).toBe(200);
  });

  it('revalidates the fixed names: the service worker, the manifest and robots.txt', async () => {
    const worker = await get('/sw.js', 'br');
    expect(worker.headers['cache-control']).toBe('no-cache');
    // The service worker runs under the policy it is sent with.
    expect(worker.headers['content-security-policy']).toContain("script-src 'self'");
    expect(worker.headers['content-type']).toMatch(/javascript/);
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Disallow: /api/');
  });

  it("answers a missing build file with 404, not the page (an old build's chunk)", async () => {
    const answer = await get('/assets/index-Old00000.js', 'br');
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).not.toMatch(/^text\/html/);
  });
});

describe('the encoding a page goes out in', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });
});

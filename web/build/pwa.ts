// Vite plugin for the installable app: draws the icons (PNG through sharp, from one SVG) and writes
// the service worker (web/pwa/service-worker.js) with the list of files that make up the shell.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The theme's primary colour (web/styles/theme.css.ts), which the header's brand mark uses. */
const BRAND_COLOUR = '#1d6b47';
/** The brand mark's "D" on a 512 × 512 canvas, drawn as a path so no font is needed. */
const MARK_PATH = 'M150 120h86a136 136 0 0 1 0 272h-86ZM206 172v168h30a84 84 0 0 0 0-168Z';

/** `purpose: any` icons have rounded corners; maskable ones fill the canvas and keep the mark in its safe zone. */
function iconSvg({ maskable }: { maskable: boolean }): string {
  const background = maskable
    ? `<rect width="512" height="512" fill="${BRAND_COLOUR}"/>`
    : `<rect width="512" height="512" rx="104" fill="${BRAND_COLOUR}"/>`;
  const mark = maskable
    ? `<path transform="translate(256 256) scale(0.7) translate(-256 -256)" d="${MARK_PATH}" fill="#fff" fill-rule="evenodd"/>`
    : `<path d="${MARK_PATH}" fill="#fff" fill-rule="evenodd"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${background}${mark}</svg>\n`;
}

const ICONS = [
  { fileName: 'icons/icon-192.png', size: 192, maskable: false },
  { fileName: 'icons/icon-512.png', size: 512, maskable: false },
  { fileName: 'icons/maskable-512.png', size: 512, maskable: true },
  // iOS draws its own rounded corners over a full square.
  { fileName: 'icons/apple-touch-icon.png', size: 180, maskable: true },
] as const;

export function pwa(): Plugin {
  return {
    name: 'dabba:pwa',
    apply: 'build',
    async generateBundle() {
      // sharp is a server dependency (feedback photos); loaded here only when building.
      const { default: sharp } = await import('sharp');
      this.emitFile({
        type: 'asset',
        fileName: 'icons/icon.svg',
        source: iconSvg({ maskable: false }),
      });
      for (const icon of ICONS) {
        const png = await sharp(Buffer.from(iconSvg({ maskable: icon.maskable })), {
          density: (72 * icon.size) / 512,
        })
          .resize(icon.size, icon.size)
          .png({ compressionLevel: 9 })
          .toBuffer();
        this.emitFile({ type: 'asset', fileName: icon.fileName, source: png });
      }
    },
    // Written once the bundle is final: chunks that end up empty (CSS-only modules) are gone by then.
    writeBundle(options, bundle) {
      // The shell: the entry script, what it imports statically, and their styles.
      const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
      if (!entry || entry.type !== 'chunk') throw new Error('pwa: the build has no entry chunk');
      const shell = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || shell.has(`/${fileName}`)) return;
        shell.add(`/${fileName}`);
        for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(`/${css}`);
        chunk.imports.forEach(visit);
      };
      visit(entry.fileName);
      // The stylesheet (one for the whole app: build.cssCodeSplit is off).
      for (const item of Object.values(bundle)) {
        if (item.type === 'asset' && item.fileName.endsWith('.css')) shell.add(`/${item.fileName}`);
      }
      for (const file of [
        '/manifest.webmanifest',
        '/icons/icon.svg',
        ...ICONS.map((icon) => `/${icon.fileName}`),
      ]) {
        shell.add(file);
      }
      const outDir = options.dir ?? '';
      const files = [...shell].sort();
      const missing = files.filter((file) => !existsSync(path.join(outDir, file)));
      if (missing.length > 0) throw new Error(`pwa: the shell lists missing files ${missing}`);
      const template = readFileSync(
        path.join(import.meta.dirname, '../pwa/service-worker.js'),
        'utf8',
      );
      const version = createHash('sha256')
        .update(template)
        .update(files.join('\n'))
        .digest('hex')
        .slice(0, 12);
      const source = template
        .replace('__SHELL_VERSION__', JSON.stringify(version))
        .replace('__SHELL_FILES__', JSON.stringify(files));
      writeFileSync(path.join(outDir, 'sw.js'), source);
    },
  };
}

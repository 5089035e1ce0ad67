// Serves the message catalogues to the app as compiled chunks: `virtual:messages/<lang>/<ns>`
// exports that language's messages of one namespace (web/i18n/namespaces.ts), each compiled from
// ICU syntax once, here, so the browser carries Lingui's small runtime and not its parser.
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { isLanguage, namespaceOf, NAMESPACES, type Namespace } from '../i18n/namespaces.js';

const PREFIX = 'virtual:messages/';
const RESOLVED = `\0${PREFIX}`;
const localesDir = path.resolve(import.meta.dirname, '../locales');

/** One language's catalogue, compiled and split by namespace. */
export function compiledCatalogue(language: string): Record<Namespace, Messages> {
  const file = path.join(localesDir, `${language}.json`);
  const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const split = Object.fromEntries(NAMESPACES.map((ns) => [ns, {}])) as Record<Namespace, Messages>;
  for (const [key, message] of Object.entries(source)) {
    split[namespaceOf(key)][key] = compileMessage(message);
  }
  return split;
}

export function messages(): Plugin {
  return {
    name: 'dabba-messages',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [language, namespace] = id.slice(RESOLVED.length).split('/');
      if (!isLanguage(language) || !NAMESPACES.includes(namespace as Namespace)) {
        this.error(`Unknown message catalogue ${id.slice(1)}`);
      }
      this.addWatchFile(path.join(localesDir, `${language}.json`));
      const compiled = compiledCatalogue(language)[namespace as Namespace];
      return `export const messages = ${JSON.stringify(compiled)};`;
    },
  };
}

// Serves the message catalogues to the app as compiled chunks: `virtual:messages/<lang>/<ns>`
// exports that language's messages of one namespace (web/i18n/namespaces.ts), each compiled from
// ICU syntax once, here, so the browser carries Lingui's small runtime and not its parser;
// `virtual:messages/loaders` maps each language and namespace to its chunk.
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { REFUSALS_HI } from '../../machines/shared/refusals.hi.js';
import { APP, isLanguage, LANGUAGES, namespaceOf, type Namespace } from '../i18n/namespaces.js';

const PREFIX = 'virtual:messages/';
const LOADERS = `${PREFIX}loaders`;
const RESOLVED = `\0${PREFIX}`;
const localesDir = path.resolve(import.meta.dirname, '../locales');

/** The refusal catalogues beyond English's (machines/shared/refusals.ts), by language. */
const REFUSAL_CATALOGUES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  hi: REFUSALS_HI,
};

/** One language's catalogue, compiled and split by namespace. */
export function compiledCatalogue(language: string): Record<Namespace, Messages> {
  const file = path.join(localesDir, `${language}.json`);
  const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const split: Record<Namespace, Messages> = {};
  for (const [key, message] of Object.entries(source)) {
    (split[namespaceOf(key)] ??= {})[key] = compileMessage(message);
  }
  return split;
}

/** Every message of one language, compiled, in one map (for tests and tools). */
export function allMessages(language: string): Messages {
  return Object.assign({}, ...Object.values(compiledCatalogue(language))) as Messages;
}

export function messages(): Plugin {
  return {
    name: 'dabba-messages',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      if (id === `\0${LOADERS}`) {
        // Every namespace of every language, each a chunk of its own loaded on demand.
        const entries = LANGUAGES.map((language) => {
          this.addWatchFile(path.join(localesDir, `${language}.json`));
          // English's shell is in the app's own chunk (web/i18n/i18n.ts imports it).
          const namespaces = Object.keys(compiledCatalogue(language)).filter(
            (namespace) => !(language === 'en' && namespace === 'shell'),
          );
          const loaders = namespaces.map(
            (namespace) =>
              `${JSON.stringify(namespace)}: () => import(${JSON.stringify(`${PREFIX}${language}/${namespace}`)})`,
          );
          return `${language}: {${loaders.join(',')}}`;
        });
        return `export const loaders = {${entries.join(',')}};`;
      }
      const [language, namespace] = id.slice(RESOLVED.length).split('/');
      const compiled = isLanguage(language)
        ? compiledCatalogue(language)[namespace ?? '']
        : undefined;
      if (!compiled) this.error(`Unknown message catalogue ${id.slice(1)}`);
      this.addWatchFile(path.join(localesDir, `${language}.json`));
      // The server's refusals in this language come with its app messages, which every page but
      // the landing page loads (English's are the machines' own, in every page that refuses).
      const refusals = namespace === APP && language ? REFUSAL_CATALOGUES[language] : undefined;
      return (
        `export const messages = ${JSON.stringify(compiled)};` +
        (refusals ? `export const refusals = ${JSON.stringify(refusals)};` : '')
      );
    },
  };
}

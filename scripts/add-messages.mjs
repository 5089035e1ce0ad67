// Adds messages to both web catalogues at once: `node scripts/add-messages.mjs FILE.json`, where
// FILE holds { "area.key": { "en": "English", "hi": "हिन्दी" }, … }. Keys stay sorted, an existing
// key is replaced, and a lock directory keeps two writers from interleaving.
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const localesDir = path.resolve(import.meta.dirname, '../web/locales');
const lock = path.join(localesDir, '.lock');
const additions = JSON.parse(readFileSync(process.argv[2], 'utf8'));

for (let attempt = 0; ; attempt++) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    if (attempt > 200) throw new Error(`${lock} is held; remove it if no writer runs.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
try {
  for (const language of ['en', 'hi']) {
    const file = path.join(localesDir, `${language}.json`);
    const catalogue = JSON.parse(readFileSync(file, 'utf8'));
    for (const [key, texts] of Object.entries(additions)) {
      if (typeof texts?.[language] !== 'string') throw new Error(`${key} has no ${language} text`);
      catalogue[key] = texts[language];
    }
    const sorted = Object.fromEntries(
      Object.entries(catalogue).sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
  }
} finally {
  rmdirSync(lock);
}
console.log(`${Object.keys(additions).length} messages written to web/locales/en.json and hi.json`);

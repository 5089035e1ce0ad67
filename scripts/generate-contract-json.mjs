// Writes generated/openapi.json: openapi.yaml as JSON, which the server reads at start-up. Parsing the
// YAML there left about 10 MB of garbage in the old generation and kept the yaml package loaded.
// `npm run generate` runs this; scripts/check-generated.mjs compares the file with renderContractJson().
import { deepStrictEqual } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';

export const CONTRACT_YAML = fileURLToPath(new URL('../openapi.yaml', import.meta.url));
export const CONTRACT_JSON = fileURLToPath(new URL('../generated/openapi.json', import.meta.url));

/** The JSON text of the contract: the same document, keys in the same order. */
export function renderContractJson(yamlText = readFileSync(CONTRACT_YAML, 'utf8')) {
  const document = parse(yamlText);
  const json = JSON.stringify(document, null, 2) + '\n';
  // YAML can say what JSON cannot (a date, .inf); the server would then read another document.
  deepStrictEqual(JSON.parse(json), document, 'openapi.yaml holds a value JSON cannot carry');
  return json;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(CONTRACT_JSON, renderContractJson());
}

// Writes generated/openapi.json: openapi.yaml as JSON, which the server reads at start-up. Parsing the
// YAML there left about 10 MB of garbage in the old generation and kept the yaml package loaded.
// `npm run generate` runs this; scripts/check-generated.mjs compares the file with renderContractJson().
import { deepStrictEqual } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';

export const CONTRACT_YAML = fileURLToPath(new URL('../openapi.yaml', import.meta.url));
export const CONTRACT_JSON = fileURLToPath(new URL('../generated/openapi.json', import.meta.url));
export const ROLES_TS = fileURLToPath(new URL('../generated/roles.ts', import.meta.url));

/** The JSON text of the contract: the same document, keys in the same order. */
export function renderContractJson(yamlText = readFileSync(CONTRACT_YAML, 'utf8')) {
  const document = parse(yamlText);
  const json = JSON.stringify(document, null, 2) + '\n';
  // YAML can say what JSON cannot (a date, .inf); the server would then read another document.
  deepStrictEqual(JSON.parse(json), document, 'openapi.yaml holds a value JSON cannot carry');
  return json;
}

/**
 * generated/roles.ts: which roles may call each operation (its `x-roles`; null: every signed-in
 * user, or public), so that the web app and the CLI offer only what the server will allow; and
 * which operation each method and path is, so a client can name the operation a 403 refused.
 */
export function renderRoles(yamlText = readFileSync(CONTRACT_YAML, 'utf8')) {
  const document = parse(yamlText);
  const roles = {};
  const routes = {};
  const summaries = {};
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(item))
      if (operation && typeof operation === 'object' && operation.operationId) {
        roles[operation.operationId] = operation['x-roles'] ?? null;
        routes[`${method.toUpperCase()} ${path}`] = operation.operationId;
        if (method !== 'get') summaries[operation.operationId] = operation.summary;
      }
  const sorted = Object.keys(roles).sort();
  const lines = sorted.map((id) =>
    `  ${id}: ${JSON.stringify(roles[id])},`
      .replaceAll('","', "', '")
      .replaceAll('["', "['")
      .replaceAll('"]', "']"),
  );
  return (
    '// Generated from openapi.yaml by scripts/generate-contract-json.mjs: do not edit.\n' +
    '/** The roles each operation allows (`x-roles`); null: any signed-in user, or public. */\n' +
    'export const OPERATION_ROLES = {\n' +
    lines.join('\n') +
    '\n} as const;\n\n' +
    '/** The operation of each `METHOD /path` (the path as the contract writes it, without /api). */\n' +
    'export const ROUTE_OPERATIONS: Readonly<Record<string, keyof typeof OPERATION_ROLES>> = {\n' +
    Object.keys(routes)
      .sort()
      .map((route) => `  '${route}': '${routes[route]}',`)
      .join('\n') +
    '\n};\n\n' +
    '/** What each operation that changes something does (its `summary`): `dabba … --dry-run` says it. */\n' +
    'export const CHANGE_SUMMARIES: Readonly<Record<string, string>> = {\n' +
    Object.keys(summaries)
      .sort()
      .map((id) => `  ${id}: ${JSON.stringify(summaries[id])},`)
      .join('\n') +
    '\n};\n'
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(CONTRACT_JSON, renderContractJson());
  writeFileSync(ROLES_TS, renderRoles());
}

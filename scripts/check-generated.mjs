// Fails when generated/ differs from a fresh run of `npm run generate` on openapi.yaml.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CONTRACT_JSON,
  ROLES_TS,
  renderContractJson,
  renderRoles,
} from './generate-contract-json.mjs';

const stale = [];
const dir = mkdtempSync(path.join(tmpdir(), 'dabba-generated-'));
const fresh = path.join(dir, 'api.d.ts');
try {
  execFileSync('npx', ['openapi-typescript', 'openapi.yaml', '-o', fresh], { stdio: 'pipe' });
  // Format as if the file stood at generated/api.d.ts, so the project's Prettier settings apply.
  const formatted = execFileSync('npx', ['prettier', '--stdin-filepath', 'generated/api.d.ts'], {
    input: readFileSync(fresh),
    stdio: ['pipe', 'pipe', 'pipe'],
  }).toString('utf8');
  if (readFileSync('generated/api.d.ts', 'utf8') !== formatted) stale.push('generated/api.d.ts');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
// The contract the server reads (scripts/generate-contract-json.mjs).
if (!existsSync(CONTRACT_JSON) || readFileSync(CONTRACT_JSON, 'utf8') !== renderContractJson()) {
  stale.push('generated/openapi.json');
}
if (!existsSync(ROLES_TS) || readFileSync(ROLES_TS, 'utf8') !== renderRoles()) {
  stale.push('generated/roles.ts');
}
for (const file of stale) {
  console.error(`${file} is stale: run \`npm run generate\` and commit the result.`);
}
if (stale.length) process.exitCode = 1;
else console.log('generated/ matches openapi.yaml');

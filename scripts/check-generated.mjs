// Fails when generated/ differs from a fresh run of `npm run generate` on openapi.yaml.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'dabba-generated-'));
const fresh = path.join(dir, 'api.d.ts');
try {
  execFileSync('npx', ['openapi-typescript', 'openapi.yaml', '-o', fresh], { stdio: 'pipe' });
  // Format as if the file stood at generated/api.d.ts, so the project's Prettier settings apply.
  const formatted = execFileSync('npx', ['prettier', '--stdin-filepath', 'generated/api.d.ts'], {
    input: readFileSync(fresh),
    stdio: ['pipe', 'pipe', 'pipe'],
  }).toString('utf8');
  if (readFileSync('generated/api.d.ts', 'utf8') !== formatted) {
    console.error('generated/api.d.ts is stale: run `npm run generate` and commit the result.');
    process.exit(1);
  }
  console.log('generated/ matches openapi.yaml');
} finally {
  rmSync(dir, { recursive: true, force: true });
}

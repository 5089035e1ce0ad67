// Fails when generated/ differs from a fresh run of `npm run generate` on openapi.yaml.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'dabba-generated-'));
const fresh = path.join(dir, 'api.d.ts');
try {
  execFileSync('npx', ['openapi-typescript', 'openapi.yaml', '-o', fresh], { stdio: 'pipe' });
  execFileSync('npx', ['prettier', '--write', fresh, '--log-level', 'warn'], { stdio: 'pipe' });
  const committed = readFileSync('generated/api.d.ts', 'utf8');
  if (committed !== readFileSync(fresh, 'utf8')) {
    console.error('generated/api.d.ts is stale: run `npm run generate` and commit the result.');
    process.exit(1);
  }
  console.log('generated/ matches openapi.yaml');
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// No request may end the process. The built server, with its request log on (where the crash was:
// the log line of a 413 read the client's address off a socket already gone), with and without
// TRUST_PROXY, gets bodies it cannot read against every operation a caller without a token can
// reach: over the limit, cut short by a half-closed connection, aborted mid-body, and over the limit
// in chunks. After each, the process is still running and GET /api/health/ answers 200.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildServerBundle,
  call,
  freePort,
  startServer,
  waitUntilListening,
  type ServerProcess,
} from '../helpers/server-process.js';

/** Every operation that does not need a token, with sample values in its path. */
const anonymousOperations = loadContract()
  .operations.filter((operation) => operation.security !== 'required')
  .map((operation) => ({
    name: operation.operationId,
    method: operation.method,
    path: operation.url.replace(/:(\w+)/g, (_match, name: string) =>
      name === 'id' ? '1' : `sample-${name}`,
    ),
  }));

const MB = 1024 * 1024;

type Delivery = 'oversized' | 'truncated' | 'aborted' | 'chunked-oversized';

/** Writes one request by hand, as a client that misbehaves would, and resolves once it is over. */
function misbehave(
  port: number,
  request: { method: string; path: string },
  delivery: Delivery,
): Promise<string> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    const finish = () => resolve(answer.split('\r\n')[0] ?? '');
    socket.setTimeout(5000, () => socket.destroy());
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('connect', () => {
      const chunked = delivery === 'chunked-oversized';
      const declared = delivery === 'oversized' ? 2 * MB : 4096;
      const head =
        `${request.method} ${request.path} HTTP/1.1\r\n` +
        'Host: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\n' +
        // A proxy's header, which TRUST_PROXY makes the server read.
        'X-Forwarded-For: 203.0.113.7, 10.0.0.1\r\n' +
        'X-Razorpay-Signature: 00\r\n' +
        (chunked ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${declared}\r\n`) +
        '\r\n';
      socket.write(head);
      const filler = Buffer.alloc(64 * 1024, 0x61);
      if (delivery === 'oversized') {
        for (let sent = 0; sent < 2 * MB; sent += filler.length) socket.write(filler);
        socket.end();
      } else if (delivery === 'chunked-oversized') {
        for (let sent = 0; sent < 2 * MB; sent += filler.length) {
          socket.write(`${filler.length.toString(16)}\r\n`);
          socket.write(filler);
          socket.write('\r\n');
        }
        socket.end('0\r\n\r\n');
      } else if (delivery === 'truncated') {
        // Half the declared body, then the client's side closes: the body never completes.
        socket.end('{"username": "owner", "pass');
      } else {
        socket.write('{"username": "owner", "pass');
        setTimeout(() => socket.resetAndDestroy(), 50);
      }
    });
  });
}

describe.each([
  ['without TRUST_PROXY', {}],
  ['with TRUST_PROXY=1', { TRUST_PROXY: '1' }],
  ['with TRUST_PROXY naming the proxy', { TRUST_PROXY: '127.0.0.1' }],
])('bodies the server cannot read, %s', (_name, env: Record<string, string>) => {
  let server: ServerProcess;
  let dataDir: string;
  let port: number;

  beforeAll(async () => {
    await buildServerBundle();
    dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-bodies-'));
    port = await freePort();
    server = startServer({
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        OWNER_PASSWORD: 'owner-password-1',
        LOG_LEVEL: 'info',
        RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
        ...env,
      },
    });
    await waitUntilListening(server);
  }, 120_000);

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(
    anonymousOperations.flatMap((operation) =>
      (['oversized', 'truncated', 'aborted', 'chunked-oversized'] as const).map(
        (delivery) => [operation.name, delivery, operation] as const,
      ),
    ),
  )('%s, %s: the server stays up', async (_operation, delivery, operation) => {
    const status = await misbehave(port, operation, delivery);
    if (delivery.includes('oversized') && operation.method !== 'GET' && status) {
      expect(status).toMatch(/^HTTP\/1\.1 (413|4\d\d) /);
    }
    expect(status).not.toMatch(/^HTTP\/1\.1 5/);
    const health = await call(`http://127.0.0.1:${port}/api/health/`);
    expect(health.status, server.stderr() + server.stdout().slice(-2000)).toBe(200);
    const exited = await Promise.race([server.exited, Promise.resolve('running')]);
    expect(exited).toBe('running');
  });
});

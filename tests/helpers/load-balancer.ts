// HAProxy from Debian in front of server instances, as a deployment runs Dabba behind a load
// balancer: round robin over the instances, keep-alive to the clients and to the servers, and
// X-Forwarded-For added (the instances run with TRUST_PROXY=1). Used by the delivery-run bench and
// its short version in the suite.
import { spawn } from 'node:child_process';
import { accessSync, constants, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const CANDIDATES = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'];

/** HAProxy's binary, or an error that says how to install it. */
export function haproxyBinary(): string {
  for (const candidate of CANDIDATES) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // the next one
    }
  }
  throw new Error('HAProxy is not installed: apt-get install -y haproxy (see docs/operations.md)');
}

/** The configuration: the same one docs/operations.md gives for a deployment, on local ports. */
export function haproxyConfig(port: number, backends: readonly number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  option http-keep-alive',
    '  option forwardfor',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 60s',
    'frontend dabba',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /api/health/',
    ...backends.map((backend, index) => `  server app${index + 1} 127.0.0.1:${backend} check`),
    '',
  ].join('\n');
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface LoadBalancer {
  port: number;
  stop(): Promise<void>;
}

/** HAProxy on `port` in front of `backends`, in the foreground of a child process of ours. */
export async function startHaproxy(
  port: number,
  backends: readonly number[],
  dir: string,
): Promise<LoadBalancer> {
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, backends));
  const child = spawn(haproxyBinary(), ['-db', '-f', file], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let exit: number | null = null;
  child.on('exit', (code) => (exit = code ?? -1));
  for (let waited = 0; !(await listening(port)); waited += 50) {
    if (exit !== null || waited > 10_000) {
      child.kill('SIGKILL');
      throw new Error(`HAProxy did not start (exit ${exit}): ${stderr}`);
    }
    await sleep(50);
  }
  return {
    port,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

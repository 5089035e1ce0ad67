// One place handles every failure: a user error says what to do next, a bug says it is a bug.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportError, usageError, refusedError } from '../../cli/errors.js';
import { run } from '../../cli/run.js';
import { loginAsOwner, startCliServer, type CliServer } from './helpers.js';

function capture() {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: {
      stdout: { write: (text: string) => (out.stdout += text) },
      stderr: { write: (text: string) => (out.stderr += text) },
    },
  };
}

describe('error reporting', () => {
  it('a user error prints the message and the next step with its exit code', () => {
    const { out, io } = capture();
    expect(reportError(usageError('Give ids.', 'See --help.'), { ...io, env: {} })).toBe(2);
    expect(out.stderr).toBe('Error: Give ids.\nSee --help.\n');
    expect(reportError(refusedError('No.'), { ...io, env: {} })).toBe(1);
  });

  it('anything else is reported as a bug in dabba', () => {
    const { out, io } = capture();
    expect(reportError(new TypeError('x is undefined'), { ...io, env: {} })).toBe(1);
    expect(out.stderr).toContain('Bug: x is undefined');
    expect(out.stderr).toContain('This is a bug in dabba.');
  });
});

describe('server failures', () => {
  let server: CliServer;
  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('a 5xx answer says it is a bug in the server, never leaks a stack, exits 1', async () => {
    const { out, io } = capture();
    const failing: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === '/api/payments/refunds/') {
        return new Response(
          JSON.stringify({ detail: 'Internal server error.', error_code: 'server_error' }),
          {
            status: 500,
            headers: { 'content-type': 'application/json' },
          },
        );
      }
      return fetch(request);
    };
    const code = await run(['refunds', 'list'], {
      ...io,
      stdin: Readable.from([]),
      isTTY: false,
      env: { DABBA_CONFIG_DIR: server.configDir },
      fetch: failing,
    });
    expect(code).toBe(1);
    expect(out.stderr).toBe(
      'Bug: The server failed while handling the refunds (HTTP 500: Internal server error.).\n' +
        'This is a bug in the Dabba server; its log has the details. Please report it with the time it happened.\n',
    );
    expect(out.stdout).toBe('');
  });
});

// The request log (server/logging.ts): one line per answered request, at info, that says what was
// asked and how it ended, and never holds a secret the request carried: neither the bearer token
// (the line carries no headers at all) nor a password-reset link's token. The line is built by
// the request serializer alone, so pino needs no redaction pass over it (issue 35's speed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogDestination } from '../../server/logging.js';
import { loginOwner } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

function capturingDestination(): LogDestination & {
  lines: () => Record<string, unknown>[];
  raw: () => string[];
} {
  const written: string[] = [];
  return {
    write: (line) => void written.push(line),
    drain: async () => {},
    dropped: 0,
    lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>),
    raw: () => [...written],
  };
}

describe('the request log', () => {
  let t: TestApp;
  const destination = capturingDestination();

  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, { logDestination: destination });
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes one line per request with what was asked and answered, and no token', async () => {
    const access = await loginOwner(t);
    const before = destination.lines().length;
    const answer = await t.request('GET', '/api/accounts/profile/', { token: access });
    expect(answer.status).toBe(200);
    const lines = destination.lines().slice(before);
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/accounts/profile/', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(typeof line.responseTime).toBe('number');
    expect(Object.keys(line.req as object)).not.toContain('headers');
    expect(JSON.stringify(line)).not.toContain(access);
  });

  it('writes the line pino would write for the same request, byte for byte but the time', async () => {
    const before = destination.raw().length;
    await t.request('GET', '/api/subscriptions/plans/?service_type=mess');
    const [ours] = destination.raw().slice(before);
    const parsed = JSON.parse(ours!) as {
      reqId: string;
      req: {
        method: string;
        url: string;
        host: string;
        remoteAddress: string;
        remotePort?: number;
      };
      res: { statusCode: number };
      responseTime: number;
    };
    expect(Object.keys(parsed)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    // The same request as pino's general path writes it, through the app's own logger.
    t.app.log.child({ reqId: parsed.reqId }).info(
      {
        req: {
          method: parsed.req.method,
          url: parsed.req.url,
          host: parsed.req.host,
          ip: parsed.req.remoteAddress,
          raw: { socket: { remotePort: parsed.req.remotePort } },
        },
        res: { statusCode: parsed.res.statusCode },
        responseTime: parsed.responseTime,
      },
      'request completed',
    );
    const pinos = destination.raw().at(-1)!;
    const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');
    expect(withoutTime(ours!)).toBe(withoutTime(pinos));
  });

  it("keeps a password-reset link's shape, never its token", async () => {
    const before = destination.lines().length;
    await t.request('POST', '/api/accounts/password-reset/MQ/secret-token-1234/', {
      body: { new_password: 'a-new-password-1', confirm_password: 'a-new-password-1' },
    });
    const text = JSON.stringify(destination.lines().slice(before));
    expect(text).toContain('/api/accounts/password-reset/MQ/[redacted]');
    expect(text).not.toContain('secret-token-1234');
  });
});

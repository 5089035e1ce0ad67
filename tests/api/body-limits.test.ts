// A body over the limit is refused with 413 and the connection is closed: the rest of the body is
// never read, so a keep-alive client must not send its next request down the same connection.
// Real sockets against a listening server, with a keep-alive agent like a browser's.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer, type Customer } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { multipart } from '../helpers/commerce.js';
import { timed } from '../helpers/server-process.js';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: any;
  socket: Socket;
}

describe('bodies over the limit', () => {
  let t: TestApp;
  let base: string;
  let alice: Customer;
  let feedbackId: number;
  const agents: Agent[] = [];

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
    alice = await registerCustomer(t);
    const created = await t.request('POST', '/api/feedback/', {
      token: alice.access,
      body: { subject: 'Photo of the dal', message: 'See the attachment' },
    });
    feedbackId = created.body.id;
  });
  afterAll(async () => {
    for (const agent of agents) agent.destroy();
    await t?.close();
  });

  /** One keep-alive connection, reused for every request as long as the server keeps it open. */
  function keepAliveAgent(): Agent {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    return agent;
  }

  function send(
    agent: Agent,
    method: string,
    url: string,
    options: { headers?: Record<string, string>; body?: Buffer } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      let socket: Socket | null = null;
      const call = httpRequest(
        `${base}${url}`,
        {
          method,
          agent,
          headers: {
            ...options.headers,
            ...(options.body ? { 'content-length': String(options.body.length) } : {}),
          },
          signal: AbortSignal.timeout(5000),
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: text ? JSON.parse(text) : null,
              socket: socket!,
            });
          });
        },
      );
      // The agent takes the socket back once the answer has ended; keep it to watch it close.
      call.on('socket', (assigned) => (socket = assigned));
      call.on('error', reject);
      call.end(options.body);
    });
  }

  function closed(socket: Socket, withinMs: number): Promise<void> {
    if (socket.destroyed) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the connection was still open after ${withinMs} ms`)),
        withinMs,
      );
      socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async function expectNextRequestAtOnce(agent: Agent, refusedOn: Socket) {
    const next = await timed(() => send(agent, 'GET', '/api/health/'));
    expect(next.value.status).toBe(200);
    expect(next.value.socket).not.toBe(refusedOn);
    expect(next.ms).toBeLessThan(1000);
  }

  // Login goes through Fastify's JSON parser; the webhook keeps its raw bytes for the signature.
  it.each(['/api/accounts/login/', '/api/payments/webhook/'])(
    'answers a JSON body over 1 MB to %s with 413 and closes the connection',
    async (url) => {
      const agent = keepAliveAgent();
      const warm = await send(agent, 'GET', '/api/health/');
      const big = Buffer.from(
        JSON.stringify({ username: 'owner', password: 'x'.repeat(4 * 1024 * 1024) }),
      );
      const refused = await send(agent, 'POST', url, {
        headers: { 'content-type': 'application/json' },
        body: big,
      });
      expect(refused.socket).toBe(warm.socket);
      expect(refused.status).toBe(413);
      expect(refused.body).toEqual({
        detail: 'Request body is too large.',
        error_code: 'too_large',
      });
      expect(refused.headers.connection).toBe('close');
      await closed(refused.socket, 1000);
      await expectNextRequestAtOnce(agent, refused.socket);
    },
  );

  it('answers an attachment over 5 MB with 413 and closes the connection', async () => {
    const agent = keepAliveAgent();
    const warm = await send(agent, 'GET', '/api/health/');
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(6 * 1024 * 1024, 0x20),
    ]);
    const file = multipart(jpeg, 'big.jpg', 'image/jpeg');
    const refused = await send(agent, 'POST', `/api/feedback/${feedbackId}/add_attachment/`, {
      headers: { authorization: `Bearer ${alice.access}`, ...file.headers },
      body: file.raw,
    });
    expect(refused.socket).toBe(warm.socket);
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({
      detail: 'Attachment must be less than 5MB.',
      error_code: 'too_large',
    });
    expect(refused.headers.connection).toBe('close');
    await closed(refused.socket, 1000);
    await expectNextRequestAtOnce(agent, refused.socket);
  });
});

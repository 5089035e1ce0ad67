// What the web session tests share: JWT-shaped tokens the client reads as fresh, localStorage as a
// Map, and the session host started on an API client linked to it, as web/session wires them.
import { vi } from 'vitest';
import { createApi, type ApiClient } from '../../web/api/client';
import { startSessionHost, type SessionHost } from '../../web/session/sessionHost';

export const BASE = 'http://dabba.test/api';

/** A JWT-shaped token that looks fresh for an hour; `signature` tells a stub server which it is. */
export function freshToken(signature = 'signature'): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', exp })}.${signature}`;
}

/** localStorage as `storage`, until vi.unstubAllGlobals(). */
export function stubStorage(storage: Map<string, string>): void {
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
}

/** The host started on a client that asks it for tokens and refreshes, with spied effects. */
export async function startLinkedHost(): Promise<{
  api: ApiClient;
  host: SessionHost;
  effects: {
    notify: ReturnType<typeof vi.fn>;
    navigate: ReturnType<typeof vi.fn>;
    forgetAnswers: ReturnType<typeof vi.fn>;
  };
}> {
  let host: SessionHost | null = null;
  const api = createApi(
    () =>
      host && {
        accessToken: () => host!.actor.getSnapshot().context.accessToken,
        retryAfterUnauthorized: (id) => host!.retryAfterUnauthorized(id),
      },
    BASE,
  );
  const effects = { notify: vi.fn(), navigate: vi.fn(), forgetAnswers: vi.fn() };
  host = startSessionHost(api, effects);
  await host.ready;
  return { api, host, effects };
}

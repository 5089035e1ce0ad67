// Who reaches the API from the app: the one client and the signed-in user's role. The session
// provides it (web/session/SessionProvider.tsx); the reads and writes of ./query use it. Kept apart
// from ./query so that the session, which paints with the first page, carries no TanStack Query.
import { createContext, useContext } from 'react';
import type { ApiClient } from './client';

/**
 * Which side of the app a read belongs to: a customer's own, or the business's (the owner and the
 * owner's staff; which of those reads a role may make is the routes' and mayCall's business).
 */
export type ApiRole = 'customer' | 'business';

export interface ApiScope {
  readonly api: ApiClient;
  /** The signed-in user's side; null while nobody is (or while the profile loads). */
  readonly role: ApiRole | null;
}

export const ApiScopeContext = createContext<ApiScope | null>(null);

export function useApiScope(): ApiScope {
  const scope = useContext(ApiScopeContext);
  if (!scope) throw new Error('useApiScope outside the session (web/session/SessionProvider.tsx)');
  return scope;
}

/** A customer's own reads wait until the signed-in user is known to be a customer. */
export const CUSTOMER_READ = { role: 'customer' } as const satisfies { role: ApiRole };
/** Owner reads wait until the signed-in user is known to be the owner. */
export const OWNER_READ = { role: 'business' } as const satisfies { role: ApiRole };

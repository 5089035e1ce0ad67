// Where the browser keeps the session's tokens: local storage, so a session outlives its tab.
import type { StoredTokens } from '@machines/session/session.context';

const ACCESS_KEY = 'dabba.access';
const REFRESH_KEY = 'dabba.refresh';
/** Set while the signed-in user is the owner: which dashboard to start loading on the next visit. */
const OWNER_HINT_KEY = 'dabba.owner';

export function readTokens(): StoredTokens | null {
  const access = localStorage.getItem(ACCESS_KEY);
  const refresh = localStorage.getItem(REFRESH_KEY);
  return access || refresh ? { access, refresh } : null;
}

export function writeTokens(access: string | null, refresh: string | null) {
  if (access) localStorage.setItem(ACCESS_KEY, access);
  else localStorage.removeItem(ACCESS_KEY);
  if (refresh) localStorage.setItem(REFRESH_KEY, refresh);
  else localStorage.removeItem(REFRESH_KEY);
}

export function clearTokens() {
  localStorage.removeItem(ACCESS_KEY);
  localStorage.removeItem(REFRESH_KEY);
  localStorage.removeItem(OWNER_HINT_KEY);
}

/** Only a hint for loading ahead: the profile decides what is shown. */
export function rememberOwner(isOwner: boolean) {
  if (isOwner) localStorage.setItem(OWNER_HINT_KEY, '1');
  else localStorage.removeItem(OWNER_HINT_KEY);
}

export function lastSessionWasOwner(): boolean {
  return localStorage.getItem(OWNER_HINT_KEY) === '1';
}

// Where the browser keeps the session's tokens: local storage, so a session outlives its tab. The
// signed-in user's own profile is kept beside them, for an app opened without signal, and goes
// with them, as does what the rider's phone kept of its routes and run sheets.
import type { components } from '@generated/api';
import type { StoredTokens } from '@machines/session';

type User = components['schemas']['User'];

const ACCESS_KEY = 'dabba.access';
const REFRESH_KEY = 'dabba.refresh';
/** Set while the signed-in user is the owner: which dashboard to start loading on the next visit. */
const OWNER_HINT_KEY = 'dabba.owner';
const PROFILE_KEY = 'dabba.profile';
/**
 * What a rider's phone keeps of the customers' stops
 * (web/features/delivery-stop/delivery-stop.api.ts): not for the next user.
 */
const SESSION_DATA_PREFIXES = ['dabba.runSheet.', 'dabba.deliveryRoutes'];

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
  localStorage.removeItem(PROFILE_KEY);
  for (let index = localStorage.length - 1; index >= 0; index -= 1) {
    const key = localStorage.key(index);
    if (key && SESSION_DATA_PREFIXES.some((prefix) => key.startsWith(prefix))) {
      localStorage.removeItem(key);
    }
  }
}

/** Keeps the signed-in user's profile on the device (while signed in) and gives it back. */
export function keepProfile(user: User): User {
  try {
    if (readTokens()) localStorage.setItem(PROFILE_KEY, JSON.stringify(user));
  } catch {
    // A full or blocked storage: the app then needs the network to open, as before.
  }
  return user;
}

/** The profile kept on the device, when there are tokens to go with it. */
export function keptProfile(): User | null {
  try {
    const text = readTokens() ? localStorage.getItem(PROFILE_KEY) : null;
    return text ? (JSON.parse(text) as User) : null;
  } catch {
    return null;
  }
}

/** Only a hint for loading ahead: the profile decides what is shown. */
export function rememberOwner(isOwner: boolean) {
  if (isOwner) localStorage.setItem(OWNER_HINT_KEY, '1');
  else localStorage.removeItem(OWNER_HINT_KEY);
}

export function lastSessionWasOwner(): boolean {
  return localStorage.getItem(OWNER_HINT_KEY) === '1';
}

// Signing in and out, and who is signed in.
import type { components } from '../../generated/api';
import { authError, refusedError } from '../errors';
import type { CliIo } from '../io';
import { connect, login, loginWithPhone, unwrap, type Api } from './api';
import { readSession, removeSession } from './session-store';
import { roleOfUserType } from './roles';

export type User = components['schemas']['User'];

export async function profile(api: Api): Promise<User> {
  return unwrap(api, api.client.GET('/accounts/profile/'), 'Your profile');
}

export async function signIn(
  io: CliIo,
  url: string,
  username: string,
  password: string,
): Promise<User> {
  // The web login form's checks, in its words.
  if (!username.trim()) throw refusedError('Username or email is required');
  if (!password) throw refusedError('Password is required');
  await login(io, url, { username: username.trim(), password });
  return ownerSignedIn(io);
}

/** Signs in with a code texted to `phone`; `askCode` is told the server's answer and returns it. */
export async function signInWithPhone(
  io: CliIo,
  url: string,
  phone: string,
  askCode: (sentMessage: string) => Promise<string>,
): Promise<User> {
  await loginWithPhone(io, url, phone, askCode);
  return ownerSignedIn(io);
}

/** The account just signed in, if it is the owner's: a customer's session is ended at once. */
async function ownerSignedIn(io: CliIo): Promise<User> {
  const api = await connect(io);
  try {
    const user = await profile(api);
    // The owner and their staff; each staff role may run the commands its x-roles allow.
    if (roleOfUserType(user.user_type) === 'customer') {
      await revoke(api);
      removeSession(io.env);
      throw authError(
        `${user.username} is a customer account; dabba is for the mess owner and their staff.`,
        "Log in with the owner's account or a staff account.",
      );
    }
    return user;
  } finally {
    api.close();
  }
}

async function revoke(api: Api): Promise<void> {
  const refresh = api.session.getSnapshot().context.refreshToken;
  await api.client.POST('/accounts/logout/', { body: refresh ? { refresh } : {} });
}

/** Revokes the session on the server when it can, and always forgets it locally. */
export async function signOut(io: CliIo): Promise<'signed-out' | 'not-signed-in'> {
  const stored = readSession(io.env);
  if (!stored?.access && !stored?.refresh) {
    removeSession(io.env);
    return 'not-signed-in';
  }
  try {
    const api = await connect(io);
    try {
      await revoke(api);
    } finally {
      api.close();
    }
  } catch {
    // An expired session or an unreachable server: forgetting the tokens is all that is left to do.
  }
  removeSession(io.env);
  return 'signed-out';
}

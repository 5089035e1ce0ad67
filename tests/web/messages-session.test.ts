// Texts the web shows from machines/session (which `dabba` shows too) read in English exactly as the
// machine writes them: the login and session-expired toasts (web/session/messages.ts).
import { describe, expect, it } from 'vitest';
import {
  LOGIN_FAILED_MESSAGE,
  LOGIN_FAILED_TITLE,
  loginFailedMessage,
  SESSION_EXPIRED_MESSAGE,
  SESSION_EXPIRED_TITLE,
} from '@machines/session';
import { SESSION_MACHINE_MESSAGES } from '../../web/session/messages';
import { en } from './catalogues';

describe("the messages of machines/session's texts", () => {
  it("give each fixed text the session machine's English", () => {
    for (const [text, id] of SESSION_MACHINE_MESSAGES) expect(en[id], id).toBe(text);
  });

  it('cover the login failure, its network variant and the expired session', () => {
    expect(en['session.loginFailed.title']).toBe(LOGIN_FAILED_TITLE);
    expect(en['session.loginFailed.message']).toBe(LOGIN_FAILED_MESSAGE);
    expect(en['session.loginFailed.message']).toBe(loginFailedMessage(null));
    expect(en['session.loginFailed.network']).toBe(
      loginFailedMessage({ failure: 'network', message: null }),
    );
    expect(en['session.expired.title']).toBe(SESSION_EXPIRED_TITLE);
    expect(en['session.expired.message']).toBe(SESSION_EXPIRED_MESSAGE);
    expect([...SESSION_MACHINE_MESSAGES.values()].sort()).toEqual([
      'session.expired.message',
      'session.expired.title',
      'session.loginFailed.message',
      'session.loginFailed.network',
      'session.loginFailed.title',
    ]);
  });
});

// The session machine's fixed texts (machines/session/session.messages.ts, which `dabba` shows too)
// as messages: the same English, in the current language. tests/web/messages-session.test.ts keeps
// the English equal to the machine's.
import {
  LOGIN_FAILED_MESSAGE,
  LOGIN_FAILED_TITLE,
  loginFailedMessage,
  SESSION_EXPIRED_MESSAGE,
  SESSION_EXPIRED_TITLE,
} from '@machines/session';
import { t, type MessageId } from '@web/i18n/i18n';

/** Each fixed text of machines/session with the message that says it in the app's language. */
export const SESSION_MACHINE_MESSAGES: ReadonlyMap<string, MessageId> = new Map<string, MessageId>([
  [LOGIN_FAILED_TITLE, 'session.loginFailed.title'],
  [LOGIN_FAILED_MESSAGE, 'session.loginFailed.message'],
  [loginFailedMessage({ failure: 'network', message: null }), 'session.loginFailed.network'],
  [SESSION_EXPIRED_TITLE, 'session.expired.title'],
  [SESSION_EXPIRED_MESSAGE, 'session.expired.message'],
]);

/**
 * A text of the session machine in the current language: its fixed texts are translated, a sentence
 * the server wrote (already in the app's language) stays as it came.
 */
export function sessionText(text: string): string {
  const id = SESSION_MACHINE_MESSAGES.get(text);
  return id ? t(id) : text;
}

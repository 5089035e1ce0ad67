import type { Credentials, SessionTokens } from './session.context';

export type SessionEvent =
  | { readonly type: 'session.login'; readonly credentials: Credentials }
  /** Tokens obtained another way (OTP verification answers access and refresh). */
  | { readonly type: 'session.tokens_received'; readonly tokens: SessionTokens }
  | { readonly type: 'session.logout' }
  /** A request answered 401. Each request id gets one refresh; a second 401 for it forces logout. */
  | { readonly type: 'session.unauthorized'; readonly requestId: string }
  /** The user has seen the forced logout (e.g. the /login page is showing). */
  | { readonly type: 'session.acknowledge' };

export type SessionEventType = SessionEvent['type'];

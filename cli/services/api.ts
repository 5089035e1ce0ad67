// The CLI's one API client: openapi-fetch over the contract's types, with the bearer token and the
// one refresh-and-retry after a 401 driven by the session machine. Tokens live in the session file.
import { writeFileSync } from 'node:fs';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { paths } from '../../generated/api';
import { CHANGE_SUMMARIES, ROUTE_OPERATIONS } from '@generated/roles';
import {
  type Credentials,
  loginFailedMessage,
  type RefreshedTokens,
  retryAfterUnauthorized,
  sessionMachine,
  type SessionTokens,
} from '@machines/session';
import {
  EffectError,
  type ErrorBody,
  errorCode,
  errorSentence,
  failureFromStatus,
  REQUEST_TIMEOUT_MS,
  todayIn,
} from '@machines/shared';
import { phoneLoginMachine, type PhoneLoginError } from '@machines/phone-login';
import {
  authError,
  BugError,
  DryRunStop,
  forbiddenError,
  refusedError,
  UserError,
} from '../errors';
import type { CliIo } from '../io';
import { refusalMessage } from './refusals';
import { roleRefusal } from './roles';
import {
  readSession,
  serverUrl,
  withSessionLock,
  writeSession,
  type StoredSession,
} from './session-store';

type ApiClient = Client<paths>;
type SessionActor = ActorRefFrom<typeof sessionMachine>;

export interface Api {
  readonly client: ApiClient;
  /** The server's base URL, without /api. */
  readonly url: string;
  readonly session: SessionActor;
  close(): void;
}

/** An error answer's body, or null when it is not JSON (a proxy's HTML page, an empty body). */
async function readError(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * The server's sentence for an error body. A terminal has no form fields to point at, so field
 * errors are named (`code: A plan with this code already exists.`).
 */
function errorText(body: unknown): string | undefined {
  return errorSentence(body, 'named') ?? undefined;
}

const CHECK_SERVER =
  'Check that the server is running, or point dabba at it with `dabba login --url URL` or DABBA_URL.';

function unreachable(url: string, error: unknown): UserError {
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  const timedOut = (error as { name?: string })?.name === 'TimeoutError';
  return refusedError(
    timedOut
      ? `The Dabba server at ${url} did not answer within ${REQUEST_TIMEOUT_MS / 1000} s.`
      : `Could not reach the Dabba server at ${url}${cause ? ` (${cause})` : ''}.`,
    CHECK_SERVER,
  );
}

function timedFetch(io: CliIo): (request: Request) => Promise<Response> {
  return (request) =>
    io.fetch(new Request(request, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }));
}

async function postJson(io: CliIo, url: string, path: string, body: unknown): Promise<Response> {
  try {
    return await timedFetch(io)(
      new Request(`${url}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  } catch (error) {
    throw new EffectError('network', unreachable(url, error).message);
  }
}

async function postCall<T>(io: CliIo, url: string, path: string, body: unknown): Promise<T> {
  const response = await postJson(io, url, path, body);
  if (!response.ok) {
    throw new EffectError(failureFromStatus(response.status), errorText(await readError(response)));
  }
  return (await response.json()) as T;
}

const tokenCall = (io: CliIo, url: string, path: string, body: unknown) =>
  postCall<SessionTokens>(io, url, path, body);

function startSession(io: CliIo, url: string, stored: StoredSession | null): SessionActor {
  let username = stored?.username;
  const machine = sessionMachine.provide({
    actors: {
      loadTokens: fromStored(stored),
      login: fromLogin(io, url, (name) => (username = name)),
      refreshTokens: fromRefresh(io, url),
    },
    actions: {
      persistTokens: ({ context }) =>
        writeSession(io.env, {
          url,
          access: context.accessToken,
          refresh: context.refreshToken,
          ...(username ? { username } : {}),
        }),
      clearTokens: () =>
        writeSession(io.env, {
          url,
          access: null,
          refresh: null,
          ...(username ? { username } : {}),
        }),
    },
  });
  return createActor(machine).start();
}

const fromStored = (stored: StoredSession | null) =>
  fromPromise(async () => (stored ? { access: stored.access, refresh: stored.refresh } : null));
const fromLogin = (io: CliIo, url: string, remember: (username: string) => void) =>
  fromPromise<SessionTokens, Credentials>(async ({ input }) => {
    const tokens = await tokenCall(io, url, '/accounts/login/', input);
    remember(input.username);
    return tokens;
  });
const fromRefresh = (io: CliIo, url: string) =>
  fromPromise<RefreshedTokens, { refreshToken: string }>(({ input }) =>
    withSessionLock(io.env, async () => {
      // Another dabba process may have refreshed since this one read the file: use its tokens
      // rather than spend the old refresh token a second time.
      const current = readSession(io.env);
      if (
        current?.url === url &&
        current.access &&
        current.refresh &&
        current.refresh !== input.refreshToken
      ) {
        return { access: current.access, refresh: current.refresh };
      }
      const tokens = await tokenCall(io, url, '/accounts/token/refresh/', {
        refresh: input.refreshToken,
      });
      // Written while still holding the lock, so the next process reads the new refresh token.
      writeSession(io.env, { ...current, url, access: tokens.access, refresh: tokens.refresh });
      return tokens;
    }),
  );

async function settled(session: SessionActor) {
  return waitFor(session, (snapshot) => !snapshot.hasTag('busy'), {
    timeout: REQUEST_TIMEOUT_MS * 2,
  });
}

/** The signed-in account's user_type, asked once per process when a 403 needs it. */
async function userTypeOf(
  fetchAgain: (r: Request) => Promise<Response>,
  url: string,
  token: string,
): Promise<string | null> {
  try {
    const response = await fetchAgain(
      new Request(`${url}/api/accounts/profile/`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    if (!response.ok) return null;
    return ((await response.json()) as { user_type?: string }).user_type ?? null;
  } catch {
    return null;
  }
}

function authMiddleware(
  session: SessionActor,
  fetchAgain: (r: Request) => Promise<Response>,
  url: string,
  username: string | undefined,
) {
  const originals = new Map<string, Request>();
  const middleware: Middleware = {
    onRequest({ request, id }) {
      const token = session.getSnapshot().context.accessToken;
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      // The body is consumed by the first attempt, so keep a copy for the one retry.
      originals.set(id, request.clone());
      return request;
    },
    async onResponse({ response, id, request, schemaPath }) {
      const original = originals.get(id);
      originals.delete(id);
      if (response.status === 403) {
        // Every command's 403 goes through here: say which roles may, when the role is why.
        const token = session.getSnapshot().context.accessToken;
        const userType = token ? await userTypeOf(fetchAgain, url, token) : null;
        const refusal = userType && roleRefusal(request.method, schemaPath, userType, username);
        if (refusal) throw refusal;
        return response;
      }
      if (response.status !== 401 || !original) return response;
      const token = await retryAfterUnauthorized(session, id);
      if (!token) throw sessionExpired(session);
      original.headers.set('authorization', `Bearer ${token}`);
      const retried = await fetchAgain(original);
      if (retried.status === 401) {
        // The second 401 for this request: the machine forces the logout and clears the tokens.
        session.send({ type: 'session.unauthorized', requestId: id });
        throw sessionExpired(session);
      }
      return retried;
    },
  };
  return middleware;
}

function sessionExpired(session: SessionActor): UserError {
  const error = session.getSnapshot().context.error;
  if (error?.failure === 'network')
    return refusedError(error.message ?? 'Could not reach the server.');
  return authError('Your session has expired or was revoked.');
}

/** A client for the stored session. Throws exit 3 when there is no usable session. */
/**
 * `--dry-run`: reads go through, and the first request that would change something stops there,
 * named by its operation's summary with what it would send.
 */
function dryRunMiddleware(dryRun: () => boolean): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      if (!dryRun() || request.method === 'GET') return request;
      const route = `${request.method} ${schemaPath}`;
      const operation = ROUTE_OPERATIONS[route];
      const summary = (operation && CHANGE_SUMMARIES[operation]) ?? route;
      const body = await request.clone().text();
      throw new DryRunStop(
        `Would ${summary.charAt(0).toLowerCase()}${summary.slice(1)}: ${request.method} ${new URL(request.url).pathname}` +
          `${body ? ` ${body}` : ''}\nNothing was changed (--dry-run).`,
      );
    },
  };
}

export async function connect(
  io: CliIo,
  options: { anonymous?: boolean; dryRun?: () => boolean } = {},
): Promise<Api> {
  const stored = readSession(io.env);
  const url = serverUrl(io.env, stored);
  const session = startSession(io, url, stored);
  const snapshot = await settled(session);
  if (!snapshot.matches('loggedIn') && !options.anonymous) {
    session.stop();
    if (snapshot.context.error?.failure === 'network') {
      throw refusedError(
        snapshot.context.error.message ?? `Could not reach the Dabba server at ${url}.`,
        CHECK_SERVER,
      );
    }
    throw stored?.access || stored?.refresh
      ? authError('Your session has expired.')
      : authError('You are not logged in.', 'Run `dabba login` first.');
  }
  const fetchAgain = timedFetch(io);
  const client = createClient<paths>({ baseUrl: `${url}/api`, fetch: fetchAgain });
  if (options.dryRun) client.use(dryRunMiddleware(options.dryRun));
  client.use(authMiddleware(session, fetchAgain, url, stored?.username));
  return { client, url, session, close: () => session.stop() };
}

/** Logs in with the session machine and stores the tokens for `url`. */
export async function login(io: CliIo, url: string, credentials: Credentials): Promise<void> {
  const session = startSession(io, url, null);
  try {
    await settled(session);
    session.send({ type: 'session.login', credentials });
    const snapshot = await settled(session);
    if (snapshot.matches('loggedIn')) return;
    const error = snapshot.context.error;
    if (error?.failure === 'network') {
      throw refusedError(
        error.message ?? `Could not reach the Dabba server at ${url}.`,
        CHECK_SERVER,
      );
    }
    if (error?.failure === 'refused' && error.message && /too many/i.test(error.message)) {
      throw refusedError(error.message, 'Wait a few minutes before trying again.');
    }
    throw authError(
      `Login failed: ${loginFailedMessage(error)}`,
      'Check the username and password.',
    );
  } finally {
    session.stop();
  }
}

/** A failed step of the phone sign-in, in the words `dabba login --phone` prints. */
function phoneLoginFailure(url: string, error: PhoneLoginError | null): UserError {
  if (error?.failure === 'network') {
    return refusedError(
      error.message ?? `Could not reach the Dabba server at ${url}.`,
      CHECK_SERVER,
    );
  }
  return authError(`Login failed: ${error?.message ?? loginFailedMessage(error)}`);
}

/**
 * Logs in with a code texted to `phone` (machines/phone-login: send, then the code `askCode`
 * returns, then the tokens go to the session machine) and stores the tokens for `url`.
 */
export async function loginWithPhone(
  io: CliIo,
  url: string,
  phone: string,
  askCode: (sentMessage: string) => Promise<string>,
): Promise<void> {
  const session = startSession(io, url, null);
  const phoneLogin = createActor(
    phoneLoginMachine.provide({
      actors: {
        sendCode: fromPromise<{ message: string }, { phone: string }>(({ input }) =>
          postCall(io, url, '/accounts/login/phone/', input),
        ),
        verifyCode: fromPromise<SessionTokens, { phone: string; otp: string }>(({ input }) =>
          tokenCall(io, url, '/accounts/login/phone/verify/', input),
        ),
      },
      actions: {
        signIn: (_, tokens) => session.send({ type: 'session.tokens_received', tokens }),
      },
    }),
  ).start();
  const idle = () =>
    waitFor(phoneLogin, (snapshot) => !snapshot.hasTag('busy'), {
      timeout: REQUEST_TIMEOUT_MS * 2,
    });
  try {
    await settled(session);
    phoneLogin.send({ type: 'phoneLogin.send', phone });
    const sent = await idle();
    if (!sent.hasTag('codeStep')) throw phoneLoginFailure(url, sent.context.error);
    const code = await askCode(sent.context.sentMessage ?? '');
    phoneLogin.send({ type: 'phoneLogin.verify', otp: code });
    const checked = await idle();
    if (checked.status !== 'done') {
      if (!checked.matches('codeSent') || checked.context.error) {
        throw phoneLoginFailure(url, checked.context.error);
      }
      throw refusedError('The code from the SMS has 6 digits.');
    }
    if (!(await settled(session)).matches('loggedIn')) throw phoneLoginFailure(url, null);
  } finally {
    phoneLogin.stop();
    session.stop();
  }
}

export interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The data of a successful answer, or the right UserError for a failed one. `what` names the object
 * ("leave request 12"), `eventType` picks the machine's wording for refusal codes.
 */
export async function unwrap<T>(
  api: Pick<Api, 'url'>,
  request: Promise<Answer<T>>,
  what: string,
  eventType?: string,
): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await request;
  } catch (error) {
    if (error instanceof UserError || error instanceof BugError || error instanceof DryRunStop)
      throw error;
    throw unreachable(api.url, error);
  }
  const { response } = answer;
  if (response.ok) return answer.data as T;
  // Every error answer of the contract is an ErrorBody; errorSentence still reads it defensively.
  throw httpError(response.status, answer.error as ErrorBody | undefined, what, eventType, api.url);
}

/** The params of a path with one record's {id}: `api.client.GET('/owner/staff/{id}/', byId(id))`. */
export const byId = (id: number) => ({ params: { path: { id } } });

/** The options of a GET that asks a list for its CSV (format=csv), read as bytes. */
export const asCsv = <Query extends object>(query: Query) => ({
  params: { query: { ...query, format: 'csv' as const } },
  parseAs: 'arrayBuffer' as const,
});

/**
 * A CSV the API answers, written to `file` ('-': only answered, for stdout): its bytes as sent,
 * read as bytes, since decoding it as text would drop the byte-order mark Excel needs.
 */
export async function csvFile(
  api: Pick<Api, 'url'>,
  request: Promise<Answer<unknown>>,
  what: string,
  file: string,
): Promise<Uint8Array> {
  const csv = new Uint8Array((await unwrap(api, request, what)) as ArrayBuffer);
  if (file !== '-') writeFileSync(file, csv);
  return csv;
}

export function httpError(
  status: number,
  body: ErrorBody | undefined,
  what: string,
  eventType: string | undefined,
  url: string,
): UserError | BugError {
  const text = errorText(body);
  if (status === 401) return authError('Your session has expired or was revoked.');
  if (status === 403) {
    return forbiddenError(
      text ?? 'This account may not do that.',
      'dabba is for the mess owner: run `dabba login` with the owner account.',
    );
  }
  const code = errorCode(body) ?? undefined;
  if (status === 404) return refusedError(`${what} was not found.`, undefined, code);
  if (status === 429)
    return refusedError(text ?? 'Too many requests.', 'Wait a little and try again.');
  if (status === 501) {
    return refusedError(
      `The server at ${url} does not support this yet (HTTP 501).`,
      'Upgrade the Dabba server, then try again.',
    );
  }
  if (status >= 400 && status < 500) {
    // The server's own sentence names the fields and the values; the catalogue's, by code, when none.
    const message = text ?? (code && refusalMessage(code, eventType)) ?? `HTTP ${status}`;
    return refusedError(message, undefined, code);
  }
  const subject = what.charAt(0).toLowerCase() + what.slice(1);
  return new BugError(
    `The server failed while handling ${subject} (HTTP ${status}${text ? `: ${text}` : ''}).`,
    'server',
  );
}

const timeZones = new WeakMap<Api, Promise<string>>();

/**
 * The business's time zone, from the server (GET /api/business/, once per run): the one clock.
 * `dabba` takes today's date and writes times in it, as the server and the web app do.
 */
export function businessTimeZone(api: Api): Promise<string> {
  let zone = timeZones.get(api);
  if (!zone) {
    zone = unwrap(api, api.client.GET('/business/'), 'The business profile').then(
      (business) => business.time_zone,
    );
    timeZones.set(api, zone);
  }
  return zone;
}

/** The business's date at `now` (the CLI's io clock), in its time zone. */
export const businessToday = async (api: Api, now: Date): Promise<string> =>
  todayIn(await businessTimeZone(api), now.getTime());

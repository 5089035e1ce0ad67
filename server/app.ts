// Builds the Fastify app: the API from openapi.yaml under /api, and the built web app at /.
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Config } from './config.js';
import { createAttachmentStore } from './platform/attachments/index.js';
import { compressOptions } from './platform/compression.js';
import { encodesItsOwnAnswers } from './platform/read-cache.js';
import { hasConsent } from './lifecycles/consent/consent.read.js';
import { createContext, type AppContext } from './context.js';
import {
  createLogDestination,
  loggerOptions,
  requestLogController,
  type LogDestination,
} from './logging.js';
import {
  contractYaml,
  loadContract,
  serializerCompiler,
  validatorCompiler,
  type OperationRoute,
} from './contract.js';
import { migrateToLatest } from './platform/db/migrations/index.js';
import { openDatabase, type Db } from './platform/db/index.js';
import { errorHandler, forbidden, notFound, unauthorized, ApiError, NO_STORE } from './errors.js';
import { isCustomer, isOwner, type Handlers, type OperationId } from './http.js';
import { registerAnswerLanguage } from './platform/answer-language.js';
import { authenticateToken } from './resources/auth/sessions.js';
import { ensureOwner } from './lifecycles/onboarding/owner-account.js';
import { createBackgroundTasks } from './services/background.js';
import { createMailer, type Mailer } from './services/mailer.js';
import { createNotifier } from './services/notifier.js';
import { createLoginThrottle } from './services/login-throttle.js';
import { createRateLimiter } from './services/rate-limit.js';
import { createSmsProvider } from './services/sms.js';
import { createWhatsappProvider } from './services/whatsapp/provider.js';
import { createWhatsappQueue } from './services/whatsapp/queue.js';
import type { Notifier } from './services/notifier.js';
import { foundationJobs, startScheduler, type Job } from './services/scheduler.js';
import { systemClock, type Clock } from './platform/time.js';
import { routeHandlers } from './registry.js';
import { isResetPasswordPage, registerSecurityHeaders } from './platform/security.js';
import { isAssetPath, registerWebApp, sendAppPage } from './platform/web.js';

const ATTACHMENT_LIMIT_BYTES = 5 * 1024 * 1024;

export interface BuildOptions {
  config: Config;
  clock?: Clock;
  /** false silences request logs (tests); otherwise pino at config.logLevel. */
  logger?: boolean;
  /** Replaces the SMTP/outbox mailer (tests hold or fail sends with it). */
  mailer?: Mailer;
  /** Where the log goes (stdout by default); main.ts keeps it to drain the log on shutdown. */
  logDestination?: LogDestination;
}

/** How long a normal close waits for mail and SMS still being sent after their answers. */
const CLOSE_DRAIN_MS = 5_000;

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The exact request bytes, kept only for operations marked x-raw-body (the webhook). */
    rawBody?: Buffer;
  }
}

/** 403 details the spec words for particular owner-only operations. */
const FORBIDDEN_DETAILS: Record<string, string> = {
  adminGetPayment: 'Unauthorized Access: You do not have permission to access payment details.',
};

/**
 * For operations marked `x-raw-body` (the payment webhook, whose signature covers the exact bytes):
 * keeps the body on `request.rawBody` and hands the same bytes on to the usual JSON parser.
 */
async function keepRawBody(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: NodeJS.ReadableStream,
): Promise<NodeJS.ReadableStream> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buffer.length;
    if (size > 1024 * 1024)
      throw new ApiError(413, { detail: 'Request body is too large.', error_code: 'too_large' });
    chunks.push(buffer);
  }
  request.rawBody = Buffer.concat(chunks);
  return Readable.from([request.rawBody]);
}

/**
 * For operations whose JSON body is optional (logout): a request without a body, or with an empty
 * one under `Content-Type: application/json`, is read as `{}` instead of failing as unparsable.
 */
async function emptyBodyIsNoBody(request: FastifyRequest) {
  const length = request.headers['content-length'];
  // Fastify's own test for "no body", which it applies only when no Content-Type is sent.
  if (
    request.headers['transfer-encoding'] === undefined &&
    (length === undefined || length === '0')
  )
    delete request.headers['content-type'];
}

async function absentBodyIsEmpty(request: FastifyRequest) {
  if (request.body === undefined || request.body === null) request.body = {};
}

/**
 * What a browser or proxy may keep of the answer: nothing, unless the operation is marked
 * `x-cache-control` and the request carries no token (an error answer says no-store again).
 */
function cacheHeaders(reply: FastifyReply, request: FastifyRequest, keepFor: string | null) {
  if (keepFor === null) {
    reply.header('cache-control', NO_STORE);
    return;
  }
  reply.header('vary', 'Authorization');
  reply.header('cache-control', request.headers.authorization === undefined ? keepFor : NO_STORE);
}

function securityHook(ctx: AppContext, operation: OperationRoute, keepFor: string | null) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    cacheHeaders(reply, request, keepFor);
    // Public operations never read the token: the spec's client sends a stored (maybe stale) one
    // with every call, and login or refresh must work regardless.
    if (operation.security === 'public') return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (token) request.auth = await authenticateToken(ctx, token);
    // A bad token is 401 even where a token is optional, so the client refreshes (or forgets it)
    // instead of silently getting the anonymous view.
    if (token && !request.auth) throw unauthorized('Given token not valid for any token type');
    if (operation.security === 'optional') return;
    if (!request.auth) throw unauthorized();
    const user = request.auth.user;
    if (
      operation.roles &&
      !operation.roles.some((role) =>
        role === 'mess_owner'
          ? isOwner(user)
          : role === 'customer'
            ? isCustomer(user)
            : (user.user_type as string) === role,
      )
    ) {
      throw forbidden(FORBIDDEN_DETAILS[operation.operationId]);
    }
  };
}

export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config } = options;
  const logDestination = options.logDestination ?? createLogDestination();
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, logDestination),
    logController: requestLogController(logDestination),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    requestTimeout: 30_000,
  });
  const clock = options.clock ?? systemClock;
  let db: Db;
  try {
    db = await openDatabase(config);
  } catch (error) {
    await app.close();
    throw error;
  }
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
    });
  const background = createBackgroundTasks(app.log);
  const rateLimiter = createRateLimiter(db, clock);
  const attachments = createAttachmentStore(config, db, clock, app.log);
  // The queue's SMS fallback goes through the notifier, which is built with the queue.
  let notifier: Notifier | null = null;
  const whatsapp = createWhatsappQueue({
    db,
    clock,
    config,
    log: app.log,
    provider: createWhatsappProvider(config, app.log),
    sendSms: (request) => notifier?.notify(request) ?? Promise.resolve(),
    runInBackground: (name, work) => background.run(name, work),
  });
  notifier = createNotifier({
    db,
    clock,
    mailer,
    sms: createSmsProvider(config, app.log),
    rateLimiter,
    log: app.log,
    whatsapp,
    whatsappConsent: (userId) => hasConsent(db.kysely, userId, 'whatsapp', 'service'),
  });
  const ctx = createContext({
    config,
    db,
    clock,
    log: app.log,
    rateLimiter,
    loginThrottle: createLoginThrottle(db, clock),
    attachments,
    background,
    notifier,
    whatsapp,
  });
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    // Mail still being sent after its answer needs the database to record the outcome.
    await background.drain(CLOSE_DRAIN_MS);
    await attachments.close();
    await db.close();
  });
  try {
    await migrateToLatest(db);
    await ensureOwner(ctx);
  } catch (error) {
    await app.close();
    throw error;
  }

  registerSecurityHeaders(app, config);
  app.setValidatorCompiler(validatorCompiler());
  app.setSerializerCompiler(serializerCompiler());
  app.setErrorHandler(errorHandler);
  // Before the routes, so it applies to every one of them (and to the not-found answers).
  registerAnswerLanguage(app);
  app.decorateRequest('auth', null);
  // Before the routes, whose answers it compresses (server/platform/compression.ts).
  await app.register(fastifyCompress, compressOptions);

  const contract = loadContract();
  const contractPaths = contract.document.paths as Record<string, Record<string, unknown>>;
  const extension = (operation: OperationRoute, name: string) =>
    (contractPaths[operation.path]?.[operation.method.toLowerCase()] as Record<string, unknown>)?.[
      name
    ];
  const wantsRawBody = (operation: OperationRoute) => extension(operation, 'x-raw-body') === true;
  const keepFor = (operation: OperationRoute) => {
    const value = extension(operation, 'x-cache-control');
    return typeof value === 'string' ? value : null;
  };
  const handlers: Handlers = routeHandlers(ctx);
  const addRoute = (scope: FastifyInstance, operation: OperationRoute) => {
    const handler = handlers[operation.operationId as keyof Handlers];
    // The contract and the handlers are checked against each other by the type of routeHandlers;
    // an operation without a handler (a contract edited without code) stops the start.
    if (!handler) throw new Error(`openapi.yaml: no handler for ${operation.operationId}`);
    const optionalBody = operation.schema.body !== undefined && !operation.bodyRequired;
    scope.route({
      method: operation.method,
      url: operation.url,
      schema: operation.schema,
      config: { operationId: operation.operationId as OperationId },
      onRequest: securityHook(ctx, operation, keepFor(operation)),
      ...(wantsRawBody(operation) ? { preParsing: keepRawBody } : {}),
      ...(optionalBody ? { preParsing: emptyBodyIsNoBody, preValidation: absentBodyIsEmpty } : {}),
      // The compression plugin's hooks only where they have work: not on answers already encoded.
      ...(encodesItsOwnAnswers(handler) ? { compress: false as const } : {}),
      handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    });
  };
  for (const operation of contract.operations) {
    if (!operation.multipart) addRoute(app, operation);
  }
  // Multipart parsing, and the two hooks a request the plugin adds, only where a file is uploaded.
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, {
      limits: { fileSize: ATTACHMENT_LIMIT_BYTES, files: 1, fields: 5, parts: 6 },
    });
    for (const operation of contract.operations) {
      if (operation.multipart) addRoute(uploads, operation);
    }
  });

  app.get('/api/openapi.yaml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/yaml; charset=utf-8').send(await contractYaml()),
  );
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: contract.document as never },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });

  const appPage = await registerWebApp(app, config);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
      return errorHandler(notFound() as never, request, reply);
    }
    if (appPage && !isAssetPath(url) && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes: the web app decides what to show (unknown paths redirect to /).
      if (isResetPasswordPage(url)) reply.header('Referrer-Policy', 'no-referrer');
      return sendAppPage(request, reply, appPage);
    }
    return reply.code(404).send({ detail: 'Not found.', error_code: 'not_found' });
  });
  return { app, ctx };
}

export function startJobs(ctx: AppContext, jobs: Job[] = foundationJobs): () => void {
  return startScheduler(ctx, jobs);
}

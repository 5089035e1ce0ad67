// Handler types derived from the generated contract types, so no API type is written by hand.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '@generated/api.js';
import type { AuthContext } from './resources/auth/sessions.js';
import type { AppContext } from './context.js';
import type { User } from './platform/db/schema.js';
import { isStaffRole } from '@machines/staff';
import { forbidden, unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export type OperationId = keyof operations;

type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Operation<Op extends OperationId> = operations[Op];

type RequestBody<Op extends OperationId> =
  Operation<Op> extends { requestBody?: infer Body } ? JsonOf<NonNullable<Body>> : never;
export type QueryOf<Op extends OperationId> =
  Operation<Op> extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;
type ParamsOf<Op extends OperationId> =
  Operation<Op> extends { parameters: { path?: infer Path } } ? NonNullable<Path> : never;
type Responses<Op extends OperationId> = Operation<Op>['responses'];
type SuccessBody<Op extends OperationId> = {
  [Status in keyof Responses<Op>]: Status extends 200 | 201 | 202
    ? JsonOf<Responses<Op>[Status]>
    : never;
}[keyof Responses<Op>];

type ApiRequest<Op extends OperationId> = FastifyRequest<{
  Body: RequestBody<Op>;
  Querystring: QueryOf<Op>;
  Params: ParamsOf<Op>;
}>;

// Binary, HTML and 204 answers have no JSON body: their handlers send through `reply`.
export type Handler<Op extends OperationId> = (
  request: ApiRequest<Op>,
  reply: FastifyReply,
) => Promise<SuccessBody<Op> | FastifyReply>;

/** One handler for every operation of the contract: routeHandlers must provide them all. */
export type Handlers = { [Op in OperationId]: Handler<Op> };

export const isOwner = (user: Pick<User, 'user_type'>) => user.user_type === 'mess_owner';
export const isCustomer = (user: Pick<User, 'user_type'>) =>
  user.user_type === 'student' || user.user_type === 'regular';
/** The owner's staff: manager, kitchen, delivery (machines/staff). */
const isStaff = (user: Pick<User, 'user_type'>) => isStaffRole(user.user_type);

/**
 * Whether the user acts for the business rather than as a customer: the owner and their staff.
 * Where an operation shows "the owner's view" (everyone's leaves, any payment), this is the test;
 * which staff may call the operation at all is its `x-roles`, enforced before the handler runs.
 * The user is read from the database on every request, so a role change applies at the next one.
 */
export const actsForBusiness = (user: Pick<User, 'user_type'>) => isOwner(user) || isStaff(user);

/** The signed-in user; the route's security already refused anonymous callers. */
export function requireUser(request: FastifyRequest): User {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}

export function requireOwner(request: FastifyRequest): User {
  const user = requireUser(request);
  if (!isOwner(user)) throw forbidden();
  return user;
}

/** The owner or a staff member (the route's `x-roles` already said which staff). */
export function requireBusiness(request: FastifyRequest): User {
  const user = requireUser(request);
  if (!actsForBusiness(user)) throw forbidden();
  return user;
}

export function requireCustomer(request: FastifyRequest): User {
  const user = requireUser(request);
  if (!isCustomer(user)) throw forbidden();
  return user;
}

/**
 * The client's address: with TRUST_PROXY, read from X-Forwarded-For past the trusted hops. Fastify
 * computes it from the request's socket, which Node detaches once the connection has closed (a
 * refused oversized body, a client that went away): then the socket's last known address, if any.
 */
export function clientIp(request: FastifyRequest): string {
  try {
    return request.ip || 'unknown';
  } catch {
    return request.raw.socket?.remoteAddress ?? 'unknown';
  }
}

/** Resolves once the answer has been written out, or the client has gone away. */
function answered(reply: FastifyReply): Promise<void> {
  const raw = reply.raw;
  if (raw.writableFinished || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      raw.off('finish', done);
      raw.off('close', done);
      resolve();
    };
    raw.on('finish', done);
    raw.on('close', done);
  });
}

/**
 * Runs `work` once the answer has gone out, so the answer's content and timing cannot depend on it
 * (whether an e-mail or phone is registered). Errors are logged by the background tasks.
 */
export function afterAnswer(
  ctx: AppContext,
  reply: FastifyReply,
  name: string,
  work: () => Promise<unknown>,
): void {
  ctx.background.run(name, async () => {
    await answered(reply);
    await work();
  });
}

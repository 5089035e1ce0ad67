// Errors in the shapes the spec's client reads: `detail`, `non_field_errors`, per-field lists, `message`.
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '@generated/api.js';
import { refusal, type Refusal, type RefusalKey, type RefusalValues } from '@machines/shared';

/**
 * `error_code` is the stable machine code every error carries. It has its own name because request
 * fields become keys of the body too: a plan's `code`, a feedback's `message` (a list there, while
 * the OTP endpoints' `message` is one sentence).
 */
export type ErrorCode = components['schemas']['ErrorBody']['error_code'];

export type ErrorBody = {
  error_code: ErrorCode;
  detail?: string;
  message?: string | string[];
  non_field_errors?: string[];
  /** The catalogue refusals whose English sentences the body carries (never serialized). */
  [REFUSALS]?: readonly Refusal[];
} & { [field: string]: string[] | string | undefined };

/**
 * Where an error body keeps the refusals (machines/shared/refusals.ts) its sentences come from, so
 * the answer's language (platform/answer-language.ts) writes each by its key, not by its English.
 * A symbol: JSON never sees it.
 */
export const REFUSALS: unique symbol = Symbol('refusals');

/** `body`, marked as carrying `refusals`' sentences. */
export function carrying<T extends object>(body: T, refusals: readonly Refusal[]): T {
  return Object.assign(body, { [REFUSALS]: refusals });
}

/** Error bodies the contract documents as extending ErrorBody with fields of other types. */
export type ExtendedErrorBody =
  components['schemas']['SandboxDeclined'] | components['schemas']['PhoneUnverified'];

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody | ExtendedErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    const text = 'message' in body && typeof body.message === 'string' ? body.message : undefined;
    const nonField = 'non_field_errors' in body ? body.non_field_errors?.[0] : undefined;
    const detail = 'detail' in body ? body.detail : undefined;
    super(detail ?? text ?? nonField ?? `HTTP ${statusCode}`);
    this.name = 'ApiError';
  }
}

/**
 * A reason the server cannot start that the person running it can fix (a locked or unwritable
 * DATA_DIR): main.ts prints the message alone, without a stack trace, and exits with 1.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** A 400's per-field lists: each field's messages under its name (`non_field_errors` for the form). */
export type FieldErrors = Record<string, string[]>;

export const fieldErrors = (fields: FieldErrors, errorCode: ErrorCode = 'invalid') =>
  new ApiError(400, { ...fields, error_code: errorCode });

export const fieldError = (field: string, message: string, errorCode: ErrorCode = 'invalid') =>
  fieldErrors({ [field]: [message] }, errorCode);

/** A form's `field` names a record `id` that does not exist. */
export const noSuchRecord = (field: string, id: number | string) =>
  fieldError(field, `Invalid pk "${id}" - object does not exist.`, 'does_not_exist');

/** A refusal as the form's non_field_errors, under its code. */
export const refusalError = (refused: Refusal, status = 400) =>
  new ApiError(
    status,
    carrying({ non_field_errors: [refused.message], error_code: refused.code }, [refused]),
  );

/** A refusal as the answer's `message`, under its code: the OTP endpoints' shape. */
export const refusalMessage = (refused: Refusal, status = 400) =>
  new ApiError(status, carrying({ message: refused.message, error_code: refused.code }, [refused]));

/** Every broken rule of a create or edit as non_field_errors, under the first one's code. */
export const refusalsError = (refusals: readonly Refusal[]) =>
  new ApiError(
    400,
    carrying(
      {
        non_field_errors: refusals.map((refused) => refused.message),
        error_code: refusals[0]?.code ?? 'invalid',
      },
      refusals,
    ),
  );

/** Refusals each under its field (`{ amount: [...], reference: [...] }`), the first one's code. */
export function refusalFieldErrors(problems: readonly (Refusal & { readonly field: string })[]) {
  const fields: FieldErrors = {};
  for (const problem of problems) (fields[problem.field] ??= []).push(problem.message);
  return new ApiError(
    400,
    carrying({ ...fields, error_code: problems[0]?.code ?? 'invalid' }, problems),
  );
}

/** A refusal as the answer's `detail`, under its code unless another is given. */
export const refusedWith = (
  status: number,
  refused: Refusal,
  errorCode: ErrorCode = refused.code,
) => new ApiError(status, carrying({ detail: refused.message, error_code: errorCode }, [refused]));

/** The catalogue's sentence for `key` as the answer's `detail`. */
export const refusalDetail = (status: number, key: RefusalKey, values?: RefusalValues) =>
  refusedWith(status, refusal(key, values));

/** The catalogue's sentence for `key` under one field. */
export const refusalField = (field: string, key: RefusalKey, values?: RefusalValues) =>
  refusalFieldErrors([{ field, ...refusal(key, values) }]);

export const notFound = (detail = 'Not found.') =>
  new ApiError(404, { detail, error_code: 'not_found' });

/** The row a lookup found, or the 404 for one that does not exist. */
export async function found<Row>(lookup: Promise<Row | undefined>): Promise<Row> {
  const row = await lookup;
  if (!row) throw notFound();
  return row;
}

export const unauthorized = (detail = 'Authentication credentials were not provided.') =>
  new ApiError(401, { detail, error_code: 'not_authenticated' });

export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new ApiError(403, { detail, error_code: 'permission_denied' });

export const tooManyRequests = (
  retryAfterSeconds: number,
  text: string,
  key: 'detail' | 'message',
) =>
  new ApiError(
    429,
    { [key]: text, error_code: 'throttled' },
    { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

const DEFAULT_MESSAGES: Record<string, (error: ErrorObject) => string> = {
  required: () => 'This field is required.',
  additionalProperties: () => 'Unknown field.',
  minLength: (e) =>
    (e.params as { limit: number }).limit === 1
      ? 'This field may not be blank.'
      : `Ensure this field has at least ${(e.params as { limit: number }).limit} characters.`,
  maxLength: (e) =>
    `Ensure this field has no more than ${(e.params as { limit: number }).limit} characters.`,
  minimum: (e) =>
    `Ensure this value is greater than or equal to ${(e.params as { limit: number }).limit}.`,
  maximum: (e) =>
    `Ensure this value is less than or equal to ${(e.params as { limit: number }).limit}.`,
  enum: (e) => `"${String(e.data)}" is not a valid choice.`,
  const: (e) => `"${String(e.data)}" is not a valid choice.`,
  pattern: () => 'This value has the wrong format.',
  uniqueItems: () => 'Items must be unique.',
  controlCharacters: () => 'This field may not contain control characters.',
  'x-max-decimals': (e) => `Ensure that there are no more than ${String(e.schema)} decimal places.`,
  minItems: () => 'This list may not be empty.',
  format: (e) => {
    const format = (e.params as { format: string }).format;
    if (format === 'email') return 'Enter a valid email address.';
    if (format === 'date') return 'Date has wrong format. Use YYYY-MM-DD.';
    if (format === 'date-time') return 'Datetime has wrong format.';
    return 'This value has the wrong format.';
  },
  type: (e) => {
    const type = String((e.params as { type: string | string[] }).type);
    if (type.startsWith('integer')) return 'A valid integer is required.';
    if (type.startsWith('number')) return 'A valid number is required.';
    if (type.startsWith('boolean')) return 'Must be a valid boolean.';
    if (type.startsWith('array')) return 'Expected a list of items.';
    if (type.startsWith('object')) return 'Expected an object.';
    return 'Not a valid string.';
  },
};

type SchemaWithMessages = {
  'x-messages'?: Record<string, string>;
  properties?: Record<string, SchemaWithMessages>;
};

/** Turns Ajv errors into per-field lists, using the contract's `x-messages` where it has them. */
function formatValidationErrors(errors: ErrorObject[], context: string): ErrorBody {
  // Keyed by request field names, which may be `toString` or `constructor`: no prototype to hit.
  const body: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const add = (field: string, message: string) => {
    const list = (body[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const error of errors) {
    // anyOf/oneOf report their branches separately; the branch errors say more.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const parent = error.parentSchema as SchemaWithMessages | undefined;
    let pointer = error.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    let messages = parent?.['x-messages'];
    if (error.keyword === 'discriminator') {
      // A missing or unknown tag is the tag field's error (`payout.method`).
      const tag = (error.params as { tag?: string }).tag ?? '';
      pointer = pointer ? `${pointer}.${tag}` : tag;
    }
    if (error.keyword === 'required' || error.keyword === 'additionalProperties') {
      const name =
        (error.params as { missingProperty?: string }).missingProperty ??
        (error.params as { additionalProperty?: string }).additionalProperty ??
        '';
      pointer = pointer ? `${pointer}.${name}` : name;
      messages = parent?.properties?.[name]?.['x-messages'];
    }
    const custom = messages?.[error.keyword];
    const message = custom ?? DEFAULT_MESSAGES[error.keyword]?.(error) ?? 'Invalid value.';
    if (!pointer) {
      add(
        'non_field_errors',
        error.keyword === 'type' ? 'Invalid data. Expected a JSON object.' : message,
      );
    } else {
      add(context === 'body' ? pointer : pointer, message);
    }
  }
  return { ...body, error_code: 'invalid' };
}

// ----- storage faults (see server/platform/storage.ts) ----------------------------------------------

export type StorageFault = 'full' | 'unavailable';

/** "No space": SQLite, the file system (ENOSPC, or a quota), PostgreSQL's disk_full. */
const FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT', '53100']);
/** Storage that is there but will not write: I/O errors, read-only files, mounts or databases. */
const UNAVAILABLE_CODES = new Set([
  'EROFS',
  'EIO',
  '58030',
  '25006',
  // An attachment store (S3) that is down or refuses us: server/platform/attachments/store.ts.
  'ATTACHMENT_STORE_UNAVAILABLE',
]);

/** Whether `error` means the storage could not take a write (and not that the request was wrong). */
export function storageFault(error: unknown): StorageFault | null {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (FULL_CODES.has(code)) return 'full';
  if (
    UNAVAILABLE_CODES.has(code) ||
    code.startsWith('SQLITE_IOERR') ||
    code.startsWith('SQLITE_READONLY')
  ) {
    return 'unavailable';
  }
  return null;
}

const storageUnavailable = (fault: StorageFault) =>
  refusalDetail(503, fault === 'full' ? 'storage_unavailable:full' : 'storage_unavailable');

/**
 * A refused body is left unread on the connection: a keep-alive client would send its next request
 * behind it and wait for a timeout. Closing the connection after the answer ends that at once.
 */
function closeAfterReply(reply: FastifyReply): void {
  reply.header('connection', 'close');
}

/** PostgreSQL's answers to values it cannot store: client mistakes, not server faults. */
const POSTGRES_BAD_INPUT = new Set(['22003', '22P02', '22007', '22008', '22001', '22021']);

interface ValidationFailure extends Omit<FastifyError, 'validation' | 'validationContext'> {
  validation?: ErrorObject[];
  validationContext?: string;
}

/** Cache-Control of everything but a public answer: no browser or proxy keeps it. */
export const NO_STORE = 'no-store';

export function errorHandler(
  error: ValidationFailure,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  // An error is never kept, even of an operation whose answers may be (a missing plan).
  reply.header('cache-control', NO_STORE);
  if (error instanceof ApiError) {
    if (error.statusCode === 413) closeAfterReply(reply);
    return reply.code(error.statusCode).headers(error.headers).send(error.body);
  }
  if (error.validation) {
    return reply
      .code(400)
      .send(formatValidationErrors(error.validation, error.validationContext ?? 'body'));
  }
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
    closeAfterReply(reply);
    return reply
      .code(413)
      .send({ detail: 'Attachment must be less than 5MB.', error_code: 'too_large' });
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    closeAfterReply(reply);
    return reply.code(413).send({ detail: 'Request body is too large.', error_code: 'too_large' });
  }
  const fault = storageFault(error);
  if (fault) {
    request.log.warn({ err: error }, 'storage refused a write');
    return reply.code(503).send(storageUnavailable(fault).body);
  }
  if (error.code?.startsWith('FST_ERR_CTP_') || error.code === 'FST_ERR_VALIDATION') {
    const detail =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'Unsupported media type. Send JSON.'
        : `JSON parse error: ${error.message}`;
    return reply
      .code(status >= 400 && status < 500 ? status : 400)
      .send({ detail, error_code: 'parse_error' });
  }
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ detail: error.message, error_code: 'bad_request' });
  }
  if (POSTGRES_BAD_INPUT.has(String((error as { code?: string }).code))) {
    request.log.warn({ err: error }, 'database refused a value');
    return reply
      .code(400)
      .send({ detail: 'A value is out of range or malformed.', error_code: 'invalid' });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ detail: 'Internal server error.', error_code: 'server_error' });
}

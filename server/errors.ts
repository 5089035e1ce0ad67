// Errors in the shapes the spec's client reads: `detail`, `non_field_errors`, per-field lists, `message`.
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export type ErrorBody = {
  detail?: string;
  message?: string;
  non_field_errors?: string[];
  code?: string;
} & { [field: string]: string[] | string | undefined };

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.detail ?? body.message ?? body.non_field_errors?.[0] ?? `HTTP ${statusCode}`);
    this.name = 'ApiError';
  }
}

// A plan has a field named `code`; its messages win over the machine-readable code.
const withCode = (fields: Record<string, string[]>, code: string): ErrorBody =>
  'code' in fields ? fields : { ...fields, code };

export const fieldErrors = (fields: Record<string, string[]>, code = 'invalid') =>
  new ApiError(400, withCode(fields, code));

export const fieldError = (field: string, message: string, code = 'invalid') =>
  fieldErrors({ [field]: [message] }, code);

export const nonFieldError = (message: string, code = 'invalid') =>
  new ApiError(400, { non_field_errors: [message], code });

export const detailError = (statusCode: number, detail: string, code?: string) =>
  new ApiError(statusCode, code ? { detail, code } : { detail });

export const notFound = (detail = 'Not found.') => new ApiError(404, { detail, code: 'not_found' });

export const unauthorized = (detail = 'Authentication credentials were not provided.') =>
  new ApiError(401, { detail, code: 'not_authenticated' });

export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new ApiError(403, { detail, code: 'permission_denied' });

export const tooManyRequests = (
  retryAfterSeconds: number,
  text: string,
  key: 'detail' | 'message',
) =>
  new ApiError(
    429,
    { [key]: text, code: 'throttled' },
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
export function formatValidationErrors(errors: ErrorObject[], context: string): ErrorBody {
  const body: Record<string, string[]> = {};
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
  return withCode(body, 'invalid');
}

/** PostgreSQL's answers to values it cannot store: client mistakes, not server faults. */
const POSTGRES_BAD_INPUT = new Set(['22003', '22P02', '22007', '22008', '22001', '22021']);

interface ValidationFailure extends Omit<FastifyError, 'validation' | 'validationContext'> {
  validation?: ErrorObject[];
  validationContext?: string;
}

export function errorHandler(
  error: ValidationFailure,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof ApiError) {
    return reply.code(error.statusCode).headers(error.headers).send(error.body);
  }
  if (error.validation) {
    return reply
      .code(400)
      .send(formatValidationErrors(error.validation, error.validationContext ?? 'body'));
  }
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.code(413).send({ detail: 'Attachment must be less than 5MB.', code: 'too_large' });
  }
  if (error.code?.startsWith('FST_ERR_CTP_') || error.code === 'FST_ERR_VALIDATION') {
    const detail =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'Unsupported media type. Send JSON.'
        : `JSON parse error: ${error.message}`;
    return reply
      .code(status >= 400 && status < 500 ? status : 400)
      .send({ detail, code: 'parse_error' });
  }
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ detail: error.message, code: error.code ?? 'bad_request' });
  }
  if (POSTGRES_BAD_INPUT.has(String((error as { code?: string }).code))) {
    request.log.warn({ err: error }, 'database refused a value');
    return reply
      .code(400)
      .send({ detail: 'A value is out of range or malformed.', code: 'invalid' });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ detail: 'Internal server error.', code: 'server_error' });
}

// Reads the contract (openapi.yaml, as generated/openapi.json) and turns each operation into a Fastify
// route: validation, response shape, security and roles all come from the contract, by operationId.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, Options as AjvOptions, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { hasAtMostDecimals } from '@machines/shared';

// Both resolve from server/ and from the bundle in dist/ alike: one level up is the repository.
export const CONTRACT_PATH = fileURLToPath(new URL('../openapi.yaml', import.meta.url));
/**
 * openapi.yaml as JSON, written by `npm run generate` (scripts/generate-contract-json.mjs). The server
 * reads this one: parsing the YAML at every start left about 10 MB of garbage in the old generation
 * and kept the yaml package loaded.
 */
const CONTRACT_JSON_PATH = fileURLToPath(new URL('../generated/openapi.json', import.meta.url));

type JsonObject = { [key: string]: unknown };

/** The contract's keyword for "at most this many decimals" (`x-max-decimals: 2` on every amount). */
export const MAX_DECIMALS_KEYWORD = 'x-max-decimals';
type Security = 'public' | 'optional' | 'required';
type Role = 'customer' | 'mess_owner' | 'manager' | 'kitchen' | 'delivery';

export interface OperationRoute {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The Fastify URL, e.g. /api/subscriptions/leaves/:id/approve/ */
  url: string;
  /** The contract's path, e.g. /subscriptions/leaves/{id}/approve/ */
  path: string;
  security: Security;
  roles: Role[] | null;
  multipart: boolean;
  /** false when the contract marks the JSON request body optional (`requestBody.required`). */
  bodyRequired: boolean;
  schema: FastifySchema;
  /** Every documented answer by status key ('200', '4XX', 'default'), dereferenced. */
  responses: Record<string, ResponseSpec>;
}

export interface ResponseSpec {
  /** Schemas by media type; undefined where the contract gives none. */
  content: Record<string, JsonObject | undefined>;
  headers: Record<string, { required: boolean; schema: JsonObject | undefined }>;
}

export interface Contract {
  document: JsonObject;
  operations: OperationRoute[];
  /** Headers on every answer, from `x-every-response-headers`, also merged into each response. */
  everyResponseHeaders: ResponseSpec['headers'];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function dereference(document: JsonObject): (node: unknown) => unknown {
  const cache = new Map<string, unknown>();
  const resolve = (node: unknown, seen: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => resolve(item, seen));
    if (!node || typeof node !== 'object') return node;
    const object = node as JsonObject;
    if (typeof object.$ref === 'string') {
      const pointer = object.$ref;
      if (seen.includes(pointer)) throw new Error(`openapi.yaml: recursive $ref ${pointer}`);
      if (!cache.has(pointer)) {
        const target = pointer
          .replace(/^#\//, '')
          .split('/')
          .reduce<unknown>((at, key) => (at as JsonObject | undefined)?.[key], document);
        if (target === undefined) throw new Error(`openapi.yaml: unresolved $ref ${pointer}`);
        cache.set(pointer, resolve(target, [...seen, pointer]));
      }
      const { $ref: _ref, ...siblings } = object;
      const resolved = cache.get(pointer) as JsonObject;
      if (!Object.keys(siblings).length) return resolved;
      // A reference's own messages add to the schema's (a list's `required` beside its `maxItems`).
      const messages =
        resolved['x-messages'] && siblings['x-messages']
          ? {
              'x-messages': {
                ...(resolved['x-messages'] as JsonObject),
                ...siblings['x-messages'],
              },
            }
          : {};
      return { ...resolved, ...siblings, ...messages };
    }
    const copy: JsonObject = {};
    for (const [key, value] of Object.entries(object)) copy[key] = resolve(value, seen);
    // Ajv picks the oneOf branch by the tag's const and refuses `mapping`, which the contract
    // gives for openapi-typescript's sake (RefundPayout): the same branches either way.
    if (isDiscriminator(copy.discriminator)) {
      const { mapping: _mapping, ...discriminator } = copy.discriminator;
      copy.discriminator = discriminator;
    }
    return copy;
  };
  return (node) => resolve(node, []);
}

function isDiscriminator(node: unknown): node is JsonObject & { propertyName: string } {
  return (
    !!node && typeof node === 'object' && typeof (node as JsonObject).propertyName === 'string'
  );
}

function securityOf(operation: JsonObject, document: JsonObject): Security {
  const requirements = (operation.security ?? document.security ?? []) as JsonObject[];
  if (requirements.length === 0) return 'public';
  return requirements.some((requirement) => Object.keys(requirement).length === 0)
    ? 'optional'
    : 'required';
}

function parametersSchema(parameters: JsonObject[], location: 'query' | 'path'): JsonObject | null {
  const selected = parameters.filter((parameter) => parameter.in === location);
  if (selected.length === 0) return null;
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const parameter of selected) {
    properties[parameter.name as string] = parameter.schema ?? { type: 'string' };
    if (parameter.required) required.push(parameter.name as string);
  }
  return { type: 'object', properties, required, additionalProperties: true };
}

/** The contract's document as the server reads it: generated/openapi.json. */
export function readContractDocument(): JsonObject {
  return JSON.parse(readFileSync(CONTRACT_JSON_PATH, 'utf8')) as JsonObject;
}

let yamlText: Promise<Buffer> | null = null;

/**
 * openapi.yaml's bytes, as GET /api/openapi.yaml serves them: read on the first request rather than
 * at start-up (it is rarely asked for), and kept after.
 */
export function contractYaml(): Promise<Buffer> {
  yamlText ??= readFile(CONTRACT_PATH).catch((error: unknown) => {
    yamlText = null;
    throw error;
  });
  return yamlText;
}

/** The operations of `document` (by default the server's contract; tests pass a planted one). */
export function loadContract(document: JsonObject = readContractDocument()): Contract {
  const resolve = dereference(document);
  const readHeaders = (declared: unknown): ResponseSpec['headers'] => {
    const headers: ResponseSpec['headers'] = {};
    for (const [name, header] of Object.entries((resolve(declared ?? {}) ?? {}) as JsonObject)) {
      const spec = header as JsonObject;
      headers[name.toLowerCase()] = {
        required: spec.required === true,
        schema: spec.schema as JsonObject | undefined,
      };
    }
    return headers;
  };
  // Headers every answer carries (the security headers) are declared once, at the top.
  const everyResponseHeaders = readHeaders(document['x-every-response-headers']);
  const operations: OperationRoute[] = [];
  for (const [path, rawItem] of Object.entries((document.paths ?? {}) as JsonObject)) {
    const item = resolve(rawItem) as JsonObject;
    const shared = (item.parameters ?? []) as JsonObject[];
    for (const method of METHODS) {
      const operation = item[method] as JsonObject | undefined;
      if (!operation) continue;
      const parameters = [...shared, ...((operation.parameters ?? []) as JsonObject[])];
      const content = ((operation.requestBody as JsonObject | undefined)?.content ??
        {}) as JsonObject;
      const multipart = 'multipart/form-data' in content;
      const jsonBody = (content['application/json'] as JsonObject | undefined)?.schema;
      const response: JsonObject = {};
      const responses: Record<string, ResponseSpec> = {};
      for (const [status, answer] of Object.entries((operation.responses ?? {}) as JsonObject)) {
        const documented = answer as JsonObject;
        const media = (documented.content ?? {}) as Record<string, JsonObject>;
        const schema = media['application/json']?.schema as JsonObject | undefined;
        if (/^2\d\d$/.test(status) && schema) response[status] = schema;
        const headers = { ...everyResponseHeaders, ...readHeaders(documented.headers) };
        responses[status] = {
          content: Object.fromEntries(
            Object.entries(media).map(([type, body]) => [
              type,
              body.schema as JsonObject | undefined,
            ]),
          ),
          headers,
        };
      }
      const schema: FastifySchema = {};
      const querystring = parametersSchema(parameters, 'query');
      const params = parametersSchema(parameters, 'path');
      if (querystring) schema.querystring = querystring;
      if (params) schema.params = params;
      if (jsonBody && !multipart) schema.body = jsonBody;
      if (Object.keys(response).length) schema.response = response;
      operations.push({
        operationId: operation.operationId as string,
        method: method.toUpperCase() as OperationRoute['method'],
        url: '/api' + path.replace(/\{([^}]+)\}/g, ':$1'),
        path,
        security: securityOf(operation, document),
        roles: (operation['x-roles'] as Role[] | undefined) ?? null,
        multipart,
        bodyRequired: (operation.requestBody as JsonObject | undefined)?.required === true,
        schema,
        responses,
      });
    }
  }
  return { document, operations, everyResponseHeaders };
}

/** Ajv 2020 with formats, as the server validates with; tests check answers with it too. */
export function createAjv(options: AjvOptions) {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    verbose: true,
    removeAdditional: false,
    useDefaults: true,
    // A oneOf told apart by a tag (RefundPayout's `method`) reports the chosen branch's errors only.
    discriminator: true,
    ...options,
  });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  // Money's "at most two decimals": JSON Schema's multipleOf divides in binary floating point and
  // refuses ₹19.99 (19.99 / 0.01 is 1998.9999999999998), so the contract says it with this keyword.
  ajv.addKeyword({
    keyword: MAX_DECIMALS_KEYWORD,
    type: 'number',
    schemaType: 'number',
    validate: (decimals: number, data: number) => hasAtMostDecimals(data, decimals),
  });
  return ajv;
}

// Validators and response serializers are compiled on first use, not at start-up: compiling them for
// every operation of the contract held about 10 MB of code and generated source in an idle server,
// mostly for operations an instance rarely or never serves. The first request of an operation pays
// for its compilation (a few milliseconds).

/**
 * Control characters: C0 but tab, line feed and carriage return; DEL; C1. No text a person types
 * holds them, PostgreSQL refuses NUL in text while SQLite stores it, and a terminal or a CSV reader
 * acts on the others.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

/** The JSON pointer of the first string in `data` holding a control character, or null. */
export function controlCharacterAt(data: unknown, pointer = ''): string | null {
  const path = controlCharacterPath(data);
  return path === null ? null : pointer + path;
}

/**
 * The path below `data` to its first string with a control character, or null. Every request's
 * query and body pass here: the path is only built once one is found.
 */
function controlCharacterPath(data: unknown): string | null {
  if (typeof data === 'string') return CONTROL_CHARACTER.test(data) ? '' : null;
  if (data === null || typeof data !== 'object') return null;
  if (Array.isArray(data)) {
    for (let index = 0; index < data.length; index += 1) {
      const found = controlCharacterPath(data[index]);
      if (found !== null) return `/${index}${found}`;
    }
    return null;
  }
  for (const key in data) {
    if (!Object.hasOwn(data, key)) continue;
    const found = controlCharacterPath((data as Record<string, unknown>)[key]);
    if (found !== null) return `/${key}${found}`;
  }
  return null;
}

/** The Ajv-shaped error for a control character, so it reads as the other field errors do. */
function controlCharacterError(instancePath: string): ErrorObject {
  return {
    instancePath,
    schemaPath: '#/x-control-characters',
    keyword: 'controlCharacters',
    params: {},
    message: 'must not contain control characters',
  };
}

/**
 * Bodies are validated strictly (no type coercion, unknown fields refused); query strings and path
 * parameters arrive as text, so they are coerced. Every text, in any part, is refused when it holds
 * a control character, unless its schema says `x-control-characters: allowed` (a provider's webhook,
 * whose payload is not ours to judge).
 */
export function validatorCompiler(): FastifySchemaCompiler<unknown> {
  const bodyAjv = createAjv({ coerceTypes: false });
  const textAjv = createAjv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : textAjv;
    const checksText = (schema as JsonObject)['x-control-characters'] !== 'allowed';
    let compiled: ValidateFunction | null = null;
    // Fastify reads `errors` off the function it was given, as off an Ajv validator.
    const validate = Object.assign(
      (data: unknown) => {
        compiled ??= ajv.compile(schema as object);
        const valid = compiled(data);
        validate.errors = compiled.errors;
        if (!valid || !checksText) return valid;
        const at = controlCharacterAt(data);
        if (at === null) return true;
        validate.errors = [controlCharacterError(at)];
        return false;
      },
      { errors: null as ErrorObject[] | null | undefined },
    );
    return validate as ReturnType<FastifySchemaCompiler<unknown>>;
  };
}

type SerializerBuilder = (
  externalSchemas: unknown,
  options: unknown,
) => (route: Parameters<FastifySerializerCompiler<unknown>>[0]) => (data: unknown) => string;

/**
 * Fastify's own response serializers (fast-json-stringify, through the compiler Fastify itself
 * loads), each built on its first use.
 */
export function serializerCompiler(): FastifySerializerCompiler<unknown> {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const { SerializerSelector } = fromFastify('@fastify/fast-json-stringify-compiler') as {
    SerializerSelector: () => SerializerBuilder;
  };
  // As Fastify calls it when no shared schemas are added: ours are dereferenced, inline.
  const build = SerializerSelector()({}, undefined);
  return (route) => {
    let serialize: ((data: unknown) => string) | null = null;
    return (data) => (serialize ??= build(route))(data);
  };
}

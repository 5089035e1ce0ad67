// Reads openapi.yaml and turns each operation into a Fastify route: validation, response shape,
// security and roles all come from the contract, looked up by operationId.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import type { Options as AjvOptions } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { parse } from 'yaml';

export const CONTRACT_PATH = fileURLToPath(new URL('../openapi.yaml', import.meta.url));

type JsonObject = { [key: string]: unknown };
export type Security = 'public' | 'optional' | 'required';
export type Role = 'customer' | 'mess_owner';

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
  schema: FastifySchema;
}

export interface Contract {
  document: JsonObject;
  text: string;
  operations: OperationRoute[];
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
      return Object.keys(siblings).length ? { ...resolved, ...siblings } : resolved;
    }
    const copy: JsonObject = {};
    for (const [key, value] of Object.entries(object)) copy[key] = resolve(value, seen);
    return copy;
  };
  return (node) => resolve(node, []);
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

export function loadContract(file = CONTRACT_PATH): Contract {
  const text = readFileSync(file, 'utf8');
  const document = parse(text) as JsonObject;
  const resolve = dereference(document);
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
      for (const [status, answer] of Object.entries((operation.responses ?? {}) as JsonObject)) {
        const schema = (
          ((answer as JsonObject).content as JsonObject | undefined)?.['application/json'] as
            JsonObject | undefined
        )?.schema;
        if (/^2\d\d$/.test(status) && schema) response[status] = schema;
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
        schema,
      });
    }
  }
  return { document, text, operations };
}

function makeAjv(options: AjvOptions) {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    verbose: true,
    removeAdditional: false,
    useDefaults: true,
    ...options,
  });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  return ajv;
}

/**
 * Bodies are validated strictly (no type coercion, unknown fields refused); query strings and path
 * parameters arrive as text, so they are coerced.
 */
export function validatorCompiler(): FastifySchemaCompiler<unknown> {
  const bodyAjv = makeAjv({ coerceTypes: false });
  const textAjv = makeAjv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object) as ReturnType<
      FastifySchemaCompiler<unknown>
    >;
}

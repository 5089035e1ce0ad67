// Checks every answer an API test receives against openapi.yaml: the operation (method + path
// template), a documented status, the media type, the JSON body against that status's schema, and
// the documented headers. Loaded and compiled once per test file; each schema is compiled on first use.
import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import {
  createAjv,
  loadContract,
  type OperationRoute,
  type ResponseSpec,
} from '../../server/contract.js';

export interface CheckedAnswer {
  method: string;
  /** The request URL, with its query string. */
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body text. */
  text: string;
}

type JsonObject = Record<string, unknown>;

interface Route {
  operation: OperationRoute;
  pattern: RegExp;
  /** Literal segments win over templates, as in Fastify's router (`leaves/pending/` over `{id}`). */
  literalSegments: number;
}

/** Paths the server serves under /api outside the contract: the contract itself and its reference. */
const OUTSIDE_CONTRACT = [/^\/api\/openapi\.yaml$/, /^\/api\/docs(\/|$)/];

const mediaTypeOf = (header: string | string[] | undefined) =>
  String(Array.isArray(header) ? header[0] : (header ?? ''))
    .split(';')[0]!
    .trim()
    .toLowerCase();

function matchesMediaType(documented: string, actual: string): boolean {
  const [type, subtype] = documented.toLowerCase().split('/');
  const [actualType, actualSubtype] = actual.split('/');
  return (type === '*' || type === actualType) && (subtype === '*' || subtype === actualSubtype);
}

/** The documented answer for `status`: the exact code, then its range (`4XX`), then `default`. */
function documentedAnswer(
  responses: Record<string, ResponseSpec>,
  status: number,
): ResponseSpec | undefined {
  return (
    responses[String(status)] ??
    responses[`${String(status)[0]}XX`] ??
    responses[`${String(status)[0]}xx`] ??
    responses.default
  );
}

/** An integer or number header arrives as text: read it as the schema's type before validating. */
function headerValue(schema: JsonObject, raw: string): unknown {
  const type = schema.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  return raw;
}

/**
 * `contractFile` is a YAML contract to check against instead (a planted copy of openapi.yaml); by
 * default the server's own, as it reads it (generated/openapi.json).
 */
export function createContractChecker(contractFile?: string) {
  const contract = loadContract(
    contractFile ? (parse(readFileSync(contractFile, 'utf8')) as JsonObject) : undefined,
  );
  // Answers are checked as sent: no coercion, no defaults filled in, nothing removed.
  const ajv = createAjv({ coerceTypes: false, useDefaults: false, removeAdditional: false });
  const compiled = new Map<object, ValidateFunction>();
  const validatorFor = (schema: object) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };
  const routes: Route[] = contract.operations.map((operation) => {
    const segments = operation.url.split('/').filter(Boolean);
    const pattern = new RegExp(
      '^/' +
        segments
          .map((segment) =>
            segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('/') +
        (operation.url.endsWith('/') ? '/' : '') +
        '$',
    );
    return {
      operation,
      pattern,
      literalSegments: segments.filter((segment) => !segment.startsWith(':')).length,
    };
  });

  const findOperation = (method: string, path: string) =>
    routes
      .filter((route) => route.operation.method === method && route.pattern.test(path))
      .sort((a, b) => b.literalSegments - a.literalSegments)[0]?.operation;

  const errorBody = (contract.document.components as { schemas: Record<string, JsonObject> })
    .schemas.ErrorBody!;

  const bodyProblems = (schema: object, text: string, where: string): string[] => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return [`${where}: the body is not JSON: ${text.slice(0, 120)}`];
    }
    const validate = validatorFor(schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).slice(0, 8).map((error) => {
      const at = error.instancePath || '(body)';
      return `${where}: ${at} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`;
    });
  };

  /** Every way `answer` breaks the contract; empty when it conforms. */
  return function check(answer: CheckedAnswer): string[] {
    const method = answer.method.toUpperCase();
    const path = answer.url.split('?')[0]!;
    if (!path.startsWith('/api/') && path !== '/api') return [];
    if (OUTSIDE_CONTRACT.some((pattern) => pattern.test(path))) return [];
    const mediaType = mediaTypeOf(answer.headers['content-type']);
    const operation = findOperation(method, path);
    if (!operation) {
      // No such operation: the server must say so as a documented error.
      if (answer.status !== 404) return [`${method} ${path}: no operation, yet ${answer.status}`];
      if (mediaType !== 'application/json') return [`${method} ${path}: 404 is not JSON`];
      const where = `${method} ${path} 404`;
      return [
        ...bodyProblems(errorBody, answer.text, where),
        ...headerProblems(contract.everyResponseHeaders, answer, where),
      ];
    }
    const where = `${operation.operationId} ${answer.status}`;
    const documented = documentedAnswer(operation.responses, answer.status);
    if (!documented) {
      return [
        `${where}: status ${answer.status} is not documented (documented: ${Object.keys(operation.responses).join(', ')}); body ${answer.text.slice(0, 200)}`,
      ];
    }
    const problems: string[] = [];
    const mediaTypes = Object.keys(documented.content);
    if (answer.text.length === 0) {
      if (mediaTypes.length > 0 && method !== 'HEAD') {
        problems.push(`${where}: no body, but the contract documents ${mediaTypes.join(', ')}`);
      }
    } else if (mediaTypes.length === 0) {
      problems.push(
        `${where}: a body the contract does not document: ${answer.text.slice(0, 120)}`,
      );
    } else {
      const declared = mediaTypes.find((type) => matchesMediaType(type, mediaType));
      if (!declared) {
        problems.push(
          `${where}: content-type ${mediaType || '(none)'} is not one of ${mediaTypes.join(', ')}`,
        );
      } else if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
        const schema = documented.content[declared];
        if (schema) problems.push(...bodyProblems(schema, answer.text, where));
      }
    }
    problems.push(...headerProblems(documented.headers, answer, where));
    return problems;
  };

  function headerProblems(
    documentedHeaders: ResponseSpec['headers'],
    answer: CheckedAnswer,
    where: string,
  ): string[] {
    const problems: string[] = [];
    for (const [name, header] of Object.entries(documentedHeaders)) {
      const raw = answer.headers[name];
      if (raw === undefined) {
        if (header.required) problems.push(`${where}: the required header ${name} is missing`);
        continue;
      }
      if (!header.schema) continue;
      const value = headerValue(header.schema, String(Array.isArray(raw) ? raw[0] : raw));
      const validate = validatorFor(header.schema);
      if (!validate(value)) {
        problems.push(
          `${where}: header ${name}: ${JSON.stringify(raw)} ${validate.errors?.[0]?.message ?? ''}`,
        );
      }
    }
    // The API's own headers are part of the contract: an undocumented one is a mismatch too.
    for (const name of Object.keys(answer.headers)) {
      if (name.startsWith('x-') && !(name in documentedHeaders)) {
        problems.push(`${where}: the header ${name} is not documented`);
      }
    }
    return problems;
  }
}

export type ContractChecker = ReturnType<typeof createContractChecker>;

let shared: ContractChecker | null = null;

/** The checker for openapi.yaml, built once per test file. */
export function contractChecker(): ContractChecker {
  shared ??= createContractChecker();
  return shared;
}

/** Thrown by the test app's request() when an answer breaks the contract. */
export class ContractMismatch extends Error {
  constructor(
    readonly answer: CheckedAnswer,
    readonly problems: string[],
  ) {
    super(
      `${answer.method} ${answer.url} answered ${answer.status}, which breaks openapi.yaml:\n  ` +
        problems.join('\n  '),
    );
    this.name = 'ContractMismatch';
  }
}

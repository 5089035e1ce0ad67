// The server compiles each operation's validators and response serializers on first use, not at
// start-up (idle memory). This keeps what eager compilation gave: a schema in openapi.yaml that Ajv
// or fast-json-stringify cannot compile fails here, not on some request in production.
import { describe, expect, it } from 'vitest';
import { loadContract, serializerCompiler, validatorCompiler } from '../../server/contract.js';

const HTTP_PARTS = ['body', 'querystring', 'params'] as const;

/** What a serializer throws for data that does not fit its schema: it compiled, and works. */
const DATA_REFUSED = /is required!$|does not match schema definition/;

/** Calls a lazily compiled serializer once, so it compiles; refusing the sample is fine. */
function compileSerializer(schema: object) {
  const serializer = serializerCompiler()({ schema, method: 'GET', url: '/', httpStatus: '200' });
  const sample = (schema as { type?: unknown }).type === 'array' ? [] : {};
  try {
    serializer(sample);
  } catch (error) {
    if (!DATA_REFUSED.test((error as Error).message)) throw error;
  }
}

function compileValidator(schema: object, httpPart: (typeof HTTP_PARTS)[number]) {
  validatorCompiler()({ schema, method: 'GET', url: '/', httpPart })({});
}

describe('every schema of the contract compiles with the server compilers', () => {
  for (const operation of loadContract().operations) {
    it(operation.operationId, () => {
      for (const httpPart of HTTP_PARTS) {
        const schema = operation.schema[httpPart];
        if (schema) expect(() => compileValidator(schema as object, httpPart)).not.toThrow();
      }
      for (const schema of Object.values(operation.schema.response ?? {})) {
        expect(() => compileSerializer(schema as object)).not.toThrow();
      }
    });
  }

  it('notices a schema that does not compile', () => {
    const broken = { type: 'object', properties: { plan: { $ref: '#/nowhere' } } };
    expect(() => compileValidator(broken, 'body')).toThrow();
    expect(() => compileSerializer(broken)).toThrow();
  });
});

// The response validator of tests/helpers/app.ts catches answers that break the contract: checked
// against a copy of openapi.yaml with planted differences, real answers fail in each way it checks
// (schema, status, header, media type, body where none is documented, unknown paths), while the
// same answers pass against the real openapi.yaml.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { CONTRACT_PATH } from '../../server/contract.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import {
  ContractMismatch,
  createContractChecker,
  type CheckedAnswer,
} from '../helpers/contract-check.js';

type Node = Record<string, any>;

/** openapi.yaml with one planted difference per kind of check. */
function plantedContract(file: string) {
  const document = parse(readFileSync(CONTRACT_PATH, 'utf8')) as Node;
  const { paths, components } = document;
  // Schema: a Plan must carry a field the server never sends.
  components.schemas.Plan.required.push('planted_field');
  // Status: getPlan no longer documents its 404.
  delete paths['/subscriptions/plans/{id}/'].get.responses['404'];
  // Headers: ownerListUsers' X-Total-Count is undocumented; X-Expired-Count can never be right.
  delete paths['/accounts/owner/users/'].get.responses['200'].headers['X-Total-Count'];
  components.headers.XExpiredCount.schema.maximum = -1;
  // Media type: the business profile is said to be text.
  const business = paths['/business/'].get.responses['200'];
  business.content = { 'text/plain': business.content['application/json'] };
  // A body where none is documented the other way round: logout's 204 "has" JSON.
  paths['/accounts/logout/'].post.responses['204'].content = {
    'application/json': { schema: { type: 'object' } },
  };
  // Error bodies (unknown paths are checked as ErrorBody) need a field nobody sends.
  components.schemas.ErrorBody.required.push('planted_reason');
  writeFileSync(file, stringify(document));
}

describe.each(testDatabases())('the response validator on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  let owner: string;
  let planId: number;
  const real = createContractChecker();
  let planted: ReturnType<typeof createContractChecker>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dabba-contract-'));
    const file = path.join(dir, 'openapi.yaml');
    plantedContract(file);
    planted = createContractChecker(file);
    // This app's request() checks against the planted contract.
    t = await createTestApp(dialect, {}, { contractFile: file });
    // Setting up goes around request(), whose planted contract refuses plans.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { username: 'owner', password: 'owner-password-1' },
    });
    owner = login.json().access;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/plans/',
      headers: { authorization: `Bearer ${owner}` },
      payload: { code: 'CHECK-1', name: 'Checked', description: 'A plan to read' },
    });
    planId = created.json().id;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The answer as request() sees it, without request()'s own check. */
  async function answer(method: string, url: string, token?: string): Promise<CheckedAnswer> {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return {
      method,
      url,
      status: response.statusCode,
      headers: response.headers as CheckedAnswer['headers'],
      text: response.body,
    };
  }

  it('fails the test whose request got a mismatching answer', async () => {
    const failure = await t.request('GET', `/api/subscriptions/plans/${planId}/`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ContractMismatch);
    expect((failure as ContractMismatch).message).toContain(
      "getPlan 200: (body) must have required property 'planted_field'",
    );
  });

  it('catches each planted difference, and the real contract accepts the same answers', async () => {
    const cases: [CheckedAnswer, string][] = [
      [
        await answer('GET', `/api/subscriptions/plans/${planId}/`),
        "getPlan 200: (body) must have required property 'planted_field'",
      ],
      [
        await answer('GET', '/api/subscriptions/plans/987654/'),
        'getPlan 404: status 404 is not documented',
      ],
      [
        await answer('GET', '/api/accounts/owner/users/?limit=5', owner),
        'ownerListUsers 200: the header x-total-count is not documented',
      ],
      [
        await answer('GET', '/api/accounts/owner/users/?limit=5', owner),
        'ownerListUsers 200: header x-expired-count',
      ],
      [
        await answer('GET', '/api/business/'),
        'getBusiness 200: content-type application/json is not one of text/plain',
      ],
      [
        await answer('POST', '/api/accounts/logout/', owner),
        'logout 204: no body, but the contract documents application/json',
      ],
      [
        await answer('GET', '/api/no/such/thing/'),
        "GET /api/no/such/thing/ 404: (body) must have required property 'planted_reason'",
      ],
    ];
    for (const [checked, problem] of cases) {
      expect(planted(checked).join('\n'), `${checked.method} ${checked.url}`).toContain(problem);
      expect(real(checked), `${checked.method} ${checked.url}`).toEqual([]);
    }
  });

  it('refuses statuses, bodies and paths the contract has no room for', async () => {
    const health = await answer('GET', '/api/health/');
    expect(real({ ...health, status: 418 })[0]).toContain('status 418 is not documented');
    expect(real({ ...health, text: '{"status":"ok"}' }).join('\n')).toContain(
      "must have required property 'database'",
    );
    expect(real({ ...health, headers: { ...health.headers, 'x-debug': '1' } })).toEqual([
      'getHealth 200: the header x-debug is not documented',
    ]);
    expect(real({ ...health, url: '/api/health/extra/', status: 200 })).toEqual([
      'GET /api/health/extra/: no operation, yet 200',
    ]);
  });
});

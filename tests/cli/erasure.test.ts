// dabba erasure against a real server: list with what blocks completing a request, complete one
// (without a terminal only with --yes), and a request the machine refuses (finished, or a customer
// whose subscription still runs) is refused before asking, with the server's sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalSentence } from '@machines';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';
import { testDatabases } from '../helpers/app.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe.each(testDatabases())('dabba erasure on %s', (dialect) => {
  let server: CliServer;

  beforeAll(async () => {
    server = await startCliServer(dialect);
    await loginAsOwner(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const ask = async (who: Customer) => {
    const asked = await server.t.request('POST', '/api/accounts/erasure-request/', {
      token: who.access,
      body: { password: who.password },
    });
    expect(asked.status).toBe(201);
    return asked.body.request.id as number;
  };

  it('lists the requests and completes one; a finished one is refused before asking', async () => {
    const who = await registerCustomer(server.t, { service: 'mess' });
    const id = await ask(who);
    const profile = await server.t.request('GET', '/api/accounts/profile/', { token: who.access });
    const name = `${profile.body.first_name} ${profile.body.last_name}`;

    const table = await dabba(server, ['erasure', 'list']);
    expect(table.stderr).toBe('');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(
      new RegExp(`${id}\\s+${name}\\s+Requested\\s+\\d{4}-\\d{2}-\\d{2}\\s+-`),
    );

    // No terminal, no --yes: dabba does not guess.
    const unasked = await dabba(server, ['erasure', 'complete', String(id)]);
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toContain('--yes');
    const still = await dabba(server, ['erasure', 'list', '--json']);
    expect(still.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, status: 'requested' })]),
    );

    const done = await dabba(server, ['erasure', 'complete', String(id), '--yes']);
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toBe(
      `Erased the account of request ${id}: now Erased customer #${who.id}. ` +
        'Invoices keep the name they were issued to.\n',
    );
    const listed = await dabba(server, ['erasure', 'list', '--json']);
    expect(listed.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id,
          status: 'completed',
          customer: expect.objectContaining({ full_name: `Erased customer #${who.id}` }),
        }),
      ]),
    );
    expect(listed.stdout).not.toContain(name);

    const again = await dabba(server, ['erasure', 'complete', String(id), '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      'This erasure request is no longer waiting: it was completed or cancelled.',
    );
    const missing = await dabba(server, ['erasure', 'complete', '999999', '--yes']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Erasure request 999999 was not found.');
  });
  it('names what blocks a request and refuses it, with the sentence, while a subscription runs', async () => {
    const owner = await loginOwner(server.t);
    const api = commerce(server.t, () => owner, { codePrefix: `CLI-ERASE-${dialect}` });
    const who = await registerCustomer(server.t, { service: 'mess' });
    await api.activeSubscription(who);
    const id = await ask(who);

    const table = await dabba(server, ['erasure', 'list']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`${id}\\s+.*Requested.*1 subscription\\(s\\) running`));

    const refused = await dabba(server, ['erasure', 'complete', String(id), '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(refusalSentence('en', 'erasure.subscription_active'));
    const still = await dabba(server, ['erasure', 'list', '--json']);
    expect(still.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id, status: 'requested', active_subscriptions: 1, actions: [] }),
      ]),
    );
  });
});

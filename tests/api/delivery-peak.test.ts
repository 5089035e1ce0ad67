// The lunch peak's short version (issue 22; `npm run bench` runs it for 5 minutes at 100 marks a
// second): riders' marks through HAProxy to two instances of the built server on one PostgreSQL
// database, each rider's in order, some caught up in batches, some batches sent twice. Every mark
// is answered 200 and applied the first time and `duplicate` again, none refused, and each is
// stored exactly once, cash collections too. Speed is the bench's to hold, not this test's.
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { deliveryPeak } from '../bench/deliveries.js';
import { testDatabases } from '../helpers/app.js';

const onPostgres = testDatabases().includes('postgres');

describe.runIf(onPostgres)('the lunch peak behind a load balancer (short)', () => {
  it('stores every mark exactly once through HAProxy and two instances', async () => {
    const result = await deliveryPeak({
      // Small: the seed of demo customers grows with the marks, and speed is the bench's.
      rate: 25,
      seconds: 6,
      riders: 8,
      instances: 2,
      warmUpSeconds: 0,
      postgresUrl: inject('postgresUrl')!,
    });
    expect(result.failures).toEqual([]);
    const { load } = result;
    expect(load.statuses).toEqual({ '200': load.sends });
    expect(load.marksSent).toBeGreaterThanOrEqual(150);
    expect(load.answers.applied).toBe(load.marksSent);
    expect(load.answers.duplicate).toBeGreaterThan(0);
    expect(load.answers.refused).toBe(0);
    expect(result.stored).toBe(load.marksSent);
    expect(result.missing).toBe(0);
    expect(result.cashStored).toBe(result.cashPlanned);
    expect(result.cashPlanned).toBeGreaterThan(0);
    // Both instances answered: the balancer spread the marks.
    expect(result.instancesCpuMs.every((ms) => ms > 0)).toBe(true);
  }, 180_000);
});

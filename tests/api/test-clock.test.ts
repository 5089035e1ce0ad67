// The test apps' clock (tests/helpers/app.ts): a test file started in the business day's last half
// hour runs an hour earlier, so it never sees "today" change halfway; at any other hour, on time.
import { afterEach, describe, expect, it } from 'vitest';
import { startingOffset } from '../helpers/app.js';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe("a test app's starting clock", () => {
  const forced = process.env.TEST_CLOCK_OFFSET_MS;
  afterEach(() => {
    if (forced === undefined) delete process.env.TEST_CLOCK_OFFSET_MS;
    else process.env.TEST_CLOCK_OFFSET_MS = forced;
  });

  it('runs on time through the business day', () => {
    delete process.env.TEST_CLOCK_OFFSET_MS;
    // 00:00, 12:00 and 23:29:59 in India (UTC+5:30).
    expect(startingOffset(at('2026-12-04T18:30:00Z'), 'Asia/Kolkata')).toBe(0);
    expect(startingOffset(at('2026-12-05T06:30:00Z'), 'Asia/Kolkata')).toBe(0);
    expect(startingOffset(at('2026-12-05T17:59:59Z'), 'Asia/Kolkata')).toBe(0);
  });

  it("starts an hour early in the business day's last half hour, whatever the zone", () => {
    delete process.env.TEST_CLOCK_OFFSET_MS;
    expect(startingOffset(at('2026-12-05T18:00:00Z'), 'Asia/Kolkata')).toBe(-HOUR);
    expect(startingOffset(at('2026-12-05T18:29:59Z'), 'Asia/Kolkata')).toBe(-HOUR);
    expect(startingOffset(at('2026-12-05T23:45:00Z'), 'Europe/London')).toBe(-HOUR);
    expect(startingOffset(at('2026-12-05T18:00:00Z'), 'Europe/London')).toBe(0);
  });

  it('takes TEST_CLOCK_OFFSET_MS when it is set', () => {
    process.env.TEST_CLOCK_OFFSET_MS = String(-12 * HOUR);
    expect(startingOffset(at('2026-12-05T06:30:00Z'), 'Asia/Kolkata')).toBe(-12 * HOUR);
  });
});

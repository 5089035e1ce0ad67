// The test apps' clock (tests/helpers/app.ts): a test file started in the business day's last half
// hour runs an hour earlier, so it never sees "today" change halfway; at any other hour, on time.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClock, startingOffset } from '../helpers/app.js';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe("a test app's starting clock", () => {
  const moved = process.env.TEST_CLOCK_OFFSET_MS;
  beforeEach(() => {
    delete process.env.TEST_CLOCK_OFFSET_MS;
  });
  afterEach(() => {
    if (moved === undefined) delete process.env.TEST_CLOCK_OFFSET_MS;
    else process.env.TEST_CLOCK_OFFSET_MS = moved;
  });

  it('runs on time through the business day', () => {
    // 00:00, 12:00 and 23:29:59 in India (UTC+5:30).
    expect(startingOffset(at('2026-12-04T18:30:00Z'), 'Asia/Kolkata')).toBe(0);
    expect(startingOffset(at('2026-12-05T06:30:00Z'), 'Asia/Kolkata')).toBe(0);
    expect(startingOffset(at('2026-12-05T17:59:59Z'), 'Asia/Kolkata')).toBe(0);
  });

  it("starts an hour early in the business day's last half hour, whatever the zone", () => {
    expect(startingOffset(at('2026-12-05T18:00:00Z'), 'Asia/Kolkata')).toBe(-HOUR);
    expect(startingOffset(at('2026-12-05T18:29:59Z'), 'Asia/Kolkata')).toBe(-HOUR);
    expect(startingOffset(at('2026-12-05T23:45:00Z'), 'Europe/London')).toBe(-HOUR);
    expect(startingOffset(at('2026-12-05T18:00:00Z'), 'Europe/London')).toBe(0);
  });

  it('runs as if TEST_CLOCK_OFFSET_MS from now, with the same care near midnight', () => {
    process.env.TEST_CLOCK_OFFSET_MS = String(-12 * HOUR);
    // 12:00 in India, moved to midnight: a day's start is not its end.
    expect(startingOffset(at('2026-12-05T06:30:00Z'), 'Asia/Kolkata')).toBe(-12 * HOUR);
    process.env.TEST_CLOCK_OFFSET_MS = String(11.5 * HOUR);
    // 12:00 moved to 23:30: an hour early from there.
    expect(startingOffset(at('2026-12-05T06:30:00Z'), 'Asia/Kolkata')).toBe(10.5 * HOUR);
  });

  it('resets to where it started after a test moved or stopped it', () => {
    const clock = new TestClock(-HOUR);
    clock.advance(5 * HOUR);
    clock.frozenAt = at('2030-01-01T00:00:00Z');
    clock.reset();
    expect(clock.offsetMs).toBe(-HOUR);
    expect(clock.frozenAt).toBeNull();
    expect(Math.abs(clock.now().getTime() - (Date.now() - HOUR))).toBeLessThan(1000);
  });
});

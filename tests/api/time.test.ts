// server/platform/time.ts: the UTC instant at which a business date begins, in a fixed zone and across DST.
import { describe, expect, it } from 'vitest';
import { businessDayStart, dateInZone } from '../../server/platform/time.js';

describe('businessDayStart', () => {
  it('starts an Asia/Kolkata day at 18:30 UTC the day before', () => {
    expect(businessDayStart('2026-11-22', 'Asia/Kolkata')).toBe('2026-11-21T18:30:00.000Z');
    expect(businessDayStart('2026-01-01', 'Asia/Kolkata')).toBe('2025-12-31T18:30:00.000Z');
    expect(businessDayStart('2024-02-29', 'Asia/Kolkata')).toBe('2024-02-28T18:30:00.000Z');
  });

  it('follows Europe/London into summer time (last Sunday of March)', () => {
    expect(businessDayStart('2026-03-28', 'Europe/London')).toBe('2026-03-28T00:00:00.000Z');
    // Clocks go forward at 01:00 GMT: the day itself still begins at GMT midnight.
    expect(businessDayStart('2026-03-29', 'Europe/London')).toBe('2026-03-29T00:00:00.000Z');
    expect(businessDayStart('2026-03-30', 'Europe/London')).toBe('2026-03-29T23:00:00.000Z');
  });

  it('follows Europe/London back to GMT (last Sunday of October)', () => {
    expect(businessDayStart('2026-10-24', 'Europe/London')).toBe('2026-10-23T23:00:00.000Z');
    // Clocks go back at 01:00 GMT: the day begins at BST midnight and lasts 25 hours.
    expect(businessDayStart('2026-10-25', 'Europe/London')).toBe('2026-10-24T23:00:00.000Z');
    expect(businessDayStart('2026-10-26', 'Europe/London')).toBe('2026-10-26T00:00:00.000Z');
  });

  it('is the first instant whose business date is that day', () => {
    for (const [date, zone] of [
      ['2026-11-22', 'Asia/Kolkata'],
      ['2026-03-30', 'Europe/London'],
      ['2026-10-25', 'Europe/London'],
    ] as const) {
      const start = new Date(businessDayStart(date, zone));
      expect(dateInZone(start, zone)).toBe(date);
      expect(dateInZone(new Date(start.getTime() - 1), zone)).not.toBe(date);
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  MARK_CLOCK_SKEW_MINUTES,
  MARK_DAYS_BACK,
  markTimingRefusal,
  MAX_MARKS_PER_BATCH,
  nextMealAt,
  REFUSALS_HI,
  refusalSentence,
  outboxBatch,
  settleOutbox,
  stopWithMarks,
  untimelyMark,
  type OutboxMark,
} from '@machines';

const mark = (
  id: string,
  event: OutboxMark['event'],
  extra: Partial<OutboxMark> = {},
): OutboxMark => ({
  id,
  route: 1,
  date: '2026-11-28',
  meal: 'lunch',
  customer: 7,
  event,
  marked_at: '2026-11-28T07:00:00.000Z',
  ...extra,
});

const pending = { state: 'pending', reason: null, boxes_returned: 0, cash_collected: 0 } as const;

describe('the rider outbox', () => {
  it('sends the oldest marks, one batch at a time', () => {
    const outbox = Array.from({ length: MAX_MARKS_PER_BATCH + 5 }, (_, index) =>
      mark(`m${index}`, 'delivered'),
    );
    const batch = outboxBatch(outbox);
    expect(batch).toHaveLength(MAX_MARKS_PER_BATCH);
    expect(batch[0]?.id).toBe('m0');
  });

  it('drops applied, duplicate and refused marks, keeps unanswered ones, and returns the refusals', () => {
    const outbox = [
      mark('a', 'delivered'),
      mark('b', 'box_returned'),
      mark('c', 'delivered'),
      mark('d', 'delivered'),
    ];
    const settled = settleOutbox(outbox, [
      { id: 'a', status: 'applied' },
      { id: 'b', status: 'duplicate' },
      {
        id: 'c',
        status: 'refused',
        error_code: 'delivery_stop.moved',
        detail: 'This customer is now on another route.',
      },
    ]);
    expect(settled.outbox.map((kept) => kept.id)).toEqual(['d']);
    expect(settled.refused).toEqual([
      {
        mark: outbox[2],
        errorCode: 'delivery_stop.moved',
        detail: 'This customer is now on another route.',
      },
    ]);
    // A failed request answers nothing: everything stays.
    expect(settleOutbox(outbox, []).outbox).toEqual(outbox);
  });

  it('shows a stop with its unsent marks through the machine', () => {
    const delivered = stopWithMarks(pending, [
      mark('a', 'delivered'),
      mark('b', 'box_returned'),
      mark('c', 'cash_collected', { amount: 120 }),
    ]);
    expect(delivered).toEqual({
      state: 'delivered',
      reason: null,
      boxes_returned: 1,
      cash_collected: 120,
    });
    // A delivered stop never becomes not delivered; a box on a pending stop is refused.
    expect(
      stopWithMarks({ ...pending, state: 'delivered' }, [
        mark('a', 'not_delivered', { reason: 'not_home' }),
      ]).state,
    ).toBe('delivered');
    expect(stopWithMarks(pending, [mark('a', 'box_returned')])).toEqual(pending);
    const missed = stopWithMarks(pending, [mark('a', 'not_delivered', { reason: 'refused' })]);
    expect(missed).toMatchObject({ state: 'not_delivered', reason: 'refused' });
    expect(stopWithMarks(missed, [mark('b', 'delivered')])).toMatchObject({
      state: 'delivered',
      reason: null,
    });
  });

  it('opens on the next meal by the hour', () => {
    expect([6, 9, 10, 15, 16, 22].map(nextMealAt)).toEqual([
      'breakfast',
      'breakfast',
      'lunch',
      'lunch',
      'dinner',
      'dinner',
    ]);
  });
});

describe("a mark's days and times", () => {
  const ZONE = 'Asia/Kolkata';
  // 28 Nov 2026, 12:30 in India.
  const clock = { nowMs: Date.parse('2026-11-28T07:00:00.000Z'), timeZone: ZONE };
  const at = (date: string, markedAt: string) =>
    markTimingRefusal({ date, marked_at: markedAt }, clock)?.code ?? null;

  it('are today and the 3 days before, made by now (give or take 5 minutes)', () => {
    expect(MARK_DAYS_BACK).toBe(3);
    expect(MARK_CLOCK_SKEW_MINUTES).toBe(5);
    expect(at('2026-11-28', '2026-11-28T07:00:00.000Z')).toBeNull();
    expect(at('2026-11-25', '2026-11-25T08:00:00.000Z')).toBeNull();
    expect(at('2026-11-28', '2026-11-28T07:04:59.000Z')).toBeNull();
    // The day began at 00:00 in India, 18:30 UTC the evening before.
    expect(at('2026-11-27', '2026-11-26T18:30:00.000Z')).toBeNull();
  });

  it('refuse a day to come, a day past the window, a clock ahead, a time before the day', () => {
    expect(at('2026-11-29', '2026-11-28T07:00:00.000Z')).toBe('delivery_stop.date_outside_window');
    expect(at('2099-01-01', '2026-11-28T07:00:00.000Z')).toBe('delivery_stop.date_outside_window');
    expect(at('2026-11-24', '2026-11-24T08:00:00.000Z')).toBe('delivery_stop.date_outside_window');
    expect(at('2026-11-28', '2026-11-28T07:05:01.000Z')).toBe('delivery_stop.marked_at_ahead');
    expect(at('2026-11-28', '2099-11-28T07:00:00.000Z')).toBe('delivery_stop.marked_at_ahead');
    expect(at('2026-11-27', '2026-11-26T18:29:59.000Z')).toBe('delivery_stop.marked_before_day');
    expect(markTimingRefusal({ date: '2026-11-30', marked_at: 'x' }, clock)?.message).toBe(
      'Marks are saved for today and the 3 days before; this one is for 30 Nov, so it was not saved.',
    );
  });

  it("are checked on the phone before a mark is queued, in the server's words", () => {
    const tomorrow = mark('t', 'delivered', { date: '2026-11-29' });
    expect(
      untimelyMark(tomorrow, clock, (refused) =>
        refusalSentence('hi', refused.key, refused.values),
      ),
    ).toEqual({
      mark: tomorrow,
      errorCode: 'delivery_stop.date_outside_window',
      detail: REFUSALS_HI['delivery_stop.date_outside_window']
        .replace('{days}', '3')
        .replace('{day}', '29 नव॰'),
    });
    expect(untimelyMark(mark('n', 'delivered'), clock, () => 'refused')).toBeNull();
  });
});

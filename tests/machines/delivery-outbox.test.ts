import { describe, expect, it } from 'vitest';
import {
  MAX_MARKS_PER_BATCH,
  nextMealAt,
  outboxBatch,
  settleOutbox,
  stopWithMarks,
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

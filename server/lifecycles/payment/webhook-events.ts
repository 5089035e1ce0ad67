// Provider webhooks are delivered at least once: each delivery is remembered by a key made from what
// its signature covers, and the insert that remembers it is the check for a replay.
import type { Executor } from '@server/lifecycles/store.js';

/**
 * Remembers one webhook delivery in `executor` (the transaction that acts on it, so a rollback
 * forgets it too); false when it was seen before.
 */
export async function rememberDelivery(
  executor: Executor,
  delivery: { eventId: string; eventType: string; at: string },
): Promise<boolean> {
  const row = await executor
    .insertInto('webhook_events')
    .values({
      event_id: delivery.eventId,
      event_type: delivery.eventType,
      received_at: delivery.at,
    })
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

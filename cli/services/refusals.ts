// The sentence to show for a refusal code the API returns: the lifecycle machines' own text, so the
// CLI, the web app and the API say the same thing for the same reason.
import type { Refusal } from '@machines/shared';
import { feedbackRefusals, feedbackRequestRefusals } from '@machines/feedback';
import { leaveRefusals, leaveRequestRefusals } from '@machines/leave';
import { refundRefusals } from '@machines/refund';

interface Table {
  readonly events: Readonly<Record<string, Refusal>>;
  readonly guards: Readonly<Record<string, Refusal>>;
  readonly states?: Readonly<Record<string, Refusal | undefined>>;
}

const tables: readonly Table[] = [leaveRefusals, refundRefusals, feedbackRefusals];
const extra: readonly Refusal[] = [
  ...Object.values(leaveRequestRefusals),
  ...Object.values(feedbackRequestRefusals),
];

/**
 * The machine's message for `code`. With `eventType` the event's own wording wins (approve and reject
 * share `leave.not_pending` but say different things); otherwise the first entry with that code.
 */
export function refusalMessage(code: string, eventType?: string): string | undefined {
  for (const table of tables) {
    const own = eventType ? table.events[eventType] : undefined;
    if (own?.code === code) return own.message;
  }
  for (const table of tables) {
    for (const refusal of [
      ...Object.values(table.events),
      ...Object.values(table.guards),
      ...Object.values(table.states ?? {}),
    ]) {
      if (refusal?.code === code) return refusal.message;
    }
  }
  return extra.find((refusal) => refusal.code === code)?.message;
}

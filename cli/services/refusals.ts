// The sentence to show for a refusal the API returns, looked up by its code in the one catalogue
// (machines/shared/refusals.ts), so the CLI, the web app and the API say the same thing for the same
// reason.
import { isRefusalKey, refusalSentence } from '@machines/shared';

/**
 * The catalogue's sentence for a rule's `code` (`leave.not_pending`): with `eventType` the event's
 * own wording wins (`leave.not_pending:approve` for `leave.approve`). Undefined for the codes of
 * answers any request can get (`invalid`, `not_found`): their sentence is the server's, which names
 * the field.
 */
export function refusalMessage(code: string, eventType?: string): string | undefined {
  if (!code.includes('.')) return undefined;
  const variant = eventType ? `${code}:${eventType.slice(eventType.indexOf('.') + 1)}` : null;
  if (variant !== null && isRefusalKey(variant)) return refusalSentence('en', variant);
  return isRefusalKey(code) ? refusalSentence('en', code) : undefined;
}

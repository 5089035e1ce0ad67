// The lifecycles' names for statuses, priorities and feedback types, in the current language. The
// English catalogue holds machines/' label maps word for word (tests/web/messages.test.ts), so
// the web app and `dabba` call a status the same; Hindi has its own words for each.
import { ERASED_FIRST_NAME } from '@machines/erasure';
import { textIn } from '@machines/shared';
import { currentLanguage, i18n, t, type MessageId } from './i18n';

export type Lifecycle =
  | 'subscription'
  | 'payment'
  | 'leave'
  | 'refund'
  | 'feedback'
  | 'account'
  | 'notification'
  | 'dues'
  | 'staff';

/** The order machines/status-labels.ts merges its maps in: a later lifecycle's name wins. */
const ANY_ORDER: readonly Lifecycle[] = [
  'subscription',
  'feedback',
  'refund',
  'leave',
  'payment',
  'account',
  'notification',
];

const has = (id: string) => i18n.messages[id] !== undefined;

/** A value no lifecycle knows ("NO_SUBSCRIPTION") capitalised word by word, as statusLabel does. */
const capitalised = (value: string) =>
  value
    .toLowerCase()
    .split('_')
    .map((word) => (word[0]?.toUpperCase() ?? '') + word.slice(1))
    .join(' ');

/** Any status the API sends, by the lifecycle that knows it ("PENDING_PAYMENT" → subscription). */
export function statusLabel(status: string): string {
  const lifecycle = ANY_ORDER.find((name) => has(`status.${name}.${status}`));
  return lifecycle ? t(`status.${lifecycle}.${status}` as MessageId) : capitalised(status);
}

/** A status of one lifecycle by that lifecycle's name for it; else as statusLabel() reads it. */
export function lifecycleLabel(lifecycle: Lifecycle, status: string): string {
  const id = `status.${lifecycle}.${status}`;
  return has(id) ? t(id as MessageId) : statusLabel(status);
}

/** "Urgent", "High", … for a feedback priority. */
export function priorityLabel(priority: string): string {
  const id = `status.priority.${priority}`;
  return has(id) ? t(id as MessageId) : priority;
}

/** "Food Complaint" or "General Feedback". */
export function feedbackTypeLabel(type: string): string {
  const id = `status.feedbackType.${type}`;
  return has(id) ? t(id as MessageId) : type;
}

/** "Manager", "Kitchen" or "Delivery": a staff account's role (machines/staff STAFF_ROLE_LABELS). */
export function staffRoleLabel(role: string): string {
  const id = `status.staffRole.${role}`;
  return has(id) ? t(id as MessageId) : role;
}

/**
 * An erased account's name as the server stores it (in English): "Erased customer #12", and the
 * username the erasure gives it (machines/erasure erasedUsername): "erased-12".
 */
const ERASED_NAME = new RegExp(`^(?:${ERASED_FIRST_NAME} #|erased-)(\\d+)$`);

/**
 * A person's name or username as the API sends it, with an erased account's ("Erased customer
 * #12", "erased-12") in the reader's language; any other name as it is.
 */
export function personName(name: string): string {
  const erased = ERASED_NAME.exec(name.trim());
  return erased ? t('person.erased', { id: Number(erased[1]) }) : name;
}

/**
 * A plan's name (or description) in the current language: the owner's Hindi for a reader of
 * Hindi when given, else the English.
 */
export const planText = (english: string, hindi: string | null | undefined): string =>
  textIn(currentLanguage(), english, hindi);

// The one rule for reading an API error body (the server's sentence wins over a host's
// default), shared by the web app and the CLI so both show the same sentence for the same answer.
import type { components } from '../../generated/api';

export type ErrorBody = components['schemas']['ErrorBody'];

/**
 * The generated type cannot say "lists, except error_code" (its index signature covers every key),
 * and a failing server or proxy may send anything, so bodies are read as plain records.
 */
type LooseBody = Readonly<Record<string, unknown>>;

function asRecord(body: unknown): LooseBody | null {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as LooseBody)
    : null;
}

function nonBlankString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The stable machine code (`leave.not_pending`, `invalid`, …), or null when the body has none. */
export function errorCode(body: unknown): string | null {
  return nonBlankString(asRecord(body)?.error_code);
}

/** A field's name and its messages (never none). */
export type FieldMessages = readonly [field: string, messages: readonly [string, ...string[]]];

/**
 * The per-field lists, in the body's order: every list except non_field_errors. `message` counts
 * only as a list (a feedback's field); on the OTP endpoints it is a sentence, read by errorSentence.
 */
export function fieldMessages(body: unknown): FieldMessages[] {
  const record = asRecord(body);
  if (!record) return [];
  const fields: FieldMessages[] = [];
  for (const [field, value] of Object.entries(record)) {
    if (field === 'non_field_errors' || !Array.isArray(value)) continue;
    const [first, ...rest] = value.filter((item): item is string => nonBlankString(item) !== null);
    if (first !== undefined) fields.push([field, [first, ...rest]]);
  }
  return fields;
}

/**
 * How a sentence made of per-field lists reads. A form shows each list under its field, so its
 * sentence is the first message alone (`first`); a terminal has no fields to point at, so it names
 * every field with all its messages (`named`: "code: A plan with this code already exists.").
 */
export type FieldSentenceStyle = 'first' | 'named';

/**
 * The sentence to show for an error body: non_field_errors[0], else detail, else the OTP
 * endpoints' `message`, else the per-field lists; null when the body says nothing a person can read.
 */
export function errorSentence(body: unknown, style: FieldSentenceStyle = 'first'): string | null {
  const record = asRecord(body);
  if (!record) return null;
  const nonField = Array.isArray(record.non_field_errors) ? record.non_field_errors[0] : undefined;
  const whole =
    nonBlankString(nonField) ?? nonBlankString(record.detail) ?? nonBlankString(record.message);
  if (whole !== null) return whole;
  const fields = fieldMessages(record);
  if (fields.length === 0) return null;
  if (style === 'first') return fields[0]?.[1][0] ?? null;
  return fields.map(([field, messages]) => `${field}: ${messages.join(' ')}`).join('; ');
}

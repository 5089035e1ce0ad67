// Small text predicates shared by guards and validators.

/** True when `value` has at least one non-whitespace character. */
export function isNonBlank(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/** Whether two reasons say the same: case and runs of spaces do not make a different reason. */
export const normalizedReason = (reason: string) =>
  reason.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A text the owner gives in English and, optionally, in Hindi (a plan's name or description), for
 * a reader of `language`: the Hindi when the reader reads Hindi and there is one, else the English.
 */
export function textIn(
  language: string,
  english: string,
  hindi: string | null | undefined,
): string {
  const hindiText = hindi?.trim();
  return language === 'hi' && hindiText ? hindiText : english;
}

// Small text predicates shared by guards and validators.

/** True when `value` has at least one non-whitespace character. */
export function isNonBlank(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/** Whether two reasons say the same: case and runs of spaces do not make a different reason. */
export const normalizedReason = (reason: string) =>
  reason.trim().replace(/\s+/g, ' ').toLowerCase();

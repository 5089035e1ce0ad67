// How screens name a lifecycle's values (its statuses, reasons, roles): most read as their own word,
// so a label map states only the names that say more than the value does.

/** A value as a sentence's words: 'paid' → 'Paid', 'IN_CREDIT' → 'In credit'. */
function asWords(value: string): string {
  const words = value.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The label of each of `values`, in their order: the value as words, but for those the lifecycle
 * `names` otherwise (a counter QR's `created` is "Waiting for payment"). Marked free of side
 * effects, so a bundle drops the maps a page never reads, as it dropped them when they were literals.
 */
/*#__NO_SIDE_EFFECTS__*/
export function labelsOf<Value extends string>(
  values: readonly Value[],
  names: { readonly [Key in Value]?: string } = {},
): Readonly<Record<Value, string>> {
  return Object.fromEntries(
    values.map((value) => [value, names[value] ?? asWords(value)]),
  ) as Record<Value, string>;
}

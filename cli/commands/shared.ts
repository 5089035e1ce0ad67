// Flag parsers and checks the commands share. Parse failures are usage errors (exit 2).
import { InvalidArgumentError, Option } from 'commander';
import { isMeal, type Meal } from '@machines/settings';
import { usageError } from '../errors';

export function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new InvalidArgumentError('Expected a positive whole number.');
  }
  return Number(value);
}

/** A whole number from 0 to 60 (a number of days ahead). */
export function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 60) {
    throw new InvalidArgumentError('Expected a whole number of days from 0 to 60.');
  }
  return Number(value);
}

export function isoDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new InvalidArgumentError('Expected a date as YYYY-MM-DD.');
  }
  return value;
}

export function mealName(value: string): Meal {
  if (!isMeal(value)) throw new InvalidArgumentError('Expected breakfast, lunch or dinner.');
  return value;
}

export function money(value: string): number {
  const amount = Number(value);
  if (value.trim() === '' || !Number.isFinite(amount) || amount < 0) {
    throw new InvalidArgumentError('Expected an amount in rupees, e.g. 2500 or 1800.50.');
  }
  return amount;
}

/** IDs from the command line, or --all-pending, never both and never neither. */
export function idsOrAllPending(
  ids: readonly string[],
  allPending: boolean | undefined,
  noun: string,
): number[] | 'all-pending' {
  if (allPending && ids.length > 0) {
    throw usageError(`Give ${noun} ids or --all-pending, not both.`);
  }
  if (allPending) return 'all-pending';
  if (ids.length === 0) {
    throw usageError(`Which ${noun}s? Give one or more ids, or --all-pending.`);
  }
  return ids.map((id) => {
    try {
      return positiveInt(id);
    } catch {
      throw usageError(`"${id}" is not a ${noun} id.`, 'Ids are positive whole numbers.');
    }
  });
}

export const jsonOption = () => new Option('--json', 'print JSON for scripts');
export const dryRunOption = () => new Option('--dry-run', 'show what would change, change nothing');

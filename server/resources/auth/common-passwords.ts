// Refuses the most common passwords, from the frequency-ordered list that zxcvbn-ts maintains
// (@zxcvbn-ts/language-common, 49,233 passwords from leaked-password corpora).
//
// Only the top COMMON_PASSWORD_COUNT are kept, as in Django's CommonPasswordValidator (20,000):
// further down the list the passwords get rarer than what an online attacker, slowed by the
// login delays, can try against one account, while refusing them annoys more people. Entries shorter
// than the 6-character minimum are never reached, so they are dropped. The list is read once, on
// first use, straight from the package's JSON (its index module would also decompress and keep the
// diceware words and keyboard graphs for good): about 17,000 strings, 1–2 MB of heap.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const COMMON_PASSWORD_COUNT = 20_000;
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose a less common one.';
const SHORTEST_ALLOWED = 6;

let loading: Promise<Set<string>> | null = null;

async function load(): Promise<Set<string>> {
  const file = createRequire(import.meta.url).resolve(
    '@zxcvbn-ts/language-common/src/passwords.json',
  );
  const list: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (
    !Array.isArray(list) ||
    list.length < COMMON_PASSWORD_COUNT ||
    !list.every((entry) => typeof entry === 'string')
  ) {
    throw new Error(`${file} is not the list of common passwords this code expects`);
  }
  return new Set(
    (list as string[])
      .slice(0, COMMON_PASSWORD_COUNT)
      .filter((entry) => entry.length >= SHORTEST_ALLOWED)
      .map((entry) => entry.toLowerCase()),
  );
}

function commonPasswords(): Promise<Set<string>> {
  loading ??= load().catch((error: unknown) => {
    // Try again on the next call rather than remember a failure.
    loading = null;
    throw error;
  });
  return loading;
}

/** True for a password on the list, ignoring case and surrounding spaces. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.trim().toLowerCase());
}

// Password hashing: argon2id with m = 19 MiB, t = 2, p = 1 (OWASP's first recommendation).
import type * as Argon2 from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';

// The native module is loaded with the first password check, not at start (idle memory).
let argon2: Promise<typeof Argon2> | null = null;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

// 2 is Algorithm.Argon2id; the enum is ambient and const, so it cannot be imported as a value.
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await (await loadArgon2()).verify(hashed, password);
  } catch {
    return false;
  }
}

// Verified against when the user does not exist, so both failures take the same time.
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('dabba-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}

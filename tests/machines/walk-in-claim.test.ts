// The claim link's machine (walk-ins and staff invites alike) when the phone is proven by a code
// outside the claim page (claim.sign_in): it claims an open link while it is unexpired, and is
// refused in words for someone signing in once it expired.
import { describe, expect, it } from 'vitest';
import { claimLinkFromFacts, decide, refusalSentence, walkInClaimMachine } from '@machines';

const EXPIRES = '2026-11-08T10:00:00.000Z';
const link = (facts: { verified?: boolean; claimed?: boolean }, now: string) =>
  claimLinkFromFacts(
    {
      claimedAt: facts.claimed ? '2026-11-02T10:00:00.000Z' : null,
      verifiedAt: facts.verified ? '2026-11-01T10:00:00.000Z' : null,
      expiresAt: EXPIRES,
    },
    now,
  );
const signIn = { type: 'claim.sign_in' } as const;

describe('claim.sign_in', () => {
  it('claims an open or verified link before it expires', () => {
    for (const verified of [false, true]) {
      expect(
        decide(walkInClaimMachine, link({ verified }, '2026-11-05T10:00:00.000Z'), signIn),
      ).toMatchObject({ ok: true, next: 'CLAIMED' });
    }
  });

  it('is refused once the link expired, in words for signing in', () => {
    const refused = decide(walkInClaimMachine, link({}, EXPIRES), signIn);
    expect(refused).toMatchObject({
      ok: false,
      code: 'claim.expired',
      key: 'claim.expired:sign_in',
      message: refusalSentence('en', 'claim.expired:sign_in'),
    });
    expect(refusalSentence('hi', 'claim.expired:sign_in')).not.toBe(
      refusalSentence('en', 'claim.expired:sign_in'),
    );
  });

  it('has nothing to claim on a claimed link', () => {
    expect(
      decide(walkInClaimMachine, link({ claimed: true }, '2026-11-03T10:00:00.000Z'), signIn),
    ).toMatchObject({ ok: false, code: 'claim.used' });
  });
});

// The owner account the first start makes (server/lifecycles/onboarding/owner-account.ts). Apart from constants.ts, which the
// landing page loads, so only the owner's pages carry it.

/**
 * The name that account carries: a role, not a person's name, so the owner's dashboard greets the
 * business by its name instead.
 */
export const OWNER_PLACEHOLDER_NAME = { first: 'Mess', last: 'Owner' } as const;

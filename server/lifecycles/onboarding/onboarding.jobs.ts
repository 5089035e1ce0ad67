// Daily account clean-up: registrations never verified within a day are removed, so nobody can hold
// on to a phone number or e-mail address they cannot prove is theirs.
import type { AppContext } from '@server/context.js';
import type { Job } from '@server/services/scheduler.js';

const UNVERIFIED_REGISTRATION_HOURS = 24;

// Almost every table cascades from users, so "nothing attached" is checked in the same statement
// as the delete: an account that holds any of these is kept, whatever its age.
const ATTACHED = [
  'student_profiles',
  'regular_profiles',
  'mess_owner_profiles',
  'subscriptions',
  'payment_orders',
  'payments',
  'refunds',
  'leaves',
  'feedback',
] as const;

/**
 * Deletes users still unverified UNVERIFIED_REGISTRATION_HOURS after joining, with nothing attached.
 * Their sessions, refresh tokens, OTP codes and reset links go with them (foreign keys cascade on
 * both databases); notification log rows stay, without the user.
 */
async function removeStaleRegistrations(ctx: AppContext): Promise<number> {
  const cutoff = new Date(
    ctx.clock.now().getTime() - UNVERIFIED_REGISTRATION_HOURS * 3_600_000,
  ).toISOString();
  const result = await ctx.db.kysely
    .deleteFrom('users')
    .where('status', '=', 'unverified')
    .where('user_type', '!=', 'mess_owner')
    .where('date_joined', '<', cutoff)
    .where((eb) =>
      eb.and(
        ATTACHED.map((table) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom(table)
                .select(eb.lit(1).as('one'))
                .whereRef(`${table}.user_id`, '=', 'users.id'),
            ),
          ),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const onboardingJobs: Job[] = [
  {
    name: 'remove-stale-registrations',
    runKey: (ctx) => ctx.today(),
    run: removeStaleRegistrations,
  },
];

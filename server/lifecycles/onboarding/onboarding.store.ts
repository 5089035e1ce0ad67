// The user-status lifecycle's store (machines/onboarding): a registration starts unverified, a
// verified OTP makes it registration_complete, and saving the profile makes it profile_complete.
// Each write is decided by the onboarding machine and made with a conditional UPDATE.
import { getInitialSnapshot } from 'xstate';
import { decide, refusal } from '@machines/shared';
import { onboardingMachine, type ProfileInput, type UserStatus } from '@machines/onboarding';
import { isStaffRole } from '@machines/staff';
import type { NewUser, User, UserType } from '@server/platform/db/schema.js';
import { fieldErrors, refusalError, refusedWith } from '@server/errors.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import type { Diet } from '@machines/menu';
import { auditPart, recordAudit } from '@server/lifecycles/audit.js';
import type { ProfileRows } from './onboarding.validation.js';
import { localizer, type Language } from '@server/platform/i18n.js';
import { allowed, nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';

/** The fields of a new account; the store sets its status and flags. */
export type Registration = Omit<
  NewUser,
  | 'status'
  | 'is_active'
  | 'phone_verified'
  | 'last_login'
  | 'is_tiffin_user'
  | 'is_mess_user'
  | 'preferred_delivery_time'
  | 'date_joined'
  | 'updated_at'
>;

export interface ProfileWrite extends ProfileRows {
  isTiffinUser: boolean;
  isMessUser: boolean;
  preferredDeliveryTime?: string | undefined;
}

/** What the owner changes of a customer's details (checked already); absent: unchanged. */
export interface DetailChanges {
  /** Normalised (+91…). */
  phone?: string | undefined;
  language?: Language | undefined;
  diet?: Diet | null | undefined;
  profile?: ProfileRows | undefined;
}

/** The details a change can name, as the owner's answer and the audit entry list them. */
export type DetailName = 'phone' | 'language' | 'diet' | 'student_profile' | 'regular_profile';

const DEFAULT_DELIVERY_TIME = '6:00 PM';

/**
 * The account type as the onboarding machine knows it: staff do not onboard, like the owner (they
 * are added by the owner and claim an invite), so the machine reads them as the business side.
 */
const onboardingType = (userType: UserType) => (isStaffRole(userType) ? 'mess_owner' : userType);

export type AccountStore = ReturnType<typeof createAccountStore>;

export function createAccountStore(deps: StoreDeps) {
  const db = deps.db.kysely;

  /** The profile rows given (a student's, or a regular customer's), written over the old ones. */
  async function writeProfile(executor: Executor, userId: number, profile: ProfileRows) {
    if (profile.student) {
      await executor
        .insertInto('student_profiles')
        .values({ user_id: userId, ...profile.student })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(profile.student!))
        .execute();
    }
    if (profile.regular) {
      await executor
        .insertInto('regular_profiles')
        .values({ user_id: userId, ...profile.regular })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(profile.regular!))
        .execute();
    }
  }

  /** Writes a new account: `registration`, in `status`, its phone verified or not. */
  function insertUser(
    executor: Executor,
    registration: Registration,
    status: UserStatus,
    phoneVerified: boolean,
  ): Promise<User> {
    const at = nowIso(deps);
    return executor
      .insertInto('users')
      .values({
        ...registration,
        status,
        is_active: true,
        phone_verified: phoneVerified,
        last_login: null,
        is_tiffin_user: false,
        is_mess_user: false,
        preferred_delivery_time: DEFAULT_DELIVERY_TIME,
        date_joined: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A new account in the machine's initial state (unverified). */
  function register(executor: Executor, registration: Registration): Promise<User> {
    const initial = getInitialSnapshot(onboardingMachine, {
      userType: onboardingType(registration.user_type),
    });
    return insertUser(executor, registration, initial.value as UserStatus, false);
  }

  /**
   * The mess owner, created by the server itself: owners do not onboard (the machine refuses them a
   * profile form), so the account starts where onboarding ends.
   */
  function createOwner(executor: Executor, registration: Registration): Promise<User> {
    return insertUser(
      executor,
      { ...registration, user_type: 'mess_owner' },
      'profile_complete',
      true,
    );
  }

  /**
   * A staff account (machines/staff), added by the owner: it does not onboard, and its phone is
   * verified when the invite is claimed.
   */
  function createStaff(executor: Executor, registration: Registration): Promise<User> {
    return insertUser(executor, registration, 'profile_complete', false);
  }

  /**
   * onboarding.verify_otp: true when this verification took the account out of unverified (the
   * customer is then welcomed); false when it was verified already (the OTP just signs them in).
   */
  async function verifyPhone(user: User): Promise<boolean> {
    const decision = decide(
      onboardingMachine,
      { value: user.status, context: { userType: onboardingType(user.user_type) } },
      { type: 'onboarding.verify_otp' },
    );
    if (!decision.ok) {
      // A number the owner changed, proven now by its code: verified again, the status as it was
      // (only while it is still the account's number).
      if (!user.phone_verified) {
        await db
          .updateTable('users')
          .set({ phone_verified: true, updated_at: nowIso(deps) })
          .where('id', '=', user.id)
          .where('phone', '=', user.phone)
          .execute();
      }
      return false;
    }
    const verified = await db
      .updateTable('users')
      .set({
        status: decision.next as UserStatus,
        phone_verified: true,
        updated_at: nowIso(deps),
      })
      .where('id', '=', user.id)
      .where('status', '=', user.status)
      .returning('id')
      .executeTakeFirst();
    if (!verified) return false;
    const l = localizer(user.language);
    const business = deps.config.business.name;
    const welcome = l.t('notice.welcome.text', { link: `${deps.config.publicUrl}/profile` });
    await deps.notifier.notify({
      userId: user.id,
      type: 'welcome',
      subject: l.t('notice.welcome.subject', { business }),
      summary: l.t('notice.welcome.summary'),
      email: {
        to: user.email,
        text: `${l.t('notice.greeting', { name: user.first_name })}\n\n${welcome}\n\n${business}`,
      },
      sms: {
        to: user.phone,
        body: l.t('notice.welcome.sms', { business, name: user.first_name }),
      },
    });
    return true;
  }

  /**
   * onboarding.complete_profile: saves the profile (also later, to edit it) and, the first time,
   * completes the account. The machine's guards check the choice of service and the fields.
   */
  async function completeProfile(user: User, profile: ProfileWrite): Promise<void> {
    const input: ProfileInput = {
      isTiffinUser: profile.isTiffinUser,
      isMessUser: profile.isMessUser,
      studentProfile: profile.student
        ? { ...profile.student, studentId: profile.student.student_id }
        : null,
      regularProfile: profile.regular ?? null,
    };
    const { next } = allowed(
      decide(
        onboardingMachine,
        { value: user.status, context: { userType: onboardingType(user.user_type) } },
        { type: 'onboarding.complete_profile', profile: input },
      ),
    );
    const at = nowIso(deps);
    const becameComplete = await db.transaction().execute(async (trx) => {
      await writeProfile(trx, user.id, profile);
      const saved = await trx
        .updateTable('users')
        .set({
          status: next as UserStatus,
          is_tiffin_user: profile.isTiffinUser,
          is_mess_user: profile.isMessUser,
          ...(profile.preferredDeliveryTime
            ? { preferred_delivery_time: profile.preferredDeliveryTime }
            : {}),
          updated_at: at,
        })
        .where('id', '=', user.id)
        .where('status', '=', user.status)
        .returning('id')
        .executeTakeFirst();
      // Another request changed the account after it was read: undo the profile rows too.
      if (!saved) throw refusalError(refusal('account.conflict'));
      return user.status !== next;
    });
    if (!becameComplete) return;
    const l = localizer(user.language);
    const complete = l.t('notice.profile_completed.text', {
      link: `${deps.config.publicUrl}/plans`,
    });
    await deps.notifier.notify({
      userId: user.id,
      type: 'profile_completed',
      subject: l.t('notice.profile_completed.subject'),
      summary: l.t('notice.profile_completed.summary'),
      email: {
        to: user.email,
        text: `${l.t('notice.greeting', { name: user.first_name })}\n\n${complete}\n\n${deps.config.business.name}`,
      },
    });
  }

  /** The user's language, for the app, the notices and nothing else: it changes no status. */
  async function setLanguage(user: User, language: Language): Promise<User> {
    return db
      .updateTable('users')
      .set({ language, updated_at: nowIso(deps) })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * A walk-in the owner enrolled at the counter (lifecycles/walk-in): the owner's form stands in
   * for the profile, so the account starts where onboarding ends, like the owner's own; its phone
   * is verified only when the customer claims the account with an OTP.
   */
  async function createWalkIn(
    executor: Executor,
    registration: Registration,
    service: { isTiffinUser: boolean; isMessUser: boolean },
    profile: ProfileRows,
  ): Promise<User> {
    const user = await insertUser(executor, registration, 'profile_complete', false);
    await writeProfile(executor, user.id, profile);
    return executor
      .updateTable('users')
      .set({ is_tiffin_user: service.isTiffinUser, is_mess_user: service.isMessUser })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * The owner's (or a manager's) change of a customer's details, in one transaction with its
   * audit entry (`account.update_details`, the changed fields before and after): only what differs
   * is written. A changed phone is no longer verified (the customer proves it with a code). The
   * account must not have changed since `customer` was read.
   */
  async function updateDetails(
    actor: User,
    customer: User,
    changes: DetailChanges,
  ): Promise<{ user: User; changed: DetailName[] }> {
    if (customer.erased_at) throw refusedWith(400, refusal('onboarding.account_erased'));
    const profile = changes.profile ?? {};
    try {
      return await db.transaction().execute(async (trx) => {
        const [studentRow, regularRow] = await Promise.all([
          profile.student
            ? trx
                .selectFrom('student_profiles')
                .select(['institute', 'student_id', 'hostel', 'year', 'course'])
                .where('user_id', '=', customer.id)
                .executeTakeFirst()
            : undefined,
          profile.regular
            ? trx
                .selectFrom('regular_profiles')
                .select(['address', 'landmark', 'pincode', 'city'])
                .where('user_id', '=', customer.id)
                .executeTakeFirst()
            : undefined,
        ]);
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        const changed: DetailName[] = [];
        const note = (name: DetailName, was: unknown, now: unknown) => {
          changed.push(name);
          before[name] = was;
          after[name] = now;
        };
        const set: Partial<Pick<User, 'phone' | 'phone_verified' | 'language' | 'diet'>> = {};
        if (changes.phone !== undefined && changes.phone !== customer.phone) {
          note('phone', customer.phone, changes.phone);
          before.phone_verified = customer.phone_verified;
          after.phone_verified = false;
          set.phone = changes.phone;
          set.phone_verified = false;
        }
        if (changes.language !== undefined && changes.language !== customer.language) {
          note('language', customer.language, changes.language);
          set.language = changes.language;
        }
        if (changes.diet !== undefined && changes.diet !== (customer.diet ?? null)) {
          note('diet', customer.diet ?? null, changes.diet);
          set.diet = changes.diet;
        }
        const differs = (was: Record<string, string> | undefined, now: Record<string, string>) =>
          !was || Object.keys(now).some((key) => was[key] !== now[key]);
        if (profile.student && differs(studentRow, profile.student)) {
          note('student_profile', studentRow ?? null, profile.student);
        }
        if (profile.regular && differs(regularRow, profile.regular)) {
          note('regular_profile', regularRow ?? null, profile.regular);
        }
        if (changed.length === 0) return { user: customer, changed };
        const user = await trx
          .updateTable('users')
          .set({ ...set, updated_at: nowIso(deps) })
          .where('id', '=', customer.id)
          .where('updated_at', '=', customer.updated_at)
          .returningAll()
          .executeTakeFirst();
        // Changed by someone else since it was read: nothing is written, the owner tries again.
        if (!user) throw refusalError(refusal('account.conflict'));
        await writeProfile(trx, customer.id, {
          ...(changed.includes('student_profile') ? { student: profile.student } : {}),
          ...(changed.includes('regular_profile') ? { regular: profile.regular } : {}),
        });
        await recordAudit(deps, trx, {
          actor,
          action: 'account.update_details',
          objectType: 'user',
          objectId: customer.id,
          summary: {
            key: 'audit.summary.account.update_details',
            values: {
              username: customer.username,
              fields: { list: changed.map((name) => ({ message: `label.detail_field.${name}` })) },
              phone: auditPart(set.phone, 'audit.part.phone_to_verify'),
            },
          },
          before,
          after,
        });
        return { user, changed };
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw fieldErrors({ phone: ['A user with this phone number already exists.'] });
      }
      throw error;
    }
  }

  return {
    register,
    updateDetails,
    createOwner,
    createWalkIn,
    createStaff,
    verifyPhone,
    completeProfile,
    setLanguage,
  };
}

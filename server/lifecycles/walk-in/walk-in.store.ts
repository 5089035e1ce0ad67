// Walk-ins (issue 21): the owner enrols a customer at the counter (account, subscription, its charge
// on the ledger, the payment through the payment store's settle path) in one transaction, and the
// customer claims the account from an SMS link: an OTP to the enrolled phone, then their own
// password. The claim link's status is written as machines/walk-in decides, with conditional UPDATEs.
import {
  CLAIM_LINK_DAYS,
  NO_EMAIL_DOMAIN,
  decide,
  offlinePaymentProblems,
  walkInClaimMachine,
  walkInClaimOwnerProbes,
  walkInDuePaise,
  walkInStartsNow,
  type ClaimEvent,
  type WalkInStart,
  claimLinkFromFacts,
  type OfflinePaymentMode,
  refusal,
} from '@machines';
import type { Payment, Plan, Subscription, User, WalkIn } from '@server/platform/db/schema.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import type { components } from '@generated/api.js';
import {
  fieldErrors,
  refusalError,
  refusalFieldErrors,
  type FieldErrors,
  found,
} from '@server/errors.js';
import { formatMoney } from '@server/platform/i18n.js';
import type { Language } from '@server/platform/i18n.js';
import { auditLabel, auditPart, recordAudit } from '@server/lifecycles/audit.js';
import { allowed, nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import type { AccountStore } from '@server/lifecycles/onboarding/onboarding.store.js';
import type { ProfileRows } from '@server/lifecycles/onboarding/onboarding.validation.js';
import {
  freeUsername,
  hashClaimToken,
  newClaimToken,
  proveClaimedPhone,
  sendClaimLink,
  spendClaim,
  type ClaimAccount,
} from './claim-links.js';
import type { SubscriptionStore } from '@server/lifecycles/subscription/subscription.store.js';
import type { PaymentStore } from '@server/lifecycles/payment/payment.store.js';
import type { LedgerStore } from '@server/lifecycles/dues/dues.store.js';

export interface WalkInInput {
  firstName: string;
  lastName: string;
  /** Normalised (+91…). */
  phone: string;
  email: string | null;
  userType: 'student' | 'regular';
  /** The customer's profile (a student's, or a regular customer's address), checked already. */
  profile: ProfileRows;
  plan: Plan;
  amountPaise: number;
  mode: OfflinePaymentMode;
  reference: string | null;
  /** When a part-paid subscription starts (the owner's choice; the handler required it). */
  start: WalkInStart | null;
  requestId: string | null;
  /** The customer's language: their claim SMS and later notices are written in it. */
  language: Language;
}

export interface WalkInOutcome {
  walkIn: WalkIn;
  /** The first enrolment of this request id answered. */
  replayed: boolean;
}

/** The ledger charge of a walk-in's subscription, saying when it starts if some is left due. */
function chargeDescription(subscriptionId: number, duePaise: number, startsNow: boolean): string {
  const due = formatMoney('en', duePaise);
  if (duePaise === 0) return `Subscription #${subscriptionId}`;
  return startsNow
    ? `Subscription #${subscriptionId}, started now owing ${due}`
    : `Subscription #${subscriptionId}, starts once ${due} is paid`;
}

/** A walk-in's claim link as the claim machine reads it. */
const linkOf = (walkIn: WalkIn) => ({
  claimedAt: walkIn.claimed_at,
  verifiedAt: walkIn.verified_at,
  expiresAt: walkIn.expires_at,
});

export type WalkInClaimBody = components['schemas']['WalkInClaim'];

/** A claim link as the owner reads it: its status, expiry and the owner's actions the machine allows. */
function claimBody(walkIn: WalkIn, now: string): WalkInClaimBody {
  const snapshot = claimLinkFromFacts(linkOf(walkIn), now);
  return {
    status: snapshot.value,
    expires_at: walkIn.expires_at,
    actions: walkInClaimOwnerProbes
      .filter((event) => decide(walkInClaimMachine, snapshot, event).ok)
      .map((event) => event.type as 'claim.resend'),
  };
}

export type WalkInStore = ReturnType<typeof createWalkInStore>;

export function createWalkInStore(
  deps: StoreDeps,
  stores: {
    accounts: AccountStore;
    subscriptions: SubscriptionStore;
    payments: PaymentStore;
    ledger: LedgerStore;
  },
) {
  const db = deps.db.kysely;

  const byRequestId = (requestId: string | null) =>
    requestId
      ? db.selectFrom('walk_ins').selectAll().where('request_id', '=', requestId).executeTakeFirst()
      : Promise.resolve(undefined);

  /** Which of phone and e-mail an account already has, per field. */
  async function taken(phone: string, email: string | null): Promise<FieldErrors> {
    const rows = await db
      .selectFrom('users')
      .select(['phone', 'email_lower'])
      .where((eb) =>
        eb.or([
          eb('phone', '=', phone),
          ...(email ? [eb('email_lower', '=', email.toLowerCase())] : []),
        ]),
      )
      .execute();
    const clash: FieldErrors = {};
    for (const row of rows) {
      if (row.phone === phone) clash.phone = ['A user with this phone number already exists.'];
      if (email && row.email_lower === email.toLowerCase()) {
        clash.email = ['A user with this email already exists.'];
      }
    }
    return clash;
  }

  /** walk_in.enrol: everything in one transaction; the SMS after the commit. */
  async function enrol(owner: User, input: WalkInInput): Promise<WalkInOutcome> {
    const replayed = await byRequestId(input.requestId);
    if (replayed) return { walkIn: replayed, replayed: true };
    const clash = await taken(input.phone, input.email);
    if (Object.keys(clash).length) {
      // The same form's enrolment may have committed since the first look: it is the answer.
      const first = await byRequestId(input.requestId);
      if (first) return { walkIn: first, replayed: true };
      throw fieldErrors(clash);
    }
    const today = deps.today();
    const link = newClaimToken(deps, CLAIM_LINK_DAYS);
    let outcome: { walkIn: WalkIn; user: User };
    try {
      outcome = await db.transaction().execute(async (trx) => {
        const username = await freeUsername(trx, input.firstName, input.phone);
        const user = await stores.accounts.createWalkIn(
          trx,
          {
            username,
            username_lower: username.toLowerCase(),
            email: input.email ?? `${username.toLowerCase()}@${NO_EMAIL_DOMAIN}`,
            email_lower: (input.email ?? `${username}@${NO_EMAIL_DOMAIN}`).toLowerCase(),
            phone: input.phone,
            // No usable password until the customer claims the account: no hash matches '!'.
            password_hash: '!walk-in',
            user_type: input.userType,
            first_name: input.firstName,
            last_name: input.lastName,
            language: input.language,
          },
          {
            isTiffinUser: input.plan.service_type === 'tiffin',
            isMessUser: input.plan.service_type === 'mess',
          },
          input.profile,
        );
        const subscription = await stores.subscriptions.create(user, input.plan, null, trx);
        const counter = {
          amountPaise: input.amountPaise,
          pricePaise: subscription.total_paid_paise,
          start: input.start,
        };
        const duePaise = walkInDuePaise(counter);
        const startsNow = walkInStartsNow(counter);
        await stores.ledger.charge(trx, subscription, today, owner.id, {
          description: chargeDescription(subscription.id, duePaise, startsNow),
        });
        // A part payment starts the subscription as the owner chose at the counter, not as the
        // payment policy would: the settle path is told to leave it waiting.
        const payment =
          input.amountPaise > 0
            ? await pay(trx, owner, subscription, input, today, duePaise === 0)
            : null;
        if (startsNow && duePaise > 0) {
          await stores.subscriptions.activate(trx, subscription.id, today);
        }
        const walkIn = await trx
          .insertInto('walk_ins')
          .values({
            user_id: user.id,
            subscription_id: subscription.id,
            payment_id: payment?.id ?? null,
            request_id: input.requestId,
            claim_token_hash: link.hash,
            expires_at: link.expiresAt,
            verified_at: null,
            claimed_at: null,
            created_by: owner.id,
            created_at: nowIso(deps),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = await trx
          .selectFrom('subscriptions')
          .select('status')
          .where('id', '=', subscription.id)
          .executeTakeFirstOrThrow();
        const due = { money: duePaise };
        await recordAudit(deps, trx, {
          actor: owner,
          action: 'walk_in.enrol',
          objectType: 'user',
          objectId: user.id,
          summary: {
            key: 'audit.summary.walk_in.enrol',
            values: {
              username: user.username,
              phone: user.phone,
              id: subscription.id,
              plan: { text: { en: input.plan.name, hi: input.plan.name_hi } },
              paid: { money: payment?.amount_paise ?? 0 },
              mode: auditPart(payment, 'audit.part.mode', {
                mode: auditLabel('label.payment_mode', payment?.payment_mode ?? 'offline'),
              }),
              rest:
                duePaise === 0
                  ? ''
                  : {
                      message: startsNow
                        ? 'audit.part.walk_in.started_with_dues'
                        : 'audit.part.walk_in.starts_when_paid',
                      values: { due },
                    },
            },
          },
          before: null,
          after: {
            username: user.username,
            phone: user.phone,
            subscription_id: subscription.id,
            subscription_status: after.status,
            start: duePaise === 0 ? null : input.start,
            amount_due_paise: duePaise,
            amount_paise: payment?.amount_paise ?? 0,
            payment_mode: payment?.payment_mode ?? null,
            reference: payment?.utr ?? null,
            receipt_number: payment?.receipt_number ?? null,
            // Where the tiffin goes, as the customer's profile stores it.
            ...(input.profile.student ? { student_profile: input.profile.student } : {}),
            ...(input.profile.regular ? { regular_profile: input.profile.regular } : {}),
          },
        });
        return { walkIn, user };
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        // The same form's enrolment committed first: it is the answer.
        const first = await byRequestId(input.requestId);
        if (first) return { walkIn: first, replayed: true };
        const late = await taken(input.phone, input.email);
        if (Object.keys(late).length) throw fieldErrors(late);
      }
      throw error;
    }
    await sendClaimLink(deps, outcome.user, 'walk_in_claim', link.token);
    return { walkIn: outcome.walkIn, replayed: false };
  }

  /**
   * The counter payment, through the payment store's settle path, in the enrolment's transaction.
   * `paysInFull`: only then may the settle path start the subscription (a part payment starts it
   * as the owner chose).
   */
  async function pay(
    trx: Executor,
    owner: User,
    subscription: Subscription,
    input: WalkInInput,
    today: string,
    paysInFull: boolean,
  ): Promise<Payment> {
    const facts = {
      amountPaise: input.amountPaise,
      amountDuePaise: subscription.total_paid_paise,
      mode: input.mode,
      reference: input.reference,
      receivedOn: today,
      today,
      subscriptionCreatedOn: today,
    };
    const problems = offlinePaymentProblems(facts);
    if (problems.length > 0) throw refusalFieldErrors(problems);
    return stores.payments.settleAtCounter(trx, owner, subscription, {
      facts,
      note: null,
      requestId: input.requestId ? `walk-in-${input.requestId}` : null,
      startsByPolicy: paysInFull,
    });
  }

  /** The walk-in of a claim link, if it is one (server/lifecycles/walk-in/claim-links.ts). */
  /** The walk-in row of an account enrolled at the counter (one an account), as a query to narrow. */
  const walkInOf = (userId: number) =>
    db.selectFrom('walk_ins').selectAll().where('user_id', '=', userId);

  function byToken(token: string): Promise<WalkIn | undefined> {
    return db
      .selectFrom('walk_ins')
      .selectAll()
      .where('claim_token_hash', '=', hashClaimToken(token))
      .executeTakeFirst();
  }

  /** What the machine says to `event` for this link now. */
  const claimDecision = (walkIn: WalkIn, event: ClaimEvent) =>
    decide(walkInClaimMachine, claimLinkFromFacts(linkOf(walkIn), nowIso(deps)), event);

  /** What the machine says to `event` for this link now; throws its refusal. */
  function check(walkIn: WalkIn, event: ClaimEvent) {
    return allowed(claimDecision(walkIn, event));
  }

  /**
   * claim.verify: the right OTP was entered for this link's phone. The account is the customer's
   * (its phone verified, signed in); the link waits for an optional password (claim.complete).
   */
  async function verify(walkIn: WalkIn): Promise<User> {
    check(walkIn, { type: 'claim.verify' });
    const at = nowIso(deps);
    return db.transaction().execute(async (trx) => {
      await trx
        .updateTable('walk_ins')
        .set({ verified_at: at })
        .where('id', '=', walkIn.id)
        .where('verified_at', 'is', null)
        .where('claimed_at', 'is', null)
        .execute();
      return proveClaimedPhone(trx, walkIn.user_id, at);
    });
  }

  /**
   * claim.complete: the password (and username) become the account's, its phone verified, and the
   * link spent. claim.sign_in (`account` null: the phone proven by a sign-in code): the same
   * without a password, from the OTP step or after it. One conditional UPDATE lets one of two
   * concurrent calls win.
   */
  async function complete(walkIn: WalkIn, account: ClaimAccount | null): Promise<User> {
    check(walkIn, { type: account ? 'claim.complete' : 'claim.sign_in' });
    return spendClaim(deps, walkIn.user_id, account, async (trx, at, verifiedOnly) => {
      let spend = trx
        .updateTable('walk_ins')
        .set((eb) => ({ claimed_at: at, verified_at: eb.fn.coalesce('verified_at', eb.val(at)) }))
        .where('id', '=', walkIn.id)
        .where('claimed_at', 'is', null);
      if (verifiedOnly) spend = spend.where('verified_at', 'is not', null);
      return (await spend.returning('id').executeTakeFirst()) !== undefined;
    });
  }

  /** The unclaimed link of an account enrolled at the counter, if it has one. */
  function openLinkOf(userId: number): Promise<WalkIn | undefined> {
    return walkInOf(userId).where('claimed_at', 'is', null).executeTakeFirst();
  }

  /** The claim link of a customer enrolled at the counter, as the owner reads it (null: none). */
  async function claimOf(userId: number): Promise<WalkInClaimBody | null> {
    const walkIn = await walkInOf(userId).executeTakeFirst();
    return walkIn ? claimBody(walkIn, nowIso(deps)) : null;
  }

  /**
   * claim.resend: a new link replaces the old one (whose hash no longer matches), valid a week from
   * now, back to the OTP step; sent by SMS after the commit. One conditional UPDATE on an unclaimed
   * row, so a resend racing the customer's claim never reopens a claimed account.
   */
  async function resend(owner: User, userId: number): Promise<WalkInClaimBody> {
    const walkIn = await found(walkInOf(userId).executeTakeFirst());
    check(walkIn, { type: 'claim.resend' });
    const link = newClaimToken(deps, CLAIM_LINK_DAYS);
    const at = nowIso(deps);
    const { row, user } = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('walk_ins')
        .set({ claim_token_hash: link.hash, expires_at: link.expiresAt, verified_at: null })
        .where('id', '=', walkIn.id)
        .where('claimed_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw refusalError(refusal('claim.used'));
      const customer = await trx
        .selectFrom('users')
        .selectAll()
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      await recordAudit(deps, trx, {
        actor: owner,
        action: 'walk_in.resend_claim',
        objectType: 'user',
        objectId: userId,
        summary: {
          key: 'audit.summary.walk_in.resend_claim',
          values: { username: customer.username, phone: customer.phone },
        },
        before: { expires_at: walkIn.expires_at },
        after: { expires_at: link.expiresAt },
      });
      return { row: updated, user: customer };
    });
    await sendClaimLink(deps, user, 'walk_in_claim', link.token);
    return claimBody(row, at);
  }

  return {
    enrol,
    byToken,
    openLinkOf,
    claimDecision,
    check,
    verify,
    complete,
    claimOf,
    resend,
  };
}

// The refund lifecycle's store: the amount a cancelled subscription is owed, the PENDING request
// with where to pay it, the customer's change of those payout details, and the owner's approve /
// reject / mark-paid, each decided by the refund machine and written with a conditional UPDATE. The
// customer hears of every decision.
import { getInitialSnapshot } from 'xstate';
import { decide, refusal, restore } from '@machines/shared';
import {
  maskPayout,
  shownUpiId,
  type RefundEvent,
  refundFromApi,
  refundMachine,
  type RefundPayout,
  refundPayoutRefusals,
  type RefundStatus,
  selectIsPayable,
} from '@machines/refund';
import { subscriptionMachine, subscriptionRefusals } from '@machines/subscription';
import { advanceRefundProblems } from '@machines/dues';
import type { OfflinePaymentMode } from '@machines/payment';
import { advanceOf } from '@server/lifecycles/dues/dues.read.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import type {
  AdvanceRefund,
  Refund,
  RefundsTable,
  Subscription,
  User,
} from '@server/platform/db/schema.js';
import { refusalFieldErrors, refusedWith, refusalError } from '@server/errors.js';
import type { Localizer } from '@server/platform/i18n.js';
import { notifyCustomer } from '@server/services/notify.js';
import { dateInZone } from '@server/platform/time.js';
import { auditLabel, auditPart, recordAudit, type AuditValue } from '@server/lifecycles/audit.js';
import type { LedgerStore } from '@server/lifecycles/dues/dues.store.js';
import { allowed, nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import { readSubscription } from '@server/lifecycles/subscription/subscription.read.js';
import { refundDue, storedPayout, type RefundedSubscription } from './refund.read.js';
import { issueAdvanceCreditNote, issueCreditNote } from './credit-notes.js';

type OwnerEvent = Exclude<RefundEvent, { type: 'refund.update_payout' }>;

type PayoutColumns = Pick<
  RefundsTable,
  | 'payout_method'
  | 'payout_upi_id'
  | 'payout_account_holder_name'
  | 'payout_account_number'
  | 'payout_ifsc'
  | 'payout_updated_at'
>;

/** The columns that store `payout` (every one, so a new method clears the old one's fields). */
function payoutColumns(payout: RefundPayout | null | undefined, at: string): PayoutColumns {
  if (!payout) {
    return {
      payout_method: null,
      payout_upi_id: null,
      payout_account_holder_name: null,
      payout_account_number: null,
      payout_ifsc: null,
      payout_updated_at: null,
    };
  }
  const bank = payout.method === 'bank' ? payout : null;
  return {
    payout_method: payout.method,
    payout_upi_id: payout.method === 'upi' ? payout.upi_id : null,
    // The contract refuses a blank name; spaces around it are not part of it.
    payout_account_holder_name: bank ? bank.account_holder_name.trim() : null,
    payout_account_number: bank ? bank.account_number : null,
    payout_ifsc: bank ? bank.ifsc : null,
    payout_updated_at: at,
  };
}

export type RefundStore = ReturnType<typeof createRefundStore>;

export function createRefundStore(deps: StoreDeps, ledger: LedgerStore) {
  const db = deps.db.kysely;

  /**
   * Inserts the refund of the subscription's latest successful payment, in the refund machine's
   * initial state, for its unused paid days, with the payout details when the customer gave them.
   * The unique index on refunds.subscription_id refuses a second one: that is the machine's
   * hasNoRefund refusal.
   */
  async function open(
    executor: Executor,
    subscription: RefundedSubscription,
    requestedBy: number,
    cancelledOn: string,
    payout: RefundPayout | null = null,
  ): Promise<{ id: number; amountPaise: number }> {
    // The payment the refund's credit note reduces: the subscription's latest, or, for one paid
    // from the customer's advance, the payment that brought the advance.
    const payment =
      (await executor
        .selectFrom('payments')
        .select('id')
        .where('subscription_id', '=', subscription.id)
        .where('status', '=', 'SUCCESS')
        .orderBy('id', 'desc')
        .executeTakeFirst()) ??
      (await executor
        .selectFrom('advance_applications')
        .select('payment_id as id')
        .where('subscription_id', '=', subscription.id)
        .where('payment_id', 'is not', null)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow());
    const { amountPaise } = await refundDue(executor, subscription, cancelledOn);
    const initial = getInitialSnapshot(refundMachine, { adminComment: null, utr: null });
    const at = nowIso(deps);
    try {
      const inserted = await executor
        .insertInto('refunds')
        .values({
          subscription_id: subscription.id,
          user_id: subscription.user_id,
          // Not null: the second read keeps only applications with a payment.
          payment_id: payment.id as number,
          amount_paise: amountPaise,
          status: initial.value as RefundStatus,
          requested_at: at,
          requested_by: requestedBy,
          processed_at: null,
          paid_at: null,
          admin_comment: initial.context.adminComment,
          utr: initial.context.utr,
          updated_at: at,
          ...payoutColumns(payout, at),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: inserted.id, amountPaise };
    } catch (error) {
      if (isUniqueViolation(error)) throw refusalError(subscriptionRefusals.guards.hasNoRefund);
      throw error;
    }
  }

  /**
   * The customer asks for the refund of their CANCELLED subscription when cancelling did not create
   * one (subscription.request_refund); the amount follows the cancel rule as of the cancellation.
   */
  async function request(
    user: User,
    subscription: Subscription,
    payout: RefundPayout | null = null,
  ): Promise<number> {
    const state = await readSubscription(db, subscription, deps.today());
    allowed(decide(subscriptionMachine, state, { type: 'subscription.request_refund' }));
    const cancelledOn = subscription.cancelled_at
      ? dateInZone(new Date(subscription.cancelled_at), deps.config.businessTz)
      : deps.today();
    const { id } = await open(db, subscription, user.id, cancelledOn, payout);
    return id;
  }

  /**
   * The customer adds or replaces where their refund is to be paid: only while it is PENDING
   * (refund.update_payout), so what the owner approved is what the owner pays to.
   */
  async function updatePayout(refund: Refund, payout: RefundPayout): Promise<void> {
    const event = { type: 'refund.update_payout' } as const;
    allowed(decide(refundMachine, refundFromApi(refund), event));
    const at = nowIso(deps);
    const written = await db
      .updateTable('refunds')
      .set({ ...payoutColumns(payout, at), updated_at: at })
      .where('id', '=', refund.id)
      .where('status', '=', refund.status)
      .returning('id')
      .executeTakeFirst();
    if (written) return;
    // The owner decided it meanwhile: explain from the state it is in now.
    const latest = await db
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', refund.id)
      .executeTakeFirstOrThrow();
    allowed(decide(refundMachine, refundFromApi(latest), event));
    throw refusalError(refusal('refund.conflict'));
  }

  /**
   * The full account to pay an approved refund into, for the owner about to make the transfer: only
   * while the refund is APPROVED (the machine's `payable` tag). Every other view masks the account
   * number, so each time it is shown in full goes into the audit log.
   */
  async function payoutToPay(owner: User, refund: Refund): Promise<RefundPayout> {
    if (!selectIsPayable(restore(refundMachine, refundFromApi(refund)))) {
      throw refusalError(refundPayoutRefusals.notPayable);
    }
    const payout = storedPayout(refund);
    if (!payout) {
      throw refusedWith(404, refundPayoutRefusals.none);
    }
    await recordAudit(deps, db, {
      actor: owner,
      action: 'refund.view_payout',
      objectType: 'refund',
      objectId: refund.id,
      summary: {
        key: 'audit.summary.refund.view_payout',
        values: {
          id: refund.id,
          amount: { money: refund.amount_paise },
          payout: payoutValue(payout),
        },
      },
    });
    return payout;
  }

  /** Where a refund goes, masked, as the audit log's readers read it. */
  function payoutValue(payout: RefundPayout): AuditValue {
    const masked = maskPayout(payout, true);
    return masked.method === 'upi'
      ? { message: 'notice.payout.upi', values: { upi: shownUpiId(masked) } }
      : {
          message: 'notice.payout.bank',
          values: {
            number: masked.account_number_masked,
            holder: masked.account_holder_name,
            ifsc: masked.ifsc,
          },
        };
  }

  /** Where a refund was paid, as the customer reads it (the account number masked). */
  function payoutLine(l: Localizer, payout: RefundPayout): string {
    const masked = maskPayout(payout, true);
    return masked.method === 'upi'
      ? l.t('notice.payout.upi', { upi: shownUpiId(masked) })
      : l.t('notice.payout.bank', {
          number: masked.account_number_masked,
          holder: masked.account_holder_name,
          ifsc: masked.ifsc,
        });
  }

  /** The customer's notice of an owner decision, in their language. */
  const notice = (refund: Refund) => (l: Localizer) => {
    const amount = l.rupees(refund.amount_paise);
    const business = deps.config.business.name;
    const id = refund.subscription_id;
    const comment = l.t('notice.comment', { comment: refund.admin_comment ?? '' });
    if (refund.status === 'APPROVED') {
      return {
        type: 'refund_approved',
        subject: l.t('notice.refund_approved.subject'),
        text: `${l.t('notice.refund_approved.text', { amount, id })}\n\n${comment}`,
        sms: l.t('notice.refund_approved.sms', { business, amount }),
      };
    }
    if (refund.status === 'REJECTED') {
      const reason = l.t('notice.reason', { reason: refund.admin_comment ?? '' });
      return {
        type: 'refund_rejected',
        subject: l.t('notice.refund_rejected.subject'),
        text: `${l.t('notice.refund_rejected.text', { id })}\n\n${reason}`,
        sms: l.t('notice.refund_rejected.sms', { business }),
      };
    }
    const payout = storedPayout(refund);
    const paid = [
      l.t('notice.refund_paid.text', { amount, id }),
      ...(payout ? [l.t('notice.refund_paid.paid_to', { payout: payoutLine(l, payout) })] : []),
      ...(refund.utr ? [l.t('notice.refund_paid.utr', { utr: refund.utr })] : []),
    ].join(' ');
    const sms = l.t('notice.refund_paid.sms', { business, amount });
    return {
      type: 'refund_paid',
      subject: l.t('notice.refund_paid.subject'),
      text: `${paid}\n\n${comment}`,
      sms: refund.utr ? `${sms} ${l.t('notice.refund_paid.sms_utr', { utr: refund.utr })}` : sms,
      whatsapp: {
        template: 'refund_paid' as const,
        parameters: [business, amount, refund.utr ?? `#${id}`],
      },
    };
  };

  /** An owner decision, written only if nobody moved first; the customer is told. */
  async function decideByOwner(owner: User, refund: Refund, event: OwnerEvent): Promise<Refund> {
    const { next, context } = allowed(decide(refundMachine, refundFromApi(refund), event));
    const at = nowIso(deps);
    const updated = await db.transaction().execute(async (trx) => {
      const written = await trx
        .updateTable('refunds')
        .set({
          status: next as RefundStatus,
          admin_comment: context.adminComment,
          utr: context.utr,
          updated_at: at,
          ...(next === 'PAID' ? { paid_at: at } : { processed_at: at }),
        })
        .where('id', '=', refund.id)
        .where('status', '=', refund.status)
        .returningAll()
        .executeTakeFirst();
      if (!written) return undefined;
      // The ledger: approving credits the customer what the cancellation gives back; paying it
      // out is the refund that settles that credit.
      if (next === 'APPROVED' || next === 'PAID') {
        const approved = next === 'APPROVED';
        await ledger.post(trx, {
          userId: written.user_id,
          subscriptionId: written.subscription_id,
          kind: approved ? 'credit' : 'refund',
          amountPaise: written.amount_paise,
          sourceType: 'refund',
          sourceId: written.id,
          occurredOn: deps.today(),
          description: `${approved ? 'Refund approved' : 'Refund paid'} for subscription #${written.subscription_id}`,
          createdBy: owner.id,
        });
      }
      // Paying back an invoiced payment reduces its tax: its credit note, numbered in this
      // transaction so a rollback leaves no gap in the series.
      if (next === 'PAID') await issueCreditNote(trx, deps.config, written, at);
      // Approving and paying record where the money goes (masked like every view but the owner's
      // payout view): from approval on, the customer can no longer change it.
      const payout = storedPayout(written);
      const paidTo = next !== 'REJECTED' && payout ? maskPayout(payout, true) : null;
      await recordAudit(deps, trx, {
        actor: owner,
        action: event.type,
        objectType: 'refund',
        objectId: written.id,
        summary: {
          key: `audit.summary.${event.type}`,
          values: {
            id: written.id,
            amount: { money: written.amount_paise },
            utr: auditPart(written.utr, 'audit.part.utr', { utr: written.utr ?? '' }),
            payout: auditPart(payout && paidTo, 'audit.part.paid_to', {
              payout: payout ? payoutValue(payout) : '',
            }),
            comment: auditPart(written.admin_comment, 'audit.part.comment', {
              comment: written.admin_comment ?? '',
            }),
          },
        },
        before: { status: refund.status, admin_comment: refund.admin_comment, utr: refund.utr },
        after: {
          status: written.status,
          admin_comment: written.admin_comment,
          utr: written.utr,
          ...(paidTo ? { payout: paidTo } : {}),
        },
      });
      return written;
    });
    if (!updated) {
      // Someone decided it first: explain with the machine, from the state it is in now.
      const latest = await db
        .selectFrom('refunds')
        .selectAll()
        .where('id', '=', refund.id)
        .executeTakeFirstOrThrow();
      const again = decide(refundMachine, refundFromApi(latest), event);
      throw refusalError(again.ok ? refusal('refund.conflict') : again);
    }
    await notifyCustomer(deps, updated.user_id, notice(updated));
    return updated;
  }

  /**
   * The owner pays back (part of) a customer's advance, in one step: the advance refund, its ledger
   * entry (the advance taken back) and its credit note commit together, under the customer's balance
   * lock, so what was paid back is never more than was held however many requests race. A form sent
   * twice (its request id) records once. The customer is told after the commit.
   */
  async function refundAdvance(
    owner: User,
    customerId: number,
    input: {
      amountPaise: number;
      method: OfflinePaymentMode;
      reference: string | null;
      adminComment: string;
      requestId: string | null;
    },
  ): Promise<AdvanceRefund> {
    const replayed = await advanceRefundByRequest(input.requestId);
    if (replayed) return replayed;
    const facts = { ...input, reference: input.reference?.trim() || null };
    const early = advanceRefundProblems({ ...facts, heldPaise: await advanceOf(db, customerId) });
    if (early.length > 0) throw refusalFieldErrors(early);
    let written: AdvanceRefund;
    try {
      written = await db.transaction().execute(async (trx) => {
        await ledger.lock(trx, customerId);
        const heldPaise = await advanceOf(trx, customerId);
        const late = advanceRefundProblems({ ...facts, heldPaise });
        if (late.length > 0) throw refusalFieldErrors(late);
        // The invoice its credit note reduces: the latest payment that brought an advance.
        const source = await trx
          .selectFrom('payments')
          .select('id')
          .where('user_id', '=', customerId)
          .where('status', '=', 'SUCCESS')
          .where('advance_paise', '>', 0)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        const at = nowIso(deps);
        const today = deps.today();
        const row = await trx
          .insertInto('advance_refunds')
          .values({
            user_id: customerId,
            payment_id: source.id,
            amount_paise: facts.amountPaise,
            method: facts.method,
            reference: facts.reference,
            admin_comment: facts.adminComment.trim(),
            refunded_on: today,
            refunded_by: owner.id,
            request_id: input.requestId,
            created_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await ledger.post(trx, {
          userId: customerId,
          subscriptionId: null,
          kind: 'refund',
          amountPaise: facts.amountPaise,
          sourceType: 'advance_refund',
          sourceId: row.id,
          occurredOn: today,
          description: 'Advance paid back',
          createdBy: owner.id,
        });
        await issueAdvanceCreditNote(trx, deps.config, row, at);
        await recordAudit(deps, trx, {
          actor: owner,
          action: 'advance.refund',
          objectType: 'advance_refund',
          objectId: row.id,
          summary: {
            key: 'audit.summary.advance.refund',
            values: {
              amount: { money: row.amount_paise },
              mode: auditLabel('label.payment_mode', row.method),
              reference: auditPart(row.reference, 'audit.part.reference', {
                reference: row.reference ?? '',
              }),
              comment: auditPart(row.admin_comment, 'audit.part.comment', {
                comment: row.admin_comment,
              }),
            },
          },
          before: { advance_paise: heldPaise },
          after: { advance_paise: heldPaise - row.amount_paise, refunded_paise: row.amount_paise },
        });
        return row;
      });
    } catch (error) {
      // The same form's refund committed first: it is the answer.
      const first = isUniqueViolation(error)
        ? await advanceRefundByRequest(input.requestId)
        : undefined;
      if (first) return first;
      throw error;
    }
    await notifyCustomer(deps, customerId, (l) => {
      const business = deps.config.business.name;
      const amount = l.rupees(written.amount_paise);
      const sms = l.t('notice.refund_paid.sms', { business, amount });
      return {
        type: 'refund_paid',
        subject: l.t('notice.refund_paid.subject'),
        text: [
          l.t('notice.advance_refund_paid.text', { amount }),
          ...(written.reference ? [l.t('notice.refund_paid.utr', { utr: written.reference })] : []),
          `\n\n${l.t('notice.comment', { comment: written.admin_comment })}`,
        ].join(' '),
        sms: written.reference
          ? `${sms} ${l.t('notice.refund_paid.sms_utr', { utr: written.reference })}`
          : sms,
        whatsapp: {
          template: 'refund_paid' as const,
          parameters: [business, amount, written.reference ?? `#A${written.id}`],
        },
      };
    });
    return written;
  }

  const advanceRefundByRequest = (requestId: string | null) =>
    requestId === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('advance_refunds')
          .selectAll()
          .where('request_id', '=', requestId)
          .executeTakeFirst();

  return {
    open,
    request,
    refundAdvance,
    updatePayout,
    payoutToPay,
    approve: (owner: User, refund: Refund, adminComment: string) =>
      decideByOwner(owner, refund, { type: 'refund.approve', adminComment }),
    reject: (owner: User, refund: Refund, adminComment: string) =>
      decideByOwner(owner, refund, { type: 'refund.reject', adminComment }),
    markPaid: (owner: User, refund: Refund, adminComment: string, utr: string | null) =>
      decideByOwner(owner, refund, { type: 'refund.mark_paid', adminComment, utr }),
  };
}

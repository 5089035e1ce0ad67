// The leave lifecycle's store: create, edit, delete, approve and reject, each decided by the leave
// machine and written with a conditional UPDATE. Approving asks the subscription machine to extend
// the subscription in the same transaction, so the extension happens exactly once.
import { getInitialSnapshot } from 'xstate';
import { decide } from '@machines/shared';
import {
  type LeaveEvent,
  leaveFromApi,
  leaveMachine,
  leaveRefusals,
  leaveRequestRefusals,
  type LeaveStatus,
  firstMealCutoff,
  leaveExtends,
  otherLeaveFacts,
  validateLeaveRequest,
} from '@machines/leave';
import { instantInZone } from '@machines/settings';
import { parseMeals } from '@server/platform/format.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import type { Leave, User } from '@server/platform/db/schema.js';
import { ApiError, refusalField, refusalError, refusalsError } from '@server/errors.js';
import { fullName } from '@server/platform/format.js';
import type { Localizer } from '@server/platform/i18n.js';
import { notifyCustomer, notifyOwners } from '@server/services/notify.js';
import { auditPart, recordAudit } from '@server/lifecycles/audit.js';
import { allowed, nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import type { SubscriptionStore } from '@server/lifecycles/subscription/subscription.store.js';
import type { MealSkipStore } from '@server/lifecycles/meal-skip/meal-skip.store.js';
import {
  subscriptionStatus,
  ownSubscriptionMeals,
  subscriptionsWithCustomers,
} from '@server/lifecycles/subscription/subscription.read.js';

export interface LeaveDates {
  startDate: string;
  endDate: string;
}

/** The sentence every pending leave of a cancelled subscription is rejected with. */
const CANCELLED_LEAVE_COMMENT = 'Subscription cancelled.';

type OwnerDecision = Extract<LeaveEvent, { type: 'leave.approve' | 'leave.reject' }>;

export type LeaveStore = ReturnType<typeof createLeaveStore>;

export function createLeaveStore(
  deps: StoreDeps,
  subscriptions: SubscriptionStore,
  mealSkips: Pick<MealSkipStore, 'withdrawCredits'>,
) {
  const db = deps.db.kysely;

  /** Every create/edit rule of machines/leave's rules, with the facts read from the database. */
  async function checkRequest(
    userId: number,
    subscriptionId: number,
    dates: LeaveDates,
    editedLeaveId: number | null,
  ): Promise<number> {
    const subscription = await ownSubscriptionMeals(db, userId, subscriptionId);
    if (!subscription) {
      throw refusalField('subscription', 'leave.subscription_not_found');
    }
    const today = deps.today();
    const rows = await db
      .selectFrom('leaves')
      .select(['id', 'status', 'leave_start_date', 'leave_end_date'])
      .where('user_id', '=', userId)
      .where('status', 'in', ['PENDING', 'APPROVED'])
      .execute();
    const settings = await readSettings(db);
    const zone = deps.config.businessTz;
    // The same facts the web app's form works out from the list it shows and the policies.
    const verdict = validateLeaveRequest({
      ...dates,
      today,
      adjustedEndDate: subscription.adjusted_end_date,
      subscriptionStartDate: subscription.start_date,
      subscriptionStatus: subscriptionStatus(subscription, today),
      ...otherLeaveFacts(dates, rows, editedLeaveId),
      policy: settings.leaves,
      firstCutoff: firstMealCutoff(
        settings,
        parseMeals(subscription.included_meals),
        dates.startDate,
        (date, time) => instantInZone(date, time, zone),
      ),
      now: nowIso(deps),
    });
    if (!verdict.ok) throw refusalsError(verdict.refusals);
    return verdict.durationDays;
  }

  /** The plan and the customer a new leave's notices name. */
  async function describe(leave: Leave) {
    return subscriptionsWithCustomers(db)
      .select([
        'p.name as plan_name',
        'p.name_hi as plan_name_hi',
        'u.username',
        'u.first_name',
        'u.last_name',
        'u.phone',
      ])
      .where('s.id', '=', leave.subscription_id)
      .executeTakeFirstOrThrow();
  }

  /** "2026-11-24 to 2026-11-26 (3 days)" in the reader's language. */
  const period = (l: Localizer, leave: Leave) =>
    l.t('notice.leave.period', {
      start: l.date(leave.leave_start_date),
      end: l.date(leave.leave_end_date),
      days: leave.duration_days,
    });

  /** A new PENDING leave; the customer and every owner hear of it, once an hour per subscription. */
  async function create(
    user: User,
    request: { subscription: number; reason: string } & LeaveDates,
  ): Promise<Leave> {
    const durationDays = await checkRequest(user.id, request.subscription, request, null);
    const initial = getInitialSnapshot(leaveMachine, {
      startDate: request.startDate,
      endDate: request.endDate,
      adminComment: null,
    });
    const at = nowIso(deps);
    let leave: Leave;
    try {
      leave = await db
        .insertInto('leaves')
        .values({
          user_id: user.id,
          subscription_id: request.subscription,
          leave_start_date: initial.context.startDate,
          leave_end_date: initial.context.endDate,
          reason: request.reason.trim(),
          status: initial.value as LeaveStatus,
          duration_days: durationDays,
          requested_at: at,
          approved_at: null,
          rejected_at: null,
          admin_comment: initial.context.adminComment,
          decided_by: null,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      // The partial unique index: two requests raced past the pending check.
      if (isUniqueViolation(error)) throw refusalsError([leaveRequestRefusals.pendingExists]);
      throw error;
    }
    const about = await describe(leave);
    // A create/delete loop on one subscription announces a request once an hour, to both sides.
    const throttle = `subscription:${leave.subscription_id}`;
    await notifyCustomer(deps, leave.user_id, (l) => {
      const text = l.t('notice.leave_submitted.text', {
        period: period(l, leave),
        plan: l.text(about.plan_name, about.plan_name_hi),
      });
      return {
        type: 'leave_submitted',
        subject: l.t('notice.leave_submitted.subject'),
        text,
        sms: l.t('notice.sms_from_dabba', { text }),
        throttle,
      };
    });
    await notifyOwners(deps, (l) => ({
      type: 'leave_submitted_owner',
      throttle,
      about: leave.user_id,
      subject: l.t('notice.leave_submitted_owner.subject', { username: about.username }),
      text: l.t('notice.leave_submitted_owner.text', {
        name: fullName(about),
        username: about.username,
        phone: about.phone,
        period: period(l, leave),
        plan: l.text(about.plan_name, about.plan_name_hi),
        reason: leave.reason,
      }),
    }));
    return leave;
  }

  /** leave.update: new dates re-check every rule; only a PENDING leave changes. */
  async function update(
    user: User,
    leave: Leave,
    changes: Partial<LeaveDates> & { reason?: string },
  ): Promise<void> {
    const { context } = allowed(
      decide(leaveMachine, leaveFromApi(leave), {
        type: 'leave.update',
        ...(changes.startDate !== undefined ? { startDate: changes.startDate } : {}),
        ...(changes.endDate !== undefined ? { endDate: changes.endDate } : {}),
      }),
    );
    const durationDays = await checkRequest(user.id, leave.subscription_id, context, leave.id);
    const updated = await db
      .updateTable('leaves')
      .set({
        leave_start_date: context.startDate,
        leave_end_date: context.endDate,
        duration_days: durationDays,
        ...(changes.reason !== undefined ? { reason: changes.reason.trim() } : {}),
        updated_at: nowIso(deps),
      })
      .where('id', '=', leave.id)
      .where('status', '=', leave.status)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw refusalError(leaveRefusals.events['leave.update']);
  }

  /** leave.delete: the row goes, while it is still PENDING. */
  async function remove(leave: Leave): Promise<void> {
    allowed(decide(leaveMachine, leaveFromApi(leave), { type: 'leave.delete' }));
    const deleted = await db
      .deleteFrom('leaves')
      .where('id', '=', leave.id)
      .where('status', '=', leave.status)
      .returning('id')
      .executeTakeFirst();
    if (!deleted) throw refusalError(leaveRefusals.events['leave.delete']);
  }

  /**
   * Writes the owner's decision if the leave is still as read. The conditional UPDATE is the lock:
   * of 50 concurrent approvals only one gets a row back.
   */
  async function writeDecision(
    executor: Executor,
    leave: Leave,
    event: OwnerDecision,
    decidedBy: number | null,
  ): Promise<Leave | undefined> {
    const { next, context } = allowed(decide(leaveMachine, leaveFromApi(leave), event));
    const at = nowIso(deps);
    return executor
      .updateTable('leaves')
      .set({
        status: next as LeaveStatus,
        admin_comment: context.adminComment,
        decided_by: decidedBy,
        updated_at: at,
        ...(next === 'APPROVED' ? { approved_at: at } : { rejected_at: at }),
      })
      .where('id', '=', leave.id)
      .where('status', '=', leave.status)
      .returningAll()
      .executeTakeFirst();
  }

  async function notifyDecision(leave: Leave) {
    const type = leave.status === 'APPROVED' ? 'leave_approved' : 'leave_rejected';
    await notifyCustomer(deps, leave.user_id, (l) => {
      const decided = l.t(`notice.${type}.text`, { period: period(l, leave) });
      const text = leave.admin_comment
        ? `${decided} ${l.t('notice.comment', { comment: leave.admin_comment })}`
        : decided;
      return {
        type,
        subject: l.t(`notice.${type}.subject`),
        text,
        sms: l.t('notice.sms_from_dabba', { text }),
        whatsapp: {
          template: 'leave_decision' as const,
          parameters: [
            deps.config.business.name,
            period(l, leave),
            l.t(`notice.leave_decision.${type}`),
          ],
        },
      };
    });
  }

  /**
   * leave.approve or leave.reject by the owner. Approving extends the subscription through the
   * subscription machine (subscription.extend) in the same transaction.
   */
  async function decideByOwner(owner: User, leave: Leave, event: OwnerDecision): Promise<Leave> {
    const decided = await db.transaction().execute(async (trx) => {
      const written = await writeDecision(trx, leave, event, owner.id);
      if (!written) return undefined;
      await recordAudit(deps, trx, {
        actor: owner,
        action: event.type,
        objectType: 'leave',
        objectId: written.id,
        summary: {
          key: `audit.summary.${event.type}`,
          values: {
            id: written.id,
            from: { date: written.leave_start_date },
            to: { date: written.leave_end_date },
            days: written.duration_days,
            comment: auditPart(written.admin_comment, 'audit.part.comment', {
              comment: written.admin_comment ?? '',
            }),
          },
        },
        before: { status: leave.status, admin_comment: leave.admin_comment },
        after: { status: written.status, admin_comment: written.admin_comment },
      });
      // The policy may leave a short leave's days unextended: its meals are off all the same, and
      // it is approved only while its subscription is ACTIVE, as an extending one is.
      const { leaves: policy } = await readSettings(trx);
      const extending = leaveExtends(written.duration_days, policy);
      if (written.status === 'APPROVED' && !extending) {
        const subscription = await trx
          .selectFrom('subscriptions')
          .select(['status', 'adjusted_end_date'])
          .where('id', '=', written.subscription_id)
          .executeTakeFirstOrThrow();
        if (subscriptionStatus(subscription, deps.today()) !== 'ACTIVE') {
          throw refusalError(leaveRequestRefusals.approveSubscriptionNotActive);
        }
      }
      if (written.status === 'APPROVED' && extending) {
        try {
          await subscriptions.extend(trx, written.subscription_id, written.duration_days);
        } catch (error) {
          // The subscription machine refused to extend: say it in the leave's words.
          if (error instanceof ApiError && error.statusCode === 400) {
            throw refusalError(leaveRequestRefusals.approveSubscriptionNotActive);
          }
          throw error;
        }
        // Days its dates earned by skipped meals are the leave's now.
        await mealSkips.withdrawCredits(
          trx,
          written.subscription_id,
          written.leave_start_date,
          written.leave_end_date,
        );
      }
      return written;
    });
    // The race was lost: another request decided the leave after we read it.
    if (!decided) throw refusalError(leaveRefusals.events[event.type]);
    await notifyDecision(decided);
    return decided;
  }

  /** A cancelled subscription has no days left to take leave on: its PENDING leaves are rejected. */
  async function rejectPendingOf(trx: Executor, subscriptionId: number): Promise<void> {
    const pending = await trx
      .selectFrom('leaves')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .where('status', '=', 'PENDING')
      .execute();
    for (const leave of pending) {
      await writeDecision(
        trx,
        leave,
        { type: 'leave.reject', adminComment: CANCELLED_LEAVE_COMMENT },
        null,
      );
    }
  }

  return {
    create,
    update,
    remove,
    approve: (owner: User, leave: Leave, adminComment: string) =>
      decideByOwner(owner, leave, { type: 'leave.approve', adminComment }),
    reject: (owner: User, leave: Leave, adminComment: string) =>
      decideByOwner(owner, leave, { type: 'leave.reject', adminComment }),
    rejectPendingOf,
  };
}

// The dashboard's data and actions, without Ink: what is waiting for the owner, which keys each
// record allows (from the lifecycle machines), and what pressing them does.
import { FEEDBACK_OWNER_ACTIONS, feedbackFromApi, feedbackMachine } from '@machines/feedback';
import { LEAVE_OWNER_ACTIONS, leaveFromApi, leaveMachine } from '@machines/leave';
import { REFUND_OWNER_ACTIONS, refundFromApi, refundMachine } from '@machines/refund';
import { allowedEvents, decide } from '@machines/shared';
import { UserError } from '../errors';
import { day, rupees } from '../output';
import type { Api } from './api';
import { previewResponse, respondToFeedback, unansweredFeedback, type Feedback } from './feedback';
import { decideLeave, pendingLeaves, type Leave } from './leave';
import {
  actOnRefund,
  approvedRefunds,
  describePayout,
  pendingRefunds,
  type Refund,
  type RefundAction,
} from './refund';

export type Section = 'leaves' | 'refunds' | 'feedback';

type ActionName = 'approve' | 'reject' | 'mark_paid' | 'resolve' | 'close';

export interface ItemAction {
  readonly name: ActionName;
  readonly key: string;
  readonly label: string;
  /** What the text box asks for. */
  readonly prompt: string;
  /** A second text box, asked once the first is accepted, that may be left empty. */
  readonly optionalPrompt?: string;
}

export interface DashboardItem {
  readonly id: number;
  readonly title: string;
  readonly detail: string;
  readonly status: string;
  readonly actions: readonly ItemAction[];
}

export type DashboardData = Readonly<Record<Section, readonly DashboardItem[]>>;

export type ActResult = { readonly ok: boolean; readonly message: string };

export interface DashboardModel {
  load(): Promise<DashboardData>;
  /**
   * What the lifecycle machine says to `text` for the record as loaded, before anything is sent:
   * a refusal, or null. The dashboard asks it before moving on to an optional second text.
   */
  check(section: Section, id: number, action: ActionName, text: string): ActResult | null;
  /** `optional`: the second text (mark paid: the transfer's UTR), empty when skipped. */
  act(
    section: Section,
    id: number,
    action: ActionName,
    text: string,
    optional?: string,
  ): Promise<ActResult>;
}

const ACTIONS: Record<ActionName, Omit<ItemAction, 'name'>> = {
  approve: { key: 'a', label: 'approve', prompt: 'Admin comment' },
  reject: { key: 'r', label: 'reject', prompt: 'Admin comment' },
  // As the web's Mark as Paid dialog: the comment is required, the bank transfer's UTR is not.
  mark_paid: {
    key: 'p',
    label: 'mark paid',
    prompt: 'Admin comment',
    optionalPrompt: 'UTR (optional)',
  },
  resolve: { key: 's', label: 'resolve', prompt: 'Admin response' },
  close: { key: 'c', label: 'close', prompt: 'Admin response' },
};

const action = (name: ActionName): ItemAction => ({ name, ...ACTIONS[name] });

export function leaveItem(leave: Leave): DashboardItem {
  const allowed = allowedEvents(leaveMachine, leaveFromApi(leave));
  return {
    id: leave.id,
    title: `${leave.subscription_user.full_name || leave.subscription_user.username}: ${leave.leave_start_date} → ${leave.leave_end_date} (${leave.duration_days} d)`,
    detail: `${leave.subscription_plan} · ${leave.reason}`,
    status: leave.status,
    actions: LEAVE_OWNER_ACTIONS.filter((type) => allowed.includes(type)).map((type) =>
      action(type === 'leave.approve' ? 'approve' : 'reject'),
    ),
  };
}

export function refundItem(refund: Refund): DashboardItem {
  const allowed = allowedEvents(refundMachine, refundFromApi(refund));
  const names: Record<(typeof REFUND_OWNER_ACTIONS)[number], ActionName> = {
    'refund.approve': 'approve',
    'refund.reject': 'reject',
    'refund.mark_paid': 'mark_paid',
  };
  return {
    id: refund.id,
    title: `${refund.user.full_name || refund.user.username}: ${rupees(refund.amount)}`,
    detail: `${refund.subscription.plan_name} · requested ${day(refund.requested_at)} · pay to: ${describePayout(refund.payout)}`,
    status: refund.status,
    actions: REFUND_OWNER_ACTIONS.filter((type) => allowed.includes(type)).map((type) =>
      action(names[type]),
    ),
  };
}

function feedbackItem(feedback: Feedback): DashboardItem {
  const allowed = allowedEvents(feedbackMachine, feedbackFromApi(feedback));
  const canSetStatus = FEEDBACK_OWNER_ACTIONS.some(
    (type) => type === 'feedback.set_status' && allowed.includes(type),
  );
  return {
    id: feedback.id,
    title: `${feedback.user.username}: ${feedback.subject}`,
    detail: `${feedback.feedback_type.replace('_', ' ')} · ${feedback.priority} · ${feedback.rating}/5 · ${feedback.message}`,
    status: feedback.status,
    actions: canSetStatus ? [action('resolve'), action('close')] : [],
  };
}

const leaveDecision = (name: ActionName) => (name === 'approve' ? 'approve' : 'reject');
const refundAction = (name: ActionName): RefundAction =>
  name === 'mark_paid' ? 'mark_paid' : name === 'approve' ? 'approve' : 'reject';
const feedbackStatus = (name: ActionName) => (name === 'close' ? 'closed' : 'resolved');

export function dashboardModel(api: Api): DashboardModel {
  const records = {
    leaves: new Map<number, Leave>(),
    refunds: new Map<number, Refund>(),
    feedback: new Map<number, Feedback>(),
  };

  /** The machines' verdict on the action for the record as loaded; null when it is allowed. */
  function refusal(
    section: Section,
    id: number,
    name: ActionName,
    text: string,
    optional?: string,
  ): ActResult | null {
    const refused = (verdict: { ok: true } | { ok: false; message: string }) =>
      verdict.ok ? null : { ok: false, message: verdict.message };
    if (section === 'leaves') {
      const leave = records.leaves.get(id);
      return leave
        ? refused(
            decide(leaveMachine, leaveFromApi(leave), {
              type: `leave.${leaveDecision(name)}`,
              adminComment: text,
            }),
          )
        : null;
    }
    if (section === 'refunds') {
      const refund = records.refunds.get(id);
      const action = refundAction(name);
      return refund
        ? refused(
            decide(
              refundMachine,
              refundFromApi(refund),
              action === 'mark_paid'
                ? { type: 'refund.mark_paid', adminComment: text, utr: optional ?? null }
                : { type: `refund.${action}`, adminComment: text },
            ),
          )
        : null;
    }
    const feedback = records.feedback.get(id);
    return feedback ? refused(previewResponse(feedback, text, feedbackStatus(name))) : null;
  }

  return {
    async load() {
      const [leaves, pending, approved, feedback] = await Promise.all([
        pendingLeaves(api),
        pendingRefunds(api),
        approvedRefunds(api),
        unansweredFeedback(api),
      ]);
      const refunds = [...pending, ...approved];
      records.leaves = new Map(leaves.map((leave) => [leave.id, leave]));
      records.refunds = new Map(refunds.map((refund) => [refund.id, refund]));
      records.feedback = new Map(feedback.map((item) => [item.id, item]));
      return {
        leaves: leaves.map(leaveItem),
        refunds: refunds.map(refundItem),
        feedback: feedback.map(feedbackItem),
      };
    },

    check: (section, id, name, text) => refusal(section, id, name, text),

    async act(section, id, name, text, optional) {
      const refused = refusal(section, id, name, text, optional);
      if (refused) return refused;
      try {
        if (section === 'leaves') {
          const decision = leaveDecision(name);
          await decideLeave(api, id, decision, text);
          // The web app's success notices, word for word.
          return {
            ok: true,
            message: decision === 'approve' ? 'Leave Approved' : 'Leave Rejected',
          };
        }
        if (section === 'refunds') {
          const action = refundAction(name);
          const utr = optional?.trim();
          await actOnRefund(api, id, action, text, action === 'mark_paid' && utr ? utr : undefined);
          const notices = {
            approve: 'Refund Approved',
            reject: 'Refund Rejected',
            mark_paid: 'Refund Marked as Paid',
          } as const;
          return { ok: true, message: notices[action] };
        }
        const status = feedbackStatus(name);
        await respondToFeedback(api, id, text, status);
        return { ok: true, message: `Updated: Response saved and status marked as ${status}.` };
      } catch (error) {
        if (error instanceof UserError) return { ok: false, message: error.message };
        throw error;
      }
    },
  };
}

// Every operation's handler, by operationId, and every scheduled job.
import type { AppContext } from './context.js';
import type { Handlers } from './http.js';
import { foundationJobs, type Job } from './services/scheduler.js';
import { accountJobs } from './lifecycles/onboarding/onboarding.jobs.js';
import { commerceJobs } from './lifecycles/subscription/subscription.jobs.js';
import { accountHandlers } from './lifecycles/onboarding/onboarding.handlers.js';
import { adjustmentHandlers } from './lifecycles/subscription/adjustment.handlers.js';
import { auditHandlers } from './owner/audit/audit.handlers.js';
import { backupHandlers } from './owner/backup/backup.handlers.js';
import { feedbackAdminHandlers } from './lifecycles/feedback/feedback-admin.handlers.js';
import { feedbackHandlers } from './lifecycles/feedback/feedback.handlers.js';
import { kitchenHandlers } from './owner/kitchen/kitchen.handlers.js';
import { leaveHandlers } from './lifecycles/leave/leave.handlers.js';
import { metaHandlers } from './resources/meta/meta.handlers.js';
import { notificationHandlers } from './resources/notifications/notification.handlers.js';
import { careJobs, ownerHandlers } from './owner/users/users.handlers.js';
import { ownerHomeHandlers } from './owner/home/home.handlers.js';
import { paymentAdminHandlers } from './lifecycles/payment/payment-admin.handlers.js';
import { paymentWebhookHandlers } from './lifecycles/payment/payment-webhook.handlers.js';
import { paymentHandlers } from './lifecycles/payment/payment.handlers.js';
import { passwordHandlers } from './resources/auth/password.handlers.js';
import { sessionHandlers } from './resources/auth/session.handlers.js';
import { planHandlers } from './resources/plans/plan.handlers.js';
import { refundHandlers } from './lifecycles/refund/refund.handlers.js';
import { subscriptionHandlers } from './lifecycles/subscription/subscription.handlers.js';

export function routeHandlers(ctx: AppContext): Handlers {
  return {
    ...metaHandlers(ctx),
    ...accountHandlers(ctx),
    ...sessionHandlers(ctx),
    ...passwordHandlers(ctx),
    ...notificationHandlers(ctx),
    ...leaveHandlers(ctx),
    ...feedbackHandlers(ctx),
    ...feedbackAdminHandlers(ctx),
    ...ownerHandlers(ctx),
    ...ownerHomeHandlers(ctx),
    ...backupHandlers(ctx),
    ...kitchenHandlers(ctx),
    ...planHandlers(ctx),
    ...subscriptionHandlers(ctx),
    ...adjustmentHandlers(ctx),
    ...auditHandlers(ctx),
    ...paymentHandlers(ctx),
    ...paymentWebhookHandlers(ctx),
    ...paymentAdminHandlers(ctx),
    ...refundHandlers(ctx),
  };
}

export const allJobs: Job[] = [...foundationJobs, ...accountJobs, ...commerceJobs, ...careJobs];

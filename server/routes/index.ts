// Every operation's handler, by operationId, and every scheduled job.
import type { AppContext } from '../context.js';
import type { Handlers } from '../http.js';
import { foundationJobs, type Job } from '../services/scheduler.js';
import { accountJobs } from '../jobs/accounts.js';
import { commerceJobs } from '../jobs/commerce.js';
import { accountHandlers } from './accounts.js';
import { adjustmentHandlers } from './adjustments.js';
import { auditHandlers } from './audit.js';
import { backupHandlers } from './backup.js';
import { feedbackAdminHandlers } from './feedback-admin.js';
import { feedbackHandlers } from './feedback.js';
import { kitchenHandlers } from './kitchen.js';
import { leaveHandlers } from './leaves.js';
import { metaHandlers } from './meta.js';
import { notificationHandlers } from './notifications.js';
import { careJobs, ownerHandlers } from './owner.js';
import { ownerHomeHandlers } from './owner-home.js';
import { paymentAdminHandlers } from './payments-admin.js';
import { paymentWebhookHandlers } from './payments-webhook.js';
import { paymentHandlers } from './payments.js';
import { passwordHandlers } from './passwords.js';
import { sessionHandlers } from './sessions.js';
import { planHandlers } from './plans.js';
import { refundHandlers } from './refunds.js';
import { subscriptionHandlers } from './subscriptions.js';

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

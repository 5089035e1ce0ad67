// Every operation's handler, by operationId, and every scheduled job.
import type { AppContext } from '../context.js';
import type { Handlers } from '../http.js';
import { foundationJobs, type Job } from '../services/scheduler.js';
import { commerceJobs } from '../jobs/commerce.js';
import { accountHandlers } from './accounts.js';
import { feedbackAdminHandlers } from './feedback-admin.js';
import { feedbackHandlers } from './feedback.js';
import { kitchenHandlers } from './kitchen.js';
import { leaveHandlers } from './leaves.js';
import { metaHandlers } from './meta.js';
import { notificationHandlers } from './notifications.js';
import { careJobs, ownerHandlers } from './owner.js';
import { paymentHandlers } from './payments.js';
import { planHandlers } from './plans.js';
import { refundHandlers } from './refunds.js';
import { subscriptionHandlers } from './subscriptions.js';

export function routeHandlers(ctx: AppContext): Handlers {
  return {
    ...metaHandlers(ctx),
    ...accountHandlers(ctx),
    ...notificationHandlers(ctx),
    ...leaveHandlers(ctx),
    ...feedbackHandlers(ctx),
    ...feedbackAdminHandlers(ctx),
    ...ownerHandlers(ctx),
    ...kitchenHandlers(ctx),
    ...planHandlers(ctx),
    ...subscriptionHandlers(ctx),
    ...paymentHandlers(ctx),
    ...refundHandlers(ctx),
  };
}

export const allJobs: Job[] = [...foundationJobs, ...commerceJobs, ...careJobs];

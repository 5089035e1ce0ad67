// Every operation's handler, by operationId, and every scheduled job.
import type { AppContext } from '../context.js';
import type { Handlers } from '../http.js';
import { foundationJobs, type Job } from '../services/scheduler.js';
import { accountHandlers } from './accounts.js';
import { metaHandlers } from './meta.js';
import { notificationHandlers } from './notifications.js';

export function routeHandlers(ctx: AppContext): Handlers {
  return {
    ...metaHandlers(ctx),
    ...accountHandlers(ctx),
    ...notificationHandlers(ctx),
  };
}

export const allJobs: Job[] = [...foundationJobs];

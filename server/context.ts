// The services every route handler shares, built once per app.
import type { FastifyBaseLogger } from 'fastify';
import type { AttachmentStore } from './platform/attachments/index.js';
import type { Config } from './config.js';
import type { Db } from './platform/db/index.js';
import { createStores, type Stores } from './lifecycles/index.js';
import type { BackgroundTasks } from './services/background.js';
import type { LoginThrottle } from './services/login-throttle.js';
import type { Notifier } from './services/notifier.js';
import type { RateLimiter } from './services/rate-limit.js';
import { dateInZone, type Clock } from './platform/time.js';

export interface AppContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  notifier: Notifier;
  rateLimiter: RateLimiter;
  loginThrottle: LoginThrottle;
  /** Where feedback photos are kept (ATTACHMENT_STORE): local disk, the database or S3. */
  attachments: AttachmentStore;
  /** Work done after the answer (mail, SMS) whose timing must not show in the response. */
  background: BackgroundTasks;
  /** Today's calendar date in the business time zone. */
  today(): string;
  /** The lifecycle stores: every status change is written through them. */
  stores: Stores;
}

export function createContext(parts: Omit<AppContext, 'today' | 'stores'>): AppContext {
  // Every request asks for today; the answer can only change when the minute does.
  let todayMinute = -1;
  let todayDate = '';
  const today = () => {
    const now = parts.clock.now();
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== todayMinute) {
      todayDate = dateInZone(now, parts.config.businessTz);
      todayMinute = minute;
    }
    return todayDate;
  };
  const services = { ...parts, today };
  return { ...services, stores: createStores(services) };
}

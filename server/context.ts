// The services every route handler shares, built once per app.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import type { Notifier } from './services/notifier.js';
import type { RateLimiter } from './services/rate-limit.js';
import { dateInZone, type Clock } from './time.js';

export interface AppContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  notifier: Notifier;
  rateLimiter: RateLimiter;
  /** Today's calendar date in the business time zone. */
  today(): string;
}

export function createContext(parts: Omit<AppContext, 'today'>): AppContext {
  return {
    ...parts,
    today: () => dateInZone(parts.clock.now(), parts.config.businessTz),
  };
}

// What every store shares (each lifecycle's, and the plans'): the services it needs, and how a
// machine's refusal becomes the 400 the API answers. A store is the only place that writes its
// lifecycle's status.
import type { FastifyBaseLogger } from 'fastify';
import type { AnyStateMachine } from 'xstate';
import type { Decision } from '@machines/shared';
import type { AttachmentStore } from '@server/platform/attachments/index.js';
import type { Config } from '@server/config.js';
import type { Db } from '@server/platform/db/index.js';
import { refusalError } from '@server/errors.js';
import type { Notifier } from '@server/services/notifier.js';
import type { Clock } from '@server/platform/time.js';

export interface StoreDeps {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  notifier: Notifier;
  /** Where feedback photos are kept. */
  attachments: AttachmentStore;
  /** Today's calendar date in the business time zone. */
  today(): string;
}

export type { Executor } from '@server/platform/db/index.js';

/** The machine's allowed transition, or the 400 that explains its refusal. */
export function allowed<TMachine extends AnyStateMachine>(decision: Decision<TMachine>) {
  if (!decision.ok) throw refusalError(decision);
  return decision;
}

export const nowIso = (deps: Pick<StoreDeps, 'clock'>) => deps.clock.now().toISOString();

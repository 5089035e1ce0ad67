// Work that runs after the answer has gone out, so a request's timing never depends on it (a
// password-reset mail for a registered address, an OTP for a pending phone). Failures are logged and
// swallowed; the app's close waits for what is still in flight, for a bounded time.
import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundTasks {
  /** Starts `work` at once and keeps track of it until it settles; never throws. */
  run(name: string, work: () => Promise<unknown>): void;
  /** Resolves when nothing is in flight, including work started by work. */
  settle(): Promise<void>;
  /**
   * Waits for in-flight work, at most `timeoutMs`, and returns the names of the tasks it gave up on
   * (logged as a warning, so a shutdown never drops mail silently).
   */
  drain(timeoutMs: number): Promise<string[]>;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const inFlight = new Map<Promise<void>, string>();

  async function settle() {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight.keys()]);
  }

  return {
    run(name, work) {
      const task = (async () => {
        try {
          await work();
        } catch (error) {
          log.error({ task: name, err: error }, 'background task failed');
        }
      })();
      inFlight.set(task, name);
      void task.finally(() => inFlight.delete(task));
    },
    settle,
    async drain(timeoutMs) {
      if (inFlight.size === 0) return [];
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      try {
        if ((await Promise.race([settle(), timedOut])) !== 'timeout') return [];
      } finally {
        clearTimeout(timer);
      }
      const abandoned = [...inFlight.values()];
      log.warn({ tasks: abandoned }, 'closing with background work still in flight');
      return abandoned;
    },
  };
}

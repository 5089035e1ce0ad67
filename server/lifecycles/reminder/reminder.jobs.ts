// The reminder run: every ten minutes (one instance per ten-minute period, by the job_runs claim),
// so a reminder held back by quiet hours goes out soon after they end. Each reminder's own claim is
// its key in reminder_sends, so overlapping runs on several instances still send it once.
import type { AppContext } from '@server/context.js';
import type { Job } from '@server/services/scheduler.js';

/** The ten-minute period of now: 2026-11-27T20:1. */
const tenMinutes = (ctx: AppContext) => ctx.clock.now().toISOString().slice(0, 15);

export const sendReminders = (ctx: AppContext) => ctx.stores.reminders.run();

export const reminderJobs: Job[] = [
  { name: 'send-reminders', runKey: tenMinutes, run: sendReminders },
];

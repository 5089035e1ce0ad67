// The owner's reminders from the terminal: those the schedule claimed (sent, queued, skipped) and a
// dry run of what the next scheduler run would send. The server schedules and sends; this asks.
import type { components } from '@generated/api';
import type { Api } from './api';
import { unwrap } from './api';

export type ReminderSend = components['schemas']['ReminderSend'];
export type ReminderPreview = components['schemas']['ReminderPreview'];
export type ReminderQuery = {
  status?: 'queued' | 'sent' | 'skipped';
  customer?: number;
};

export const listReminders = async (api: Api, query: ReminderQuery): Promise<ReminderSend[]> =>
  unwrap(
    api,
    api.client.GET('/owner/reminders/', { params: { query: { ...query, limit: 500 } } }),
    'The reminders',
  );

export const previewReminders = (api: Api): Promise<ReminderPreview> =>
  unwrap(api, api.client.GET('/owner/reminders/next/'), "The next run's reminders");

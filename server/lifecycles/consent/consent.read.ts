// The consents as read: a customer's newest grant per channel and purpose, and the one question the
// notifier asks before a message goes out (hasConsent).
import {
  CONSENT_CHANNELS,
  CONSENT_PURPOSES,
  consentStatusOf,
  type ConsentChannel,
  type ConsentPurpose,
} from '@machines/consent';
import type { Selectable } from 'kysely';
import type { components } from '../../../generated/api';
import type { Executor } from '@server/lifecycles/store.js';
import type { ConsentsTable } from '@server/platform/db/schema.js';

export type ConsentRow = Selectable<ConsentsTable>;
export type ConsentBody = components['schemas']['Consent'];

/** Every grant of one customer's channel and purpose, open or withdrawn. */
const grantsOf = (db: Executor, userId: number, channel: ConsentChannel, purpose: ConsentPurpose) =>
  db
    .selectFrom('consents')
    .where('user_id', '=', userId)
    .where('channel', '=', channel)
    .where('purpose', '=', purpose);

/** Whether the user has an open grant for the channel and purpose: messages of it may be sent. */
export async function hasConsent(
  db: Executor,
  userId: number,
  channel: ConsentChannel,
  purpose: ConsentPurpose,
): Promise<boolean> {
  const open = await grantsOf(db, userId, channel, purpose)
    .select('id')
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return open !== undefined;
}

/** The newest grant of one channel and purpose, if consent was ever given. */
export async function newestConsent(
  db: Executor,
  userId: number,
  channel: ConsentChannel,
  purpose: ConsentPurpose,
): Promise<ConsentRow | undefined> {
  return grantsOf(db, userId, channel, purpose)
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

function consentBody(
  channel: ConsentChannel,
  purpose: ConsentPurpose,
  row: ConsentRow | undefined,
): ConsentBody {
  return {
    channel,
    purpose,
    status: consentStatusOf({
      granted_at: row?.granted_at ?? null,
      withdrawn_at: row?.withdrawn_at ?? null,
    }),
    granted_at: row?.granted_at ?? null,
    method: row?.grant_method ?? null,
    recorded_by: row?.recorded_by ?? null,
    notice_version: row?.notice_version ?? null,
    withdrawn_at: row?.withdrawn_at ?? null,
    withdraw_method: row?.withdraw_method ?? null,
  };
}

/** Every channel and purpose of a customer, in a fixed order (channel, then purpose). */
export async function consentsOf(db: Executor, userId: number): Promise<ConsentBody[]> {
  const rows = await db
    .selectFrom('consents')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  const list: ConsentBody[] = [];
  for (const channel of CONSENT_CHANNELS) {
    for (const purpose of CONSENT_PURPOSES) {
      const newest = rows.find((row) => row.channel === channel && row.purpose === purpose);
      list.push(consentBody(channel, purpose, newest));
    }
  }
  return list;
}

// The staff as the owner reads them: each member's lifecycle facts with their account's name,
// phone and last sign-in. Other read models may import this; it never writes.
import { sql, type Kysely } from 'kysely';
import type { Database, StaffMemberRow } from '@server/platform/db/schema.js';

export type StaffMemberFacts = StaffMemberRow & {
  username: string;
  first_name: string;
  last_name: string;
  phone: string;
  last_login: string | null;
};

function staffSelect(db: Kysely<Database>) {
  return db
    .selectFrom('staff_members as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .select(['u.username', 'u.first_name', 'u.last_name', 'u.phone', 'u.last_login']);
}

export function staffMemberById(
  db: Kysely<Database>,
  userId: number,
): Promise<StaffMemberFacts | undefined> {
  return staffSelect(db).where('s.user_id', '=', userId).executeTakeFirst();
}

/** Every member, deactivated ones too: active, then invited, then deactivated; by name within. */
export function listStaff(db: Kysely<Database>): Promise<StaffMemberFacts[]> {
  return staffSelect(db)
    .orderBy(sql`case s.status when 'active' then 0 when 'invited' then 1 else 2 end`)
    .orderBy(sql`lower(u.first_name)`)
    .orderBy(sql`lower(u.last_name)`)
    .orderBy('s.user_id')
    .execute();
}

// The User of openapi.yaml, with whichever profile the account has.
import type { Kysely } from 'kysely';
import type { Database, User } from '@server/platform/db/schema.js';
import { compiledOnce, placeholder } from '@server/platform/db/compiled.js';
import { fullName } from '@server/platform/format.js';
import type { OwnProfiles } from '@server/resources/auth/sessions.js';

export async function loadProfiles(db: Kysely<Database>, userIds: number[]) {
  if (userIds.length === 0) return { students: new Map(), regulars: new Map(), owners: new Map() };
  const [students, regulars, owners] = await Promise.all([
    db.selectFrom('student_profiles').selectAll().where('user_id', 'in', userIds).execute(),
    db.selectFrom('regular_profiles').selectAll().where('user_id', 'in', userIds).execute(),
    db.selectFrom('mess_owner_profiles').selectAll().where('user_id', 'in', userIds).execute(),
  ]);
  return {
    students: new Map(students.map((row) => [row.user_id, row])),
    regulars: new Map(regulars.map((row) => [row.user_id, row])),
    owners: new Map(owners.map((row) => [row.user_id, row])),
  };
}

type Profiles = Awaited<ReturnType<typeof loadProfiles>>;

export function userBody(user: User, profiles: Profiles) {
  const student = profiles.students.get(user.id);
  const regular = profiles.regulars.get(user.id);
  const owner = profiles.owners.get(user.id);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone,
    user_type: user.user_type,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: fullName(user),
    status: user.status,
    is_active: user.is_active,
    phone_verified: user.phone_verified,
    last_login: user.last_login,
    date_joined: user.date_joined,
    is_tiffin_user: user.is_tiffin_user,
    is_mess_user: user.is_mess_user,
    preferred_delivery_time: user.preferred_delivery_time,
    language: user.language,
    diet: user.diet ?? null,
    student_profile: student
      ? {
          institute: student.institute,
          student_id: student.student_id,
          hostel: student.hostel,
          year: student.year,
          course: student.course,
        }
      : null,
    regular_profile: regular
      ? {
          address: regular.address,
          landmark: regular.landmark,
          pincode: regular.pincode,
          city: regular.city,
        }
      : null,
    mess_owner_profile: owner
      ? {
          mess_name: owner.mess_name,
          business_address: owner.business_address,
          business_phone: owner.business_phone,
          business_email: owner.business_email,
          gst_number: owner.gst_number,
        }
      : null,
  };
}

const byUser = { userId: placeholder.number(0) };

/**
 * Each account type's profile: where userBody keeps it, and its lookup by user, compiled once
 * (serializeUser runs on every profile read).
 */
const PROFILE_OF = {
  student: {
    key: 'students',
    query: compiledOnce(byUser, (db, { userId }) =>
      db.selectFrom('student_profiles').selectAll().where('user_id', '=', userId),
    ),
  },
  regular: {
    key: 'regulars',
    query: compiledOnce(byUser, (db, { userId }) =>
      db.selectFrom('regular_profiles').selectAll().where('user_id', '=', userId),
    ),
  },
  mess_owner: {
    key: 'owners',
    query: compiledOnce(byUser, (db, { userId }) =>
      db.selectFrom('mess_owner_profiles').selectAll().where('user_id', '=', userId),
    ),
  },
} as const;

/**
 * One user, reading only the profile table of the account's type (one query, not three), or none
 * when the session lookup already read the user's profile rows (`known`).
 */
export async function serializeUser(db: Kysely<Database>, user: User, known?: OwnProfiles) {
  const profiles: Profiles = { students: new Map(), regulars: new Map(), owners: new Map() };
  if (known) {
    if (known.student) profiles.students.set(user.id, known.student);
    if (known.regular) profiles.regulars.set(user.id, known.regular);
    if (known.owner) profiles.owners.set(user.id, known.owner);
    return userBody(user, profiles);
  }
  // Staff accounts (manager, kitchen, delivery) have no profile table: the user row is all.
  const profile = (
    PROFILE_OF as Partial<Record<string, (typeof PROFILE_OF)[keyof typeof PROFILE_OF]>>
  )[user.user_type];
  if (!profile) return userBody(user, profiles);
  const { key, query } = profile;
  const [row] = (await db.executeQuery(query(db, { userId: user.id }))).rows;
  if (row) (profiles[key] as Map<number, typeof row>).set(user.id, row);
  return userBody(user, profiles);
}

// A rider's run sheet reads the customers its route's areas name (issue 22): by a regular
// customer's pincode, or a student's institute without case, each found through an index rather
// than by reading every subscription of the day (18,000 at the lunch-peak bench's size).
import { sql, type Kysely } from 'kysely';
import { index } from './columns.js';

export function deliveryAreaIndexesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await index(db, 'regular_profiles_pincode', 'regular_profiles', ['pincode']);
      await db.schema
        .createIndex('student_profiles_institute_lower')
        .on('student_profiles')
        .expression(sql`lower(institute)`)
        .execute();
    },
  };
}

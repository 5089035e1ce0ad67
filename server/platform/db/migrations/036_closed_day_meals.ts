// The meals a SCHEDULED closure closes, one row each (issue 35): the whole day claims breakfast,
// lunch and dinner of its date, one meal only itself. The primary key (closed_date, meal) is how
// the database itself refuses overlapping closures of one date on both engines: a whole day and a
// lunch of it, sent together, each passed the store's check of the other on PostgreSQL (neither saw
// the other uncommitted) and both were kept, moving lunch plans two days. The store writes a
// closure's rows in the transaction that makes it and deletes them in the one that removes it.
import { sql, type Kysely } from 'kysely';
import { index, ownedBy, tablePerMeal } from './columns.js';

export function closedDayMealsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tablePerMeal(db, 'closed_day_meals', 'closed_date')
        .addColumn('closed_day_id', 'integer', ownedBy('closed_days.id'))
        .execute();
      await index(db, 'closed_day_meals_closure', 'closed_day_meals', ['closed_day_id']);
      // The closures scheduled now, the oldest first: where two already overlap (made before this
      // table), the first keeps the meals and the other claims none, so removing it frees nothing.
      await sql`
        insert into closed_day_meals (closed_date, meal, closed_day_id)
        select c.closed_date, m.meal, c.id
        from closed_days c
        join (select 'breakfast' as meal union all select 'lunch' union all select 'dinner') m
          on c.meal is null or c.meal = m.meal
        where c.status = 'SCHEDULED'
        order by c.id
        on conflict do nothing`.execute(db);
    },
  };
}

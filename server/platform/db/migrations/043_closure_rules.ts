// Closure rules (issue 37): "every Sunday dinner", a closure the kitchen repeats each week
// (machines/closure-rule: ACTIVE → WITHDRAWN). A rule is applied to each date as it comes: the date
// is closed as a closed day of its own (closed_days, with its exactly-once extension batch), which
// names the rule in closed_days.rule_id. A unique index keeps one closure per rule, date and meal
// whatever its status, so a rule closes each of its dates once: a creation and the scheduler
// closing the same date make one closure, and a date the owner opened again is not closed again.
// Another unique index keeps one ACTIVE rule per weekdays, meals and start date, so a doubled
// request makes one rule.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { actStamp, notNull, oneOf, tableWithId } from './columns.js';

export function closureRulesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tableWithId(db, 'closure_rules', dialect)
        // Weekday names, Monday first, comma-separated: "saturday,sunday".
        .addColumn('weekdays', 'text', notNull)
        // Meals in the day's order, comma-separated: "dinner", "breakfast,lunch,dinner".
        .addColumn('meals', 'text', notNull)
        .addColumn('start_date', 'text', notNull)
        .addColumn('end_date', 'text')
        .addColumn('reason', 'text', notNull)
        .addColumn('status', 'text', oneOf('status', ['ACTIVE', 'WITHDRAWN']))
        .$call(actStamp('created', 'required'))
        .$call(actStamp('withdrawn', 'optional'))
        .execute();
      await sql`create unique index closure_rules_active on closure_rules (weekdays, meals, start_date) where status = 'ACTIVE'`.execute(
        db,
      );
      await db.schema
        .alterTable('closed_days')
        .addColumn('rule_id', 'integer', (c) => c.references('closure_rules.id'))
        .execute();
      // One closure per rule, date and meal (the whole day is 'day'), removed ones included.
      await sql`create unique index closed_days_rule_date on closed_days (rule_id, closed_date, coalesce(meal, 'day')) where rule_id is not null`.execute(
        db,
      );
    },
  };
}

// What other folders read of closure rules: the rules, newest first, each with the closures it
// made (lifecycles/closed-day's read side), for the owner's list and the rule store's answers.
import type { Kysely } from 'kysely';
import type { Database } from '@server/platform/db/schema.js';
import { ruleClosures } from '@server/lifecycles/closed-day/closed-day.read.js';
import type { ClosedDayRow } from '@server/lifecycles/closed-day/closed-day.read.js';
import type { ClosureRule } from '@server/platform/db/schema.js';

/** A rule with the closures it made, the earliest date first. */
export interface ClosureRuleRow extends ClosureRule {
  readonly closures: readonly ClosedDayRow[];
}

async function withClosures(
  db: Kysely<Database>,
  rules: readonly ClosureRule[],
): Promise<ClosureRuleRow[]> {
  const closures = await ruleClosures(
    db,
    rules.map((rule) => rule.id),
  );
  return rules.map((rule) => ({
    ...rule,
    closures: closures.filter((closure) => closure.rule_id === rule.id),
  }));
}

/** Every rule, the newest first. */
export async function closureRuleRows(db: Kysely<Database>): Promise<ClosureRuleRow[]> {
  const rules = await db.selectFrom('closure_rules').selectAll().orderBy('id', 'desc').execute();
  return withClosures(db, rules);
}

export async function readClosureRule(
  db: Kysely<Database>,
  id: number,
): Promise<ClosureRuleRow | undefined> {
  const rule = await db
    .selectFrom('closure_rules')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return rule ? (await withClosures(db, [rule]))[0] : undefined;
}

// One page of a list operation: the rows asked for, with the whole count in X-Total-Count.
import type { FastifyReply } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';

export const DEFAULT_PAGE_SIZE = 50;

export interface PageQuery {
  limit?: number;
  offset?: number;
}

/**
 * Runs `base` twice: once as `count(*)` (its selections dropped) for the X-Total-Count header,
 * once ordered by `orderBy` and cut to `limit` rows from `offset`.
 */
export async function page<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  reply: FastifyReply,
  { limit, offset }: PageQuery,
  orderBy: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
): Promise<O[]> {
  const [total, rows] = await Promise.all([
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      // TypeScript cannot resolve Kysely's selection type over a generic DB; this is that type.
      .$castTo<{ count: number }>()
      .executeTakeFirstOrThrow(),
    orderBy(base)
      .limit(limit ?? DEFAULT_PAGE_SIZE)
      .offset(offset ?? 0)
      .execute(),
  ]);
  reply.header('X-Total-Count', String(Number(total.count)));
  return rows;
}

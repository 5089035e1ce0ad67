// Case-insensitive substring search with the user's text taken literally, on both databases.
import { sql, type RawBuilder } from 'kysely';

/** A LIKE pattern matching `text` anywhere, with % _ and \ escaped (use with ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `text` inside any of `columns`: lower(col) LIKE '%text%'. */
export function searchCondition(columns: Array<string | RawBuilder<unknown>>, text: string) {
  const pattern = containsPattern(text);
  return sql<boolean>`(${sql.join(
    columns.map(
      (column) =>
        sql`lower(${typeof column === 'string' ? sql.ref(column) : column}) like ${pattern} escape '\\'`,
    ),
    sql` or `,
  )})`;
}

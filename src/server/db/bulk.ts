/**
 * Fast multi-row INSERT for bulk loads (seeding): the rows travel as ONE JSON parameter and
 * json_populate_recordset() turns them into table rows. Much cheaper than thousands of bind
 * parameters, and the same SQL on PGlite and PostgreSQL.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * INSERT statement for `rows` (objects keyed like the Drizzle table: camelCase property names).
 * Columns missing from the first row get their default; generated columns are skipped.
 */
export function jsonInsert<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(
    ([key, column]) => rows.length > 0 && key in (rows[0] as object) && !column.generated,
  );
  const payload = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = (row as Record<string, unknown>)[key];
      out[column.name] = value instanceof Date ? value.toISOString() : (value ?? null);
    }
    return out;
  });
  const names = sql.join(
    columns.map(([, c]) => sql.identifier(c.name)),
    sql`, `,
  );
  const recordType = sql.identifier(getTableName(table));
  return sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${recordType}, ${JSON.stringify(payload)}::json)`;
}

/**
 * Rows read as JSON inside a larger statement, so a page loads what several tables hold in one
 * round trip (decision 0074). The domain that owns a table writes the fragment (`jsonOf` of its
 * columns, in a subquery of its own) and decodes what comes back (`fromJson`), so the caller
 * composes fragments without knowing the tables:
 *
 *   sql`select (select ${jsonOf(cols)} from t where ...) as one,
 *              (select coalesce(json_agg(${jsonOf(cols)} order by ...), '[]') from t ...) as many`
 *
 * Each value is turned back into what Drizzle would have answered for the column (a Date for a
 * timestamp, a number for a bigint), through the column's own mapping.
 */
import { sql, type Column, type SQL } from 'drizzle-orm';
import { queryRows, type Queryable } from './client';

export type Selection = Record<string, Column>;

/** The row Drizzle answers for a selection: each column's type, null when it may be null. */
export type RowOf<S extends Selection> = {
  [K in keyof S]: S[K]['_']['notNull'] extends true ? S[K]['_']['data'] : S[K]['_']['data'] | null;
};

/** json_build_object('key', column, ...) of a selection (at most 50 columns). */
export function jsonOf(selection: Selection): SQL {
  const parts = Object.entries(selection).map(([key, column]) => {
    if (!/^\w+$/.test(key)) throw new Error(`not a selection key: ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${column}`;
  });
  return sql`json_build_object(${sql.join(parts, sql`, `)})`;
}

/** A row of `jsonOf(selection)` as Drizzle would have answered it. */
export function fromJson<S extends Selection>(selection: S, value: unknown): RowOf<S> {
  const object = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(selection)) {
    const raw = object[key];
    out[key] = raw === null || raw === undefined ? null : column.mapFromDriverValue(raw);
  }
  return out as RowOf<S>;
}

/** The rows of a json_agg of `jsonOf(selection)` (null or '[]' when there are none). */
export function manyFromJson<S extends Selection>(selection: S, value: unknown): RowOf<S>[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as unknown[] | null;
  return (list ?? []).map((row) => fromJson(selection, row));
}

/** One value of a composed statement: its expression and how its value is read back. */
export interface Part<V> {
  sql: SQL;
  decode(value: unknown): V;
}

/** `(select coalesce(json_agg(<selection> order by ...), '[]') from <table> where ...)` */
export function manyPart<S extends Selection>(
  selection: S,
  from: SQL,
  order: SQL[],
  limit?: number,
): Part<RowOf<S>[]> {
  // A limit applies before the aggregate: the rows are picked (and kept in order) in a subquery.
  const inner = sql`select ${jsonOf(selection)} as j, row_number() over (order by ${sql.join(order, sql`, `)}) as o from ${from}`;
  const limited =
    limit === undefined
      ? inner
      : sql`${inner} order by ${sql.join(order, sql`, `)} limit ${sql.raw(String(Math.floor(limit)))}`;
  return {
    sql: sql`(select coalesce(json_agg(r.j order by r.o), '[]'::json) from (${limited}) r)`,
    decode: (value) => manyFromJson(selection, value),
  };
}

/** `(select <selection> from <table> where ... limit 1)`: the row, or null. */
export function onePart<S extends Selection>(selection: S, from: SQL): Part<RowOf<S> | null> {
  return {
    sql: sql`(select ${jsonOf(selection)} from ${from} limit 1)`,
    decode: (value) => (value === null || value === undefined ? null : fromJson(selection, value)),
  };
}

/** A number the statement counts (count(*) of a subquery). */
export function countPart(from: SQL): Part<number> {
  return { sql: sql`(select count(*)::int from ${from})`, decode: (value) => Number(value ?? 0) };
}

/** Parts read in one statement: `select <part> as p0, <part> as p1, ...`. */
export async function readParts<P extends Record<string, Part<unknown>>>(
  db: Queryable,
  parts: P,
): Promise<{ [K in keyof P]: P[K] extends Part<infer V> ? V : never }> {
  const keys = Object.keys(parts);
  const columns = keys.map((k, i) => sql`${parts[k]!.sql} as ${sql.raw(`p${i}`)}`);
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${sql.join(columns, sql`, `)}`,
  );
  const out: Record<string, unknown> = {};
  keys.forEach((k, i) => (out[k] = parts[k]!.decode(row?.[`p${i}`])));
  return out as { [K in keyof P]: P[K] extends Part<infer V> ? V : never };
}

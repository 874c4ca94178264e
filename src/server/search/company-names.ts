/**
 * Names for selected companies the company facet could not label: the facet names a company
 * from its jobs among the matches, so one selected by id with none of them there would read as
 * its id (decision 0077).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '~/server/db/client';
import { isCompanyId } from './facet-data';
import type { FacetValue } from './types';

/** `values` with every selected, unlabelled company id labelled with that company's name. */
export async function nameUnlistedCompanies(
  db: Queryable,
  siteContext: string,
  values: FacetValue[],
): Promise<FacetValue[]> {
  const ids = values
    .filter((v) => v.selected && v.label === v.value && isCompanyId(v.value))
    .map((v) => Number(v.value));
  if (ids.length === 0) return values;
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM companies WHERE site_context = ${siteContext}
      AND id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  const names = new Map(rows.map((r) => [String(r.id), r.name]));
  return values.map((v) => (names.has(v.value) ? { ...v, label: names.get(v.value)! } : v));
}

/**
 * The country sites (SPEC §3's channels, one file each: ./files.ts) and the two brands, validated
 * when this module loads: a broken file stops the server with a message naming the file and the
 * field. Every list of sites in the code derives from `sites`.
 */
import * as v from 'valibot';
import {
  BrandsSchema,
  SiteSchema,
  type Brand,
  type Brands,
  type Site,
} from '../src/lib/sites/schema';
import { siteFiles } from './files';
import brandsFile from './brands.json' with { type: 'json' };

export class SiteConfigError extends Error {}

/** Parses one config file, or throws naming the file and every broken field. */
export function parseConfigFile<S extends v.GenericSchema>(
  schema: S,
  file: string,
  data: unknown,
): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => {
    const field = v.getDotPath(issue) ?? '(file)';
    return `  - ${field}: ${issue.message}`;
  });
  throw new SiteConfigError(`Invalid site configuration in sites/${file}:\n${problems.join('\n')}`);
}

/** Validates a full set of site files; exported so tests can feed broken ones. */
export function loadSites(files: Record<string, unknown>): Site[] {
  const list = Object.entries(files).map(([file, data]) => {
    const site = parseConfigFile(SiteSchema, file, data);
    if (`${site.key}.json` !== file) {
      throw new SiteConfigError(
        `Invalid site configuration in sites/${file}:\n  - key: must be "${file.replace('.json', '')}", the file name`,
      );
    }
    return site;
  });
  const fields = {
    context: (s: Site) => s.context,
    key: (s: Site) => s.key,
    'country.id': (s: Site) => String(s.country.id),
    'country.isoCode': (s: Site) => s.country.isoCode,
  };
  for (const [field, of] of Object.entries(fields)) {
    const seen = new Set<string>();
    for (const site of list) {
      if (seen.has(of(site)))
        throw new SiteConfigError(
          `Invalid site configuration in sites/${site.key}.json:\n  - ${field}: "${of(site)}" is used by another site`,
        );
      seen.add(of(site));
    }
  }
  return list.sort((a, b) => a.country.id - b.country.id);
}

/** All sites, in the order of SPEC §3's country list (by country.id). */
export const sites: readonly Site[] = loadSites(siteFiles);
export const brands: Brands = parseConfigFile(BrandsSchema, 'brands.json', brandsFile);

const byContext = new Map(sites.map((s) => [s.context, s]));
const byDomain = new Map(sites.flatMap((s) => s.domains.map((d) => [d.toLowerCase(), s] as const)));
const firstSite = sites[0];
if (!firstSite)
  throw new SiteConfigError('Invalid site configuration: sites/files.ts lists no site');
/** The first of the country list (India): unknown hosts get it. */
export const defaultSite: Site = firstSite;

export function siteByContext(context: string): Site | undefined {
  return byContext.get(context);
}

export function siteByKey(key: string): Site | undefined {
  return sites.find((s) => s.key === key);
}

/** The site for a Host header: a production domain, or <context>[.anything].localhost; else India. */
export function resolveSite(host: string | null | undefined): Site {
  const hostname = (host ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const exact = byDomain.get(hostname);
  if (exact) return exact;
  if (hostname.endsWith('.localhost')) {
    const context = hostname.split('.')[0] ?? '';
    return byContext.get(context) ?? defaultSite;
  }
  return defaultSite;
}

/** The newer brand when the host contains the marker (NEW_BRAND_MARKER or brands.json). */
export function resolveBrand(
  host: string | null | undefined,
  marker: string = brands.marker,
): Brand {
  const hostname = (host ?? '').toLowerCase();
  return marker && hostname.includes(marker.toLowerCase()) ? brands.dm : brands.classic;
}

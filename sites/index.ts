/**
 * The nine country channels of SPEC §3 and the two brands, validated when this module loads:
 * a broken file stops the server with a message naming the file and the field.
 */
import * as v from 'valibot';
import {
  BrandsSchema,
  SiteSchema,
  type Brand,
  type Brands,
  type Site,
} from '../src/lib/sites/schema';
import india from './india.json' with { type: 'json' };
import gulf from './gulf.json' with { type: 'json' };
import hongkong from './hongkong.json' with { type: 'json' };
import singapore from './singapore.json' with { type: 'json' };
import philippines from './philippines.json' with { type: 'json' };
import thailand from './thailand.json' with { type: 'json' };
import vietnam from './vietnam.json' with { type: 'json' };
import indonesia from './indonesia.json' with { type: 'json' };
import malaysia from './malaysia.json' with { type: 'json' };
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

const siteFiles: Record<string, unknown> = {
  'india.json': india,
  'gulf.json': gulf,
  'hongkong.json': hongkong,
  'singapore.json': singapore,
  'philippines.json': philippines,
  'thailand.json': thailand,
  'vietnam.json': vietnam,
  'indonesia.json': indonesia,
  'malaysia.json': malaysia,
};

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
  for (const field of ['context', 'key'] as const) {
    const seen = new Set<string>();
    for (const site of list) {
      if (seen.has(site[field]))
        throw new SiteConfigError(
          `Invalid site configuration in sites/${site.key}.json:\n  - ${field}: "${site[field]}" is used by another site`,
        );
      seen.add(site[field]);
    }
  }
  return list.sort((a, b) => a.country.id - b.country.id);
}

/** All sites, in the order of SPEC §3's country list (country id 1-9). */
export const sites: readonly Site[] = loadSites(siteFiles);
export const brands: Brands = parseConfigFile(BrandsSchema, 'brands.json', brandsFile);

const byContext = new Map(sites.map((s) => [s.context, s]));
const byDomain = new Map(sites.flatMap((s) => s.domains.map((d) => [d.toLowerCase(), s] as const)));
const indiaSite = byContext.get('rexmonster');
if (!indiaSite)
  throw new SiteConfigError(
    'Invalid site configuration: no site has context "rexmonster" (India, the default)',
  );
export const defaultSite: Site = indiaSite;

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

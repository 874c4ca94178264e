/**
 * The career services catalogue (catalogue/career-services.json), validated when this module
 * loads like sites/: a broken file stops the server with a message naming the file and field.
 */
import * as v from 'valibot';
import {
  CatalogueSchema,
  PromoCodesSchema,
  type PromoCodeConfig,
  type AddOn,
  type Catalogue,
  type CareerService,
} from '../src/lib/commerce/catalogue-schema';
import { sites } from '../sites';
import type { Site } from '../src/lib/sites/schema';
import data from './career-services.json' with { type: 'json' };
import promoData from './promo-codes.json' with { type: 'json' };

export class CatalogueError extends Error {}

/** Parses a catalogue for the sites, or throws naming the file and every broken field. */
export function loadCatalogue(
  input: unknown,
  file = 'career-services.json',
  siteList: readonly Site[] = sites,
): Catalogue {
  const result = v.safeParse(CatalogueSchema, input);
  if (!result.success) {
    const problems = result.issues.map(
      (issue) => `  - ${v.getDotPath(issue) ?? '(file)'}: ${issue.message}`,
    );
    throw new CatalogueError(`Invalid catalogue in catalogue/${file}:\n${problems.join('\n')}`);
  }
  const catalogue = result.output;
  const fail = (field: string, message: string) => {
    throw new CatalogueError(`Invalid catalogue in catalogue/${file}:\n  - ${field}: ${message}`);
  };
  const addOnIds = new Set<string>();
  catalogue.addOns.forEach((a, i) => {
    if (addOnIds.has(a.id)) fail(`addOns.${i}.id`, `"${a.id}" is used twice`);
    addOnIds.add(a.id);
  });
  const slugs = new Set<string>();
  catalogue.services.forEach((s, i) => {
    if (slugs.has(s.slug)) fail(`services.${i}.slug`, `"${s.slug}" is used twice`);
    slugs.add(s.slug);
    const planIds = new Set<string>();
    s.plans.forEach((p, j) => {
      if (planIds.has(p.id)) fail(`services.${i}.plans.${j}.id`, `"${p.id}" is used twice`);
      planIds.add(p.id);
    });
    s.addOns.forEach((id, j) => {
      if (!addOnIds.has(id)) fail(`services.${i}.addOns.${j}`, `"${id}" is not in addOns`);
    });
  });
  pricesForEverySite(catalogue, siteList, fail);
  return catalogue;
}

/**
 * Every site gets a price for everything and its payment modes: its own from the catalogue, or
 * by its site file's price rule; a key naming no site, or a site with neither, is an error.
 */
function pricesForEverySite(
  catalogue: Catalogue,
  siteList: readonly Site[],
  fail: (field: string, message: string) => never,
): void {
  const keys = new Set(siteList.map((s) => s.key));
  const known = (field: string, key: string) => {
    if (!keys.has(key)) fail(field, `"${key}" is not a site (sites/${key}.json)`);
  };
  const priced = [
    ...catalogue.services.flatMap((s, i) =>
      s.plans.map((p, j) => ({ field: `services.${i}.plans.${j}.prices`, prices: p.prices })),
    ),
    ...catalogue.addOns.map((a, i) => ({ field: `addOns.${i}.prices`, prices: a.prices })),
  ];
  for (const { field, prices } of priced) {
    for (const key of Object.keys(prices)) known(`${field}.${key}`, key);
    for (const site of siteList) {
      if (prices[site.key] !== undefined) continue;
      const rule = site.priceRule;
      const base = rule ? prices[rule.from] : undefined;
      if (!rule || base === undefined)
        fail(`${field}.${site.key}`, 'missing: give a price, or a priceRule in the site file');
      prices[site.key] = Math.max(
        rule.roundTo,
        Math.round((base * rule.rate) / rule.roundTo) * rule.roundTo,
      );
    }
  }
  for (const key of Object.keys(catalogue.taxes)) known(`taxes.${key}`, key);
  for (const key of Object.keys(catalogue.paymentModes)) known(`paymentModes.${key}`, key);
  for (const site of siteList) catalogue.paymentModes[site.key] ??= ['card'];
}

export const catalogue: Catalogue = loadCatalogue(data);

export function serviceBySlug(slug: string): CareerService | undefined {
  return catalogue.services.find((s) => s.slug === slug);
}

export function addOnById(id: string): AddOn | undefined {
  return catalogue.addOns.find((a) => a.id === id);
}

/** Parses the promo codes file, or throws naming the file and every broken field. */
export function loadPromoCodes(input: unknown, file = 'promo-codes.json'): PromoCodeConfig[] {
  const result = v.safeParse(PromoCodesSchema, input);
  if (!result.success) {
    const problems = result.issues.map(
      (issue) => `  - ${v.getDotPath(issue) ?? '(file)'}: ${issue.message}`,
    );
    throw new CatalogueError(`Invalid promo codes in catalogue/${file}:\n${problems.join('\n')}`);
  }
  const seen = new Set<string>();
  const siteKeys = new Set(sites.map((s) => s.key));
  result.output.codes.forEach((c, i) => {
    if (!siteKeys.has(c.site))
      throw new CatalogueError(
        `Invalid promo codes in catalogue/${file}:\n  - codes.${i}.site: "${c.site}" is not a site`,
      );
    const key = `${c.site}:${c.code}`;
    if (seen.has(key))
      throw new CatalogueError(
        `Invalid promo codes in catalogue/${file}:\n  - codes.${i}.code: "${c.code}" is listed twice for ${c.site}`,
      );
    seen.add(key);
  });
  return result.output.codes;
}

export const promoCodeConfigs: PromoCodeConfig[] = loadPromoCodes(promoData);

/**
 * GET thor/api/public/sites/v1/load-module (registry `loadModule`, SPEC §7): the header and
 * menu links for a site, language and brand, from the lists the header renders. Query: site (a
 * site context; default the request's), lang, domain (picks the brand); tenant, category, alias
 * and subalias are accepted and echoed (one module per site here).
 */
import * as v from 'valibot';
import { resolveBrand, siteByContext } from '../../../../../../../../sites';
import { menuLinks } from '~/lib/chrome/user-menu';
import { getT } from '~/lib/i18n';
import { localizedPath } from '~/lib/sites/links';
import { LANGS } from '~/lib/sites/schema';
import { endpoint, HttpError, NOT_FOUND, ok, parseQuery } from '~/server/api/envelope';
import { config } from '~/server/config';

export const prerender = false;

const text = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)));
const Query = v.object({
  site: text,
  lang: v.optional(v.picklist(LANGS, 'lang must be en, hi or ar')),
  domain: text,
  tenant: text,
  category: text,
  alias: text,
  subalias: text,
});

export const GET = endpoint(async (context) => {
  const q = await parseQuery(Query, context.url);
  const site = q.site ? siteByContext(q.site) : context.locals.site;
  if (!site) throw new HttpError(404, NOT_FOUND);
  const lang = q.lang && site.languages.includes(q.lang) ? q.lang : context.locals.lang;
  const brand = q.domain ? resolveBrand(q.domain, config.NEW_BRAND_MARKER) : context.locals.brand;
  const t = getT(lang, brand.localeSuffix);
  return ok({
    site: site.context,
    lang,
    brand: { id: brand.id, name: brand.name, logo: brand.logo },
    module: {
      tenant: q.tenant ?? null,
      category: q.category ?? null,
      alias: q.alias ?? null,
      subalias: q.subalias ?? null,
    },
    languages: site.languages.map((l) => ({ lang: l, href: localizedPath(l, '/') })),
    ...menuLinks(
      (key) => t(key),
      (path) => localizedPath(lang, path),
      site,
      brand,
    ),
  });
});

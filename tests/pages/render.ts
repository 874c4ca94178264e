/**
 * Renders a page or component as a request of a site, language and brand would: the locals the
 * middleware sets (site, brand, language, t, dir, origin, pathname, a guest) and a request URL.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import { brands, siteByKey } from '../../sites';
import type { Lang, Site } from '~/lib/sites/schema';
import { setLanguage } from '~/server/http/language';
import { localizedPath } from '~/lib/sites/links';

let container: AstroContainer | undefined;

export interface RenderAs {
  site: string | Site;
  lang: Lang;
  path?: string;
  props?: Record<string, unknown>;
  params?: Record<string, string>;
  slots?: Record<string, string>;
}

/** The locals of a guest's request on a site in a language. */
export function localsFor(siteOrKey: string | Site, lang: Lang, path = '/'): App.Locals {
  const site = typeof siteOrKey === 'string' ? siteByKey(siteOrKey) : siteOrKey;
  if (!site) throw new Error(`no site ${String(siteOrKey)}`);
  const locals = {
    site,
    brand: brands.classic,
    pathname: path,
    origin: `https://${site.domain}`,
    user: null,
  } as unknown as App.Locals;
  setLanguage(locals, lang);
  return locals;
}

/** The HTML a component or page renders for a guest on a site in a language. */
export async function render(component: AstroComponentFactory, as: RenderAs): Promise<string> {
  container ??= await AstroContainer.create();
  const locals = localsFor(as.site, as.lang, as.path);
  const url = `${locals.origin}${localizedPath(as.lang, as.path ?? '/')}`;
  return container.renderToString(component, {
    locals,
    request: new Request(url),
    props: as.props ?? {},
    params: as.params ?? {},
    slots: as.slots ?? {},
  });
}

/** What a reader sees of some HTML: the text without tags, scripts or styles, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** A formatted value as it reads in textOf (its no-break spaces are spaces there). */
export function seen(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/**
 * The web part of the content sections: what an article page, a list, a topic or tag page and an
 * RSS feed need from the request (site, language, brand), shared by career advice and Aspire.
 */
import type { APIContext } from 'astro';
import { render } from 'astro:content';
import rss from '@astrojs/rss';
import { localizedPath } from '~/lib/sites/links';
import type { Lang } from '~/lib/sites/schema';
import {
  articleAlternates,
  articleBySlug,
  articleDateFormatter,
  articlePath,
  articlesFor,
  articlesInLanguage,
  canonicalArticlePath,
  modifiedAt,
  tagSlug,
  tagsOf,
  translationsOf,
  type Article,
  type Section,
} from './articles';

type Locals = APIContext['locals'];

/** The section's name and list path in the request language. */
export function sectionLink(locals: Locals, section: Section) {
  return {
    href: localizedPath(locals.lang, `/${section}`),
    label: section === 'aspire' ? locals.t('content:aspire.name') : locals.t('advice:careerAdvice'),
  };
}

export const tagPath = (section: Section, tag: string) => `/${section}/tag/${tagSlug(tag)}`;
export const topicPath = (topic: string) => `/aspire/topic/${topic}`;

/** The article at the request's /{section}/{slug}.html on this site, if any. */
async function requestedArticle(locals: Locals, section: Section) {
  // Astro drops a trailing .html from params, so the suffix is checked on the path.
  const match = new RegExp(`^/${section}/([^/]+)\\.html$`).exec(locals.pathname);
  return match?.[1] ? await articleBySlug(section, locals.site.key, match[1]) : undefined;
}

/**
 * Where /{section}/{slug}.html should send a reader instead: the article's translation in the
 * request's language, when it is written in another (so the language switcher's link lands on
 * the translation); undefined otherwise.
 */
export async function translationRedirect(
  locals: Locals,
  section: Section,
): Promise<string | undefined> {
  const { lang, site } = locals;
  const article = await requestedArticle(locals, section);
  if (!article || article.data.lang === lang) return undefined;
  const translation = (await translationsOf(article, site.key)).find((a) => a.data.lang === lang);
  return translation && localizedPath(lang, articlePath(section, translation));
}

/**
 * What ArticleView renders for /{section}/{slug}.html, or undefined when this site has no such
 * article (the page answers 404).
 */
export async function articlePage(locals: Locals, origin: string, section: Section) {
  const { t, lang, site, brand } = locals;
  const article = await requestedArticle(locals, section);
  if (!article) return undefined;
  const { Content } = await render(article);
  const { title, description, author, tags, publishedAt, cover } = article.data;
  const crumbs = [
    { href: localizedPath(lang, '/'), label: t('advice:home') },
    sectionLink(locals, section),
  ];
  if (article.collection === 'aspire') {
    const topic = (article as Extract<Article, { collection: 'aspire' }>).data.topic;
    crumbs.push({
      href: localizedPath(lang, topicPath(topic)),
      label: t(`content:topics.${topic}.name`),
    });
  }
  const more = (await articlesFor(section, site.key, lang))
    .filter((a) => a.id !== article.id)
    .slice(0, 3)
    .map((a) => ({
      href: localizedPath(lang, articlePath(section, a)),
      title: a.data.title,
      lang: a.data.lang,
    }));
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: title,
    description,
    inLanguage: article.data.lang,
    datePublished: publishedAt.toISOString(),
    dateModified: modifiedAt(article).toISOString(),
    author: { '@type': 'Person', name: author },
    publisher: {
      '@type': 'Organization',
      name: brand.name,
      logo: { '@type': 'ImageObject', url: new URL(brand.logo, origin).href },
    },
    mainEntityOfPage: new URL(canonicalArticlePath(article), origin).href,
    keywords: tags.join(', '),
    ...(cover ? { image: new URL(cover.src.src, origin).href } : {}),
  };
  const here = { href: localizedPath(lang, articlePath(section, article)), label: title };
  const breadcrumbLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [...crumbs, here].map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.label,
      item: new URL(c.href, origin).href,
    })),
  };
  return {
    article,
    Content,
    path: articlePath(section, article),
    alternates: await articleAlternates(article, site.key, site.languages),
    crumbs,
    more,
    moreTitle: section === 'aspire' ? t('content:aspire.more') : t('advice:more'),
    allLink: {
      href: localizedPath(lang, `/${section}`),
      label: section === 'aspire' ? t('content:aspire.all') : t('advice:allArticles'),
    },
    tagHref: (tag: string) => localizedPath(lang, tagPath(section, tag)),
    jsonLd: [jsonLd, breadcrumbLd],
    dates: articleDateFormatter(lang, site.locale),
  };
}

/** The RSS feed of a section for the site and the request language (articles in that language). */
export async function feedResponse(context: APIContext, section: Section): Promise<Response> {
  const { t, lang, site, brand } = context.locals;
  const items = await articlesInLanguage(section, site.key, lang);
  const name = sectionLink(context.locals, section).label;
  const response = await rss({
    title: `${name} | ${brand.name}`,
    description:
      section === 'aspire'
        ? t('content:aspire.feedDescription')
        : t('content:adviceFeedDescription'),
    site: context.locals.origin,
    items: items.map((a) => ({
      title: a.data.title,
      description: a.data.description,
      link: canonicalArticlePath(a),
      pubDate: a.data.publishedAt,
      categories: a.data.tags,
    })),
    customData: `<language>${lang}</language>`,
  });
  response.headers.set('cache-control', 'public, max-age=900');
  return response;
}

const ASPIRE_TOPIC_IDS = ['career-paths', 'first-job', 'interview-prep'] as const;
type AspireTopicId = (typeof ASPIRE_TOPIC_IDS)[number];
const isAspireTopic = (id: string): id is AspireTopicId =>
  (ASPIRE_TOPIC_IDS as readonly string[]).includes(id);

/**
 * What SectionList renders for /{section}, /{section}/tag/{tag} or /aspire/topic/{topic};
 * undefined for an unknown topic or a tag no listed article has (the page answers 404).
 */
export async function listPage(
  locals: Locals,
  section: Section,
  filter: { tag?: string; topic?: string } = {},
) {
  const { t, lang, site } = locals;
  const all = await articlesFor(section, site.key, lang);
  let articles = all;
  let heading: string | undefined;
  let path = `/${section}`;
  let alternateLangs: Lang[] | undefined;
  if (filter.topic !== undefined) {
    const topic = filter.topic;
    if (section !== 'aspire' || !isAspireTopic(topic)) return undefined;
    articles = all.filter((a) => a.collection === 'aspire' && a.data.topic === topic);
    heading = t(`content:topics.${topic}.name`);
    path = topicPath(filter.topic);
  }
  if (filter.tag !== undefined) {
    articles = all.filter((a) => a.data.tags.some((tag) => tagSlug(tag) === filter.tag));
    const tag = articles[0]?.data.tags.find((x) => tagSlug(x) === filter.tag);
    if (!tag) return undefined;
    heading = t('content:tagTitle', { tag });
    path = tagPath(section, tag);
    // A Hindi or Arabic tag has a page in its own language only: hreflang names where it exists.
    alternateLangs = [];
    for (const other of site.languages) {
      const listed = other === lang ? all : await articlesFor(section, site.key, other);
      if (listed.some((a) => a.data.tags.some((x) => tagSlug(x) === filter.tag))) {
        alternateLangs.push(other);
      }
    }
  }
  const tags = tagsOf(all).map((x) => ({
    href: localizedPath(lang, `/${section}/tag/${x.slug}`),
    label: x.tag,
    current: x.slug === filter.tag,
  }));
  const topics =
    section === 'aspire'
      ? ASPIRE_TOPIC_IDS.map((id) => ({
          href: localizedPath(lang, topicPath(id)),
          label: t(`content:topics.${id}.name`),
          description: t(`content:topics.${id}.description`),
          current: id === filter.topic,
        }))
      : undefined;
  return {
    section,
    articles,
    dates: articleDateFormatter(lang, site.locale),
    tags,
    topics,
    path,
    alternateLangs,
    heading,
    crumbs: heading
      ? [{ href: localizedPath(lang, '/'), label: t('advice:home') }, sectionLink(locals, section)]
      : undefined,
  };
}

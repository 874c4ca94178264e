/**
 * What a landing page shows around its search, in the page's language: a skill and/or city
 * landing's (/jobs-in-{city}, /{skill}-jobs, /{skill}-jobs-in-{city}: "{Skill} jobs in {City} —
 * {count} openings | Brand") or a job family role's (decision 0094: "सेल्स एग्जीक्यूटिव नौकरियाँ",
 * its language versions at paths of their own). Title, heading, description, breadcrumbs (also as
 * BreadcrumbList JSON-LD) and related links: other landings, roles and salary pages. The route
 * (src/pages/[seo].astro) runs the search and renders it with this in the results layout.
 */
import { localName } from '~/lib/chrome/names';
import { jobWord } from '~/lib/format/job-words';
import { formatNumber } from '~/lib/format/numbers';
import type { Translate } from '~/lib/i18n';
import { breadcrumbJsonLd } from '~/lib/search/breadcrumbs';
import { seoSlug } from '~/lib/search/seo';
import { localizedPath } from '~/lib/sites/links';
import type { Brand, Lang, Site } from '~/lib/sites/schema';
import type { SearchResult } from '~/server/search/types';
import {
  popularCities,
  relatedSearches,
  seoVocabulary,
  topLandingLinks,
  type SeoLanding,
  type SeoVocabulary,
} from './landing';
import { roleLandings, type RoleLanding } from './role-landing';
import { salaryIndex, salaryPath } from './salaries';

/** A section of "Related searches". */
export interface RelatedSection {
  id: string;
  heading: string;
  /** Paths without language prefix (a role's landing page: its path in the page's language). */
  links: readonly { path: string; label: string; count: number }[];
}

export interface LandingPage {
  title: string;
  heading: string;
  /** Also the intro under the heading. */
  description: string;
  /** Path without language prefix: the canonical, and the last crumb's URL. */
  path: string;
  /** Language versions at paths of their own (a role's). */
  alternates?: { lang: Lang; path: string }[];
  crumbs: { label: string; href?: string }[];
  jsonLd: object[];
  /** The search box's popular cities. */
  popularCities: string[];
  sections: RelatedSection[];
}

/** What the page's request knows (Astro.locals). */
interface PageLocals {
  t: Translate;
  lang: Lang;
  site: Site;
  brand: Brand;
  origin: string;
}

type Texts = Pick<LandingPage, 'title' | 'heading' | 'description' | 'path'>;

/** The crumbs' trail as BreadcrumbList JSON-LD (the last crumb is the page itself). */
function crumbsJsonLd(crumbs: LandingPage['crumbs'], page: Texts, locals: PageLocals): object[] {
  const url = (href?: string) =>
    new URL(href ?? localizedPath(locals.lang, page.path), locals.origin).href;
  return [breadcrumbJsonLd(crumbs.map((c) => ({ name: c.label, url: url(c.href) })))];
}

/** A job family role's landing page: its family's other roles, the busiest roles, its salaries. */
export async function roleLandingPage(
  role: RoleLanding,
  result: SearchResult | null,
  locals: PageLocals,
): Promise<LandingPage> {
  const { t, lang, site, brand } = locals;
  const name = jobWord(role.title, lang);
  const count = result?.total ?? role.count;
  const vars = { skill: name, count, total: formatNumber(count, lang, site) };
  const texts: Texts = {
    heading: t('search:seo.heading.skill', vars),
    title: `${t('search:seo.title.skill', vars)} | ${brand.name}`,
    description: t('search:seo.description.skill', vars),
    path: role.paths[lang],
  };
  const href = (p: string) => localizedPath(lang, p);
  const crumbs = [
    { label: t('search:crumbs.home'), href: href('/') },
    { label: t('search:crumbs.jobs'), href: href('/search/results') },
    { label: texts.heading },
  ];
  const [landings, vocabulary, salaries] = await Promise.all([
    roleLandings(site.context),
    seoVocabulary(site.context),
    salaryIndex(site.context),
  ]);
  const roleLink = (r: RoleLanding) => ({
    path: r.paths[lang],
    label: t('search:seo.heading.skill', { skill: jobWord(r.title, lang) }),
    count: r.count,
  });
  const others = landings.roles.filter((r) => r.title !== role.title);
  const salary = salaries.bySlug.get(seoSlug(role.title));
  const sections: RelatedSection[] = [
    {
      id: 'family',
      heading: t('search:seo.sameFamily', { family: jobWord(role.fn, lang) }),
      links: others
        .filter((r) => r.fn === role.fn)
        .slice(0, 12)
        .map(roleLink),
    },
    {
      id: 'roles',
      heading: t('browse:browse.roles'),
      links: others
        .filter((r) => r.fn !== role.fn)
        .slice(0, 12)
        .map(roleLink),
    },
    {
      id: 'salaries',
      heading: t('browse:salaries.allSalaries'),
      links: salary
        ? [
            {
              path: salaryPath(salary),
              label: t('browse:salaries.jobLink', { role: name }),
              count: salary.count,
            },
          ]
        : [],
    },
  ];
  return {
    ...texts,
    alternates: site.languages.map((l) => ({ lang: l, path: role.paths[l] })),
    crumbs,
    jsonLd: crumbsJsonLd(crumbs, texts, locals),
    popularCities: popularCities(vocabulary),
    sections: sections.filter((s) => s.links.length > 0),
  };
}

/**
 * A skill and/or city landing page: the same skill in other cities, other skills in the same
 * city, the busiest cities and skills, and the salary pages of the roles among its jobs.
 */
export async function skillCityLandingPage(
  landing: SeoLanding,
  vocabulary: SeoVocabulary,
  result: SearchResult | null,
  locals: PageLocals,
): Promise<LandingPage> {
  const { t, lang, site, brand } = locals;
  // The skill in the page's language (the filter and the slug keep the data's English).
  const skill = landing.skill ? jobWord(landing.skill.name, lang) : undefined;
  const city = landing.city ? localName(t, landing.city.name) : undefined;
  const kind = skill && city ? 'skillCity' : skill ? 'skill' : 'city';
  const count = result?.total ?? landing.skill?.count ?? landing.city?.count ?? 0;
  const vars = { skill, city, count, total: formatNumber(count, lang, site) };
  const texts: Texts = {
    heading: t(`search:seo.heading.${kind}`, vars),
    title: `${t(`search:seo.title.${kind}`, vars)} | ${brand.name}`,
    description: t(`search:seo.description.${kind}`, vars),
    path: landing.path,
  };
  const href = (path: string) => localizedPath(lang, path);
  const crumbs = [
    { label: t('search:crumbs.home'), href: href('/') },
    ...(skill && city && landing.city
      ? [
          {
            label: t('search:crumbs.jobsIn', { city }),
            href: href(`/jobs-in-${landing.city.slug}`),
          },
        ]
      : [{ label: t('search:crumbs.jobs'), href: href('/search/results') }]),
    { label: texts.heading },
  ];
  const related = relatedSearches(vocabulary, landing, result?.facets ?? {});
  const top = topLandingLinks(vocabulary, 12);
  // Salary pages of the roles among this page's jobs (in its city when it has one).
  const salaries = await salaryIndex(site.context);
  const salaryLinks = (result?.facets.roles ?? []).flatMap((facet) => {
    const role = salaries.bySlug.get(seoSlug(facet.label));
    if (!role) return [];
    const inCity = landing.city
      ? role.cities.find((c) => c.slug === landing.city?.slug)
      : undefined;
    return [
      {
        path: salaryPath(role, inCity),
        skill: null,
        city: null,
        count: facet.count,
        label: t('browse:salaries.jobLink', { role: jobWord(role.label, lang) }),
      },
    ];
  });
  const skillCityLabel = (l: { skill: string | null; city: string | null }) =>
    t('search:seo.heading.skillCity', {
      skill: jobWord(l.skill ?? '', lang),
      city: localName(t, l.city),
    });
  const sections: RelatedSection[] = [
    {
      id: 'same-skill',
      heading: skill ? t('search:seo.sameSkill', { skill }) : '',
      links: related.sameSkill.map((l) => ({ ...l, label: skillCityLabel(l) })),
    },
    {
      id: 'same-city',
      heading: city ? t('search:seo.sameCity', { city }) : '',
      links: related.sameCity.map((l) => ({ ...l, label: skillCityLabel(l) })),
    },
    {
      id: 'top-cities',
      heading: t('search:seo.topCities'),
      links: top.cities
        .filter((l) => l.path !== landing.path)
        .map((l) => ({
          ...l,
          label: t('search:seo.heading.city', { city: localName(t, l.city) }),
        })),
    },
    {
      id: 'top-skills',
      heading: t('search:seo.topSkills'),
      links: top.skills
        .filter((l) => l.path !== landing.path)
        .map((l) => ({
          ...l,
          label: t('search:seo.heading.skill', { skill: jobWord(l.skill ?? '', lang) }),
        })),
    },
    {
      id: 'salaries',
      heading: t('browse:salaries.allSalaries'),
      links: salaryLinks.slice(0, 12),
    },
  ];
  return {
    ...texts,
    crumbs,
    jsonLd: crumbsJsonLd(crumbs, texts, locals),
    popularCities: popularCities(vocabulary),
    sections: sections.filter((s) => s.links.length > 0),
  };
}

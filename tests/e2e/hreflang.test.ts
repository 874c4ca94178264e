/**
 * hreflang alternates are reciprocal and indexable: crawls every article of career advice and
 * Aspire (from the section lists in each language) and a sample of the other page families
 * (home, results, landing pages, job pages, lists, tag and topic pages, career services), and
 * for every alternate a page declares checks that it answers 200, is indexable, is canonical to
 * itself and declares the same set of alternates, the page's own URL included. Articles are
 * paired by their front matter's translationKey: a language without a translation gets none.
 */
import { describe, expect, it } from 'vitest';
import { sites } from '../../sites';
import { decodeEntities, get, port, type Page } from './helpers';

const INDIA = 'rexmonster.localhost';
const GULF = 'monstergulf.localhost';
const SINGAPORE = 'monstersingapore.localhost';

interface Head {
  status: number;
  location: string | undefined;
  noindex: boolean;
  canonical: string | undefined;
  /** hreflang code → absolute URL. */
  alternates: Map<string, string>;
  body: string;
}

const origin = (host: string) => `http://${host}:${port()}`;

function headOf(page: Page): Head {
  const head = /<head>([\s\S]*?)<\/head>/.exec(page.body)?.[1] ?? '';
  const alternates = new Map<string, string>();
  for (const m of head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)) {
    alternates.set(m[1]!, decodeEntities(m[2]!));
  }
  return {
    status: page.status,
    location: page.headers.location as string | undefined,
    noindex: /<meta name="robots" content="[^"]*noindex/.test(head),
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1],
    alternates,
    body: page.body,
  };
}

const heads = new Map<string, Promise<Head>>();
/** The head of a URL of the site (absolute or a path), fetched once. */
function fetchHead(host: string, url: string): Promise<Head> {
  const full = new URL(url, origin(host)).href;
  let found = heads.get(full);
  if (!found) {
    const { pathname, search } = new URL(full);
    found = get(host, pathname + search).then(headOf);
    heads.set(full, found);
  }
  return found;
}

/**
 * Every hreflang problem of a page, as readable lines ([] when none): an alternate that is not
 * 200, noindex, canonical elsewhere, or does not name the same alternates back.
 */
async function hreflangProblems(host: string, path: string): Promise<string[]> {
  const page = await fetchHead(host, path);
  const problems: string[] = [];
  const where = `${host}${path}`;
  if (page.status !== 200) return [`${where}: answered ${page.status}`];
  if (page.noindex) {
    if (page.alternates.size > 0) problems.push(`${where}: noindex but declares hreflang`);
    return problems;
  }
  const self = page.canonical;
  if (!self) return [`${where}: indexable without a canonical`];
  if (page.alternates.size === 0) return problems;
  if (![...page.alternates.values()].includes(self)) {
    problems.push(`${where}: its alternates do not include itself (${self})`);
  }
  for (const [code, href] of page.alternates) {
    const target = await fetchHead(host, href);
    const to = `${where} → ${code} ${href}`;
    if (target.status !== 200) {
      problems.push(`${to}: answered ${target.status}`);
      continue;
    }
    if (target.noindex) problems.push(`${to}: noindex`);
    if (target.canonical !== href) problems.push(`${to}: canonical is ${target.canonical}`);
    const back = [...target.alternates].sort().join(' ');
    const mine = [...page.alternates].sort().join(' ');
    if (back !== mine) problems.push(`${to}: declares [${back}], not [${mine}]`);
  }
  return problems;
}

/** Same-site links of a page matching a pattern, without duplicates. */
function linksIn(body: string, pattern: RegExp): string[] {
  return [
    ...new Set(
      [...body.matchAll(/href="([^"]+)"/g)]
        .map((m) => decodeEntities(m[1]!))
        .filter((h) => pattern.test(h)),
    ),
  ];
}

const ARTICLE_LINK = /^(\/(hi|ar))?\/(career-advice|aspire)\/[a-z0-9-]+\.html$/;
const LIST_LINK = /^(\/(hi|ar))?\/(career-advice|aspire)\/(tag|topic)\/[^/?#]+$/;

/** The articles, tag and topic pages a site's section lists link to, in each of its languages. */
async function contentPaths(host: string, langs: readonly string[]): Promise<string[]> {
  const paths = new Set<string>();
  for (const lang of langs) {
    for (const section of ['career-advice', 'aspire']) {
      const list = `${lang === 'en' ? '' : `/${lang}`}/${section}`;
      paths.add(list);
      const page = await get(host, list);
      expect(page.status, `${host}${list}`).toBe(200);
      for (const link of linksIn(page.body, ARTICLE_LINK)) paths.add(link);
      for (const link of linksIn(page.body, LIST_LINK)) paths.add(link);
    }
  }
  return [...paths];
}

/** Home, results, a landing page, a job page, walk-ins and career services in each language. */
async function samplePaths(host: string, langs: readonly string[]): Promise<string[]> {
  const paths: string[] = [];
  for (const lang of langs) {
    const prefix = lang === 'en' ? '' : `/${lang}`;
    const home = await get(host, `${prefix}/`);
    const job = linksIn(home.body, /^(\/(hi|ar))?\/job\/[^"?#]+$/)[0];
    const landing = linksIn(home.body, /^(\/(hi|ar))?\/[a-z0-9-]*jobs-in-[a-z0-9-]+$/)[0];
    paths.push(`${prefix}/`, `${prefix}/search/results`, `${prefix}/search/walkin-jobs`);
    paths.push(`${prefix}/career-services`);
    if (job) paths.push(job);
    if (landing) paths.push(landing);
    // A job family role's landing page, at its own path in each language (decision 0094).
    const browse = await get(host, `${prefix}/browse-jobs`);
    const role = linksIn(browse.body, ROLE_LINK)[0];
    expect(role, `${host}${prefix}/browse-jobs: a role landing page`).toBeDefined();
    paths.push(role!);
  }
  return paths;
}

/** A role's landing page in English, Hindi or Arabic (as a page links it, not encoded). */
const ROLE_LINK = /^(\/[a-z0-9-]+-jobs|\/hi\/[^/?#"]+-नौकरियाँ|\/ar\/وظائف-[^/?#"]+)$/;

describe('hreflang alternates', () => {
  it.each([
    [INDIA, 'india'],
    [GULF, 'gulf'],
    [SINGAPORE, 'singapore'],
  ])('are reciprocal and indexable on every article page of %s', async (host, key) => {
    const langs = sites.find((s) => s.key === key)!.languages;
    const paths = await contentPaths(host, langs);
    expect(paths.filter((p) => ARTICLE_LINK.test(p)).length).toBeGreaterThan(3);
    // Tags in Hindi or Arabic have pages in their own language only: those are crawled too.
    if (key !== 'singapore') {
      expect(paths.some((p) => /^\/(hi|ar)\/[a-z-]+\/tag\/[^\x00-\x7f]/.test(decodeURI(p)))).toBe(
        true,
      );
    }
    const problems: string[] = [];
    for (const path of paths) problems.push(...(await hreflangProblems(host, path)));
    expect(problems).toEqual([]);
  });

  it.each([INDIA, GULF, SINGAPORE])(
    'are reciprocal on home, results, landing, job and service pages of %s',
    async (host) => {
      const key = sites.find((s) => host.startsWith(`${s.context}.`))!.key;
      const langs = sites.find((s) => s.key === key)!.languages;
      const paths = await samplePaths(host, langs);
      expect(paths.some((p) => p.includes('/job/'))).toBe(true);
      expect(paths.filter((p) => ROLE_LINK.test(p)).length).toBe(langs.length);
      const problems: string[] = [];
      for (const path of paths) problems.push(...(await hreflangProblems(host, path)));
      expect(problems).toEqual([]);
    },
  );
});

describe('role landing pages in the sitemap', () => {
  it.each([INDIA, GULF])(
    'lists as many in Hindi and Arabic as in English on %s, each indexable at its own path',
    async (host) => {
      const sitemap = await get(host, '/sitemaps/seo.xml');
      expect(sitemap.status).toBe(200);
      const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
        decodeURI(new URL(decodeEntities(m[1]!)).pathname),
      );
      const roles = { hi: [] as string[], ar: [] as string[] };
      for (const path of locs) {
        if (/^\/hi\/[^/]+-नौकरियाँ$/.test(path)) roles.hi.push(path);
        if (/^\/ar\/وظائف-[^/]+$/.test(path)) roles.ar.push(path);
      }
      expect(roles.hi.length).toBeGreaterThan(10);
      expect(roles.ar.length).toBe(roles.hi.length);
      // Each is indexable at its own path, names its English page (listed too) and back.
      for (const path of [roles.hi[0]!, roles.ar[0]!]) {
        expect(await hreflangProblems(host, encodeURI(path))).toEqual([]);
        const head = await fetchHead(host, encodeURI(path));
        expect(head.noindex).toBe(false);
        expect(decodeURI(new URL(head.canonical!).pathname)).toBe(path);
        const en = head.alternates.get('en')!;
        expect(locs).toContain(decodeURI(new URL(en).pathname));
      }
    },
  );
});

describe('paired translations', () => {
  it('pairs the Arabic UAE visa guide with its English original only', async () => {
    const arabic = await fetchHead(GULF, '/ar/career-advice/uae-work-visa-guide-arabic.html');
    expect(arabic.status).toBe(200);
    expect(arabic.noindex).toBe(false);
    expect(Object.fromEntries(arabic.alternates)).toEqual({
      en: `${origin(GULF)}/career-advice/uae-work-visa-guide.html`,
      ar: `${origin(GULF)}/ar/career-advice/uae-work-visa-guide-arabic.html`,
      'x-default': `${origin(GULF)}/career-advice/uae-work-visa-guide.html`,
    });
  });

  it('pairs the Hindi salary guide with its English original, with no Arabic alternate', async () => {
    const english = await fetchHead(INDIA, '/career-advice/salary-negotiation-ctc-in-hand.html');
    expect([...english.alternates.keys()].sort()).toEqual(['en', 'hi', 'x-default']);
    expect(english.alternates.get('hi')).toBe(
      `${origin(INDIA)}/hi/career-advice/salary-negotiation-guide-hindi.html`,
    );
  });

  it('gives an article without a translation no alternates', async () => {
    const page = await fetchHead(INDIA, '/career-advice/how-to-write-a-resume.html');
    expect(page.noindex).toBe(false);
    expect(page.alternates.size).toBe(0);
    // Shown in Hindi chrome it stays readable, but is not indexed there.
    const hindi = await fetchHead(INDIA, '/hi/career-advice/how-to-write-a-resume.html');
    expect(hindi.status).toBe(200);
    expect(hindi.noindex).toBe(true);
  });

  it("sends the language switcher's link to the translation", async () => {
    const toHindi = await fetchHead(INDIA, '/hi/career-advice/salary-negotiation-ctc-in-hand.html');
    expect(toHindi.status).toBe(302);
    expect(toHindi.location).toBe('/hi/career-advice/salary-negotiation-guide-hindi.html');
    const toEnglish = await fetchHead(GULF, '/career-advice/uae-work-visa-guide-arabic.html');
    expect(toEnglish.status).toBe(302);
    expect(toEnglish.location).toBe('/career-advice/uae-work-visa-guide.html');
    // Hindi has no translation of the visa guide: the Arabic text, noindex, no redirect.
    const hindi = await fetchHead(GULF, '/hi/career-advice/uae-work-visa-guide-arabic.html');
    expect(hindi.status).toBe(200);
    expect(hindi.noindex).toBe(true);
  });

  it('names the same pairs in the sitemap', async () => {
    const sitemap = await get(GULF, '/sitemaps/career-advice.xml');
    const entry =
      /<url><loc>[^<]+\/ar\/career-advice\/uae-work-visa-guide-arabic\.html<\/loc>.*?<\/url>/.exec(
        sitemap.body,
      )?.[0];
    expect(entry).toBeDefined();
    const langs = [...entry!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(
      (m) => `${m[1]} ${new URL(m[2]!).pathname}`,
    );
    expect(langs.sort()).toEqual([
      'ar /ar/career-advice/uae-work-visa-guide-arabic.html',
      'en /career-advice/uae-work-visa-guide.html',
      'x-default /career-advice/uae-work-visa-guide.html',
    ]);
    const alone =
      /<url><loc>[^<]+\/career-advice\/how-to-write-a-resume\.html<\/loc>.*?<\/url>/.exec(
        sitemap.body,
      )?.[0];
    expect(alone).not.toContain('hreflang');
  });
});

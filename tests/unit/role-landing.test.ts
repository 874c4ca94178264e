/**
 * The job families' role landing pages (decision 0094): a path in each language of its own,
 * in the language's script for Hindi and Arabic, unique, and read back from what a browser sends
 * (percent-encoded UTF-8); the page-name mapping knows them.
 */
import { describe, expect, it } from 'vitest';
import { pageNameFromPath } from '~/lib/page-name';
import { roleLandingPath } from '~/lib/search/role-landing';
import { decodedSegment, isLocalRoleSegment, localSlug, parseSeoSegment } from '~/lib/search/seo';
import { localizedPath } from '~/lib/sites/links';
import { LANGS } from '~/lib/sites/schema';
import { JOB_FAMILIES } from '~/server/reference/job-families';

const TITLES = JOB_FAMILIES.flatMap((f) => f.titles.map((t) => t.title));

describe('role landing paths', () => {
  it('names a role in each language, in its own script', () => {
    expect(roleLandingPath('Java Developer', 'en')).toBe('/java-developer-jobs');
    expect(roleLandingPath('Java Developer', 'hi')).toBe('/जावा-डेवलपर-नौकरियाँ');
    expect(roleLandingPath('Sales Executive', 'ar')).toBe('/وظائف-مندوب-مبيعات');
    expect(roleLandingPath('Team Leader - Customer Service', 'hi')).toBe(
      '/टीम-लीडर-कस्टमर-सर्विस-नौकरियाँ',
    );
    expect(localSlug('C++ / C#')).toBe('c-plus-plus-c-sharp');
  });

  it('gives every job family title a distinct path in every language', () => {
    for (const lang of LANGS) {
      const paths = TITLES.map((t) => roleLandingPath(t, lang));
      expect(
        paths.filter((p) => p === null),
        lang,
      ).toEqual([]);
      expect(new Set(paths).size, lang).toBe(TITLES.length);
    }
  });

  it('reads a path back from the percent-encoded UTF-8 a browser sends', () => {
    for (const lang of ['hi', 'ar'] as const) {
      const path = roleLandingPath('Customer Service Executive', lang)!;
      const sent = new URL(localizedPath(lang, path), 'https://www.example.com').pathname;
      expect(sent).toMatch(/^\/(hi|ar)\/(%[0-9A-F]{2}|[a-z0-9-])+$/);
      const segment = sent.split('/')[2]!;
      expect(`/${decodedSegment(segment)}`).toBe(path);
      expect(isLocalRoleSegment(segment)).toBe(true);
      expect(pageNameFromPath(sent)).toBe('seo-results');
    }
    // English role pages have a skill landing page's shape; others are not landing pages.
    expect(parseSeoSegment('java-developer-jobs')).toEqual({ skill: 'java-developer', city: null });
    expect(isLocalRoleSegment('नौकरियाँ')).toBe(false);
    expect(isLocalRoleSegment('about-us')).toBe(false);
    expect(decodedSegment('%E0%A4')).toBe('%E0%A4');
  });
});

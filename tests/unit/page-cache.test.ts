/**
 * The page cache's own rules: which tags a page carries, how long a job page may be kept, that a
 * page's ETag ignores the server islands' per-render parts, and the signed-in hint cookie.
 */
import { describe, expect, it } from 'vitest';
import { hasSignedInHint } from '~/lib/auth/signed-in-hint';
import {
  PAGE_MAX_AGE,
  cacheJobListPage,
  cacheJobPage,
  cachePublicPage,
  pageETag,
} from '~/server/http/page-cache';
import { ALL_JOBS_TAG, jobPageTags } from '~/server/page-cache/tags';

function fakeAstro(enabled = true) {
  const calls: { maxAge?: number; swr?: number; tags?: string[] }[] = [];
  const astro = {
    cache: { enabled, set: (options: (typeof calls)[number]) => void calls.push(options) },
    locals: { site: { context: 'rexmonster' } } as App.Locals,
  };
  return { astro: astro as unknown as Parameters<typeof cachePublicPage>[0], calls };
}

describe('page cache', () => {
  it('marks a page shared and cacheable with its tags', () => {
    const { astro, calls } = fakeAstro();
    cacheJobListPage(astro);
    expect(astro.locals.sharedPage).toBe(true);
    expect(calls).toEqual([
      { maxAge: PAGE_MAX_AGE, swr: expect.any(Number), tags: ['jobs:rexmonster', ALL_JOBS_TAG] },
    ]);
  });

  it('keeps a job page no longer than the job is open', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    const soon = { id: 7, siteContext: 'rexmonster', expiresAt: new Date(now + 90_500) };
    const { astro, calls } = fakeAstro();
    cacheJobPage(astro, soon, now);
    expect(calls[0]).toMatchObject({ maxAge: 91, tags: jobPageTags(7, 'rexmonster') });

    const open = { id: 8, siteContext: 'rexmonster', expiresAt: null };
    const second = fakeAstro();
    cacheJobPage(second.astro, open, now);
    expect(second.calls[0]?.maxAge).toBe(PAGE_MAX_AGE);
  });

  it('still marks the page shared when the cache is off (development)', () => {
    const { astro, calls } = fakeAstro(false);
    cachePublicPage(astro, ['content']);
    expect(astro.locals.sharedPage).toBe(true);
    expect(calls).toEqual([]);
  });

  it('gives the same page the same ETag whatever its islands’ encrypted props', () => {
    const page = (props: string, id: string) =>
      Buffer.from(
        `<html><link rel="preload" href="/_server-islands/HeaderVisitor?e=${props}&amp;p=x&amp;s=">` +
          `<script data-island-id="${id}">fetch("/_server-islands/HeaderVisitor?e=${props}&p=x&s=")</script>` +
          `<h1>Java developer</h1></html>`,
      );
    const a = pageETag(page('AAA111', '42fd612a-66da-47b7-b59a-0c7a989aed7e'));
    const b = pageETag(page('BBB222', 'f79736eb-524f-4c21-9105-f45ac7cd418e'));
    expect(a).toMatch(/^W\/"[\w-]+"$/);
    expect(b).toBe(a);
    expect(pageETag(Buffer.from('<h1>Java architect</h1>'))).not.toBe(a);
  });

  it('reads the signed-in hint from the cookies', () => {
    expect(hasSignedInHint('a=1; jp_signed_in=1; b=2')).toBe(true);
    expect(hasSignedInHint('jp_signed_in=0')).toBe(false);
    expect(hasSignedInHint('')).toBe(false);
  });
});

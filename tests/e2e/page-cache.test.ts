/**
 * The public pages' cache (src/server/http/page-cache.ts), against the built server: a public
 * page is rendered once and then served from the cache with validators and 304s; the visitor's
 * own parts come from server islands, so two seekers and a guest asking at the same time never get
 * each other's header; a seeker's pages never go to a shared cache, and the dashboard kept in the
 * server (seeker-page-cache.ts) reaches only its session and leaves at a change; and, on PostgreSQL, a job edited through
 * the import (another process) leaves the cached pages at once (pages answered by the fast path,
 * scripts/http/fast-pages.ts, as by the pipeline), and its old ETag no longer gets a 304.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { islandUrls } from './helpers';
import {
  TEST_DATABASE_URL,
  account,
  register,
  scratchDatabase,
  send,
  startPortal,
  stopAllPortals,
  type Portal,
} from './portal';

afterEach(stopAllPortals);

const header = (answer: { headers: Record<string, string | string[] | undefined> }, name: string) =>
  String(answer.headers[name] ?? '');

async function firstJobPath(portal: Portal): Promise<string> {
  const results = await send(portal, 'GET', '/search/results');
  const path = /href="(\/job\/[^"]+)"/.exec(results.body)?.[1];
  expect(path, 'a job on the results page').toBeTruthy();
  return path!;
}

describe('public pages from the cache', { timeout: 180_000 }, () => {
  it('render once, then come from the cache with an ETag, a 304 and shared-cache headers', async () => {
    const portal = await startPortal({});
    const jobPath = await firstJobPath(portal);
    const pages = ['/', jobPath, '/search/results?q=developer', '/hi/'];
    for (const page of [...pages, '/sitemap.xml', '/sitemaps/jobs-1.xml', '/sitemaps/seo.xml']) {
      const first = await send(portal, 'GET', page);
      expect(first.status, page).toBe(200);
      const second = await send(portal, 'GET', page);
      expect(header(second, 'x-astro-cache'), page).toBe('HIT');
      expect(second.body).toBe(first.body);
      expect(header(second, 'cache-control')).toMatch(
        /^public, .*s-maxage=\d+.*stale-while-revalidate=\d+/,
      );
      const etag = header(second, 'etag');
      expect(etag).toMatch(/^W\/"/);
      const revalidated = await send(portal, 'GET', page, { headers: { 'if-none-match': etag } });
      expect(revalidated.status, page).toBe(304);
      expect(revalidated.body).toBe('');
      // Another copy of the page (a different encoding) has the same tag.
      const gzip = await send(portal, 'GET', page, {
        headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
      });
      expect(gzip.status, page).toBe(304);
      // Every answer has an id of its own, even when it is a stored one.
      expect(header(second, 'x-request-id')).not.toBe(header(first, 'x-request-id'));
    }
    // Answers from the cache are logged and counted like any other.
    expect(portal.output()).toMatch(/"route":"\(page cache\)","status":200,"ms":\d+,"cache":"HIT"/);
    const metrics = (await send(portal, 'GET', '/metrics')).body;
    const hits = /cache_lookups_total\{cache="pages",result="hit"\} (\d+)/.exec(metrics)?.[1];
    expect(Number(hits)).toBeGreaterThanOrEqual(14);
    expect(metrics).toMatch(
      /http_requests_total\{method="GET",route="\(page cache\)",status="304"\} \d+/,
    );
  });

  it('never give a seeker another seeker’s header, nor a guest a seeker’s, when asked at once', async () => {
    const portal = await startPortal({});
    const jobPath = await firstJobPath(portal);
    const asha = { ...account('asha'), name: 'Asha Cachetest' };
    const bilal = { ...account('bilal'), name: 'Bilal Cachetest' };
    const visitors = [
      { who: 'asha', cookie: await register(portal, asha), name: asha.name },
      { who: 'bilal', cookie: await register(portal, bilal), name: bilal.name },
      { who: 'guest', cookie: '', name: null },
    ];
    // Asha has applied to the job: only she sees it on the job page.
    const jobId = /-(\d+)$/.exec(jobPath)![1]!;
    const applied = await send(portal, 'POST', '/seeker/apply', {
      body: new URLSearchParams({ jobIds: jobId, returnUrl: jobPath }).toString(),
      headers: {
        cookie: visitors[0]!.cookie,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(applied.status, applied.body.slice(0, 200)).toBe(303);
    expect(String(applied.headers.location)).toContain('applied-success');
    const pages = ['/', jobPath, '/search/results?q=developer', '/ar/'];
    const names = [asha.name, bilal.name, asha.email, bilal.email];

    const rounds: string[][] = [];
    for (let round = 0; round < 5; round++)
      rounds.push(
        await Promise.all(
          visitors.flatMap((visitor) =>
            pages.map(async (page) => {
              const answer = await send(portal, 'GET', page, {
                headers: visitor.cookie ? { cookie: visitor.cookie } : {},
              });
              expect(answer.status, page).toBe(200);
              for (const name of names)
                expect(answer.body, `${visitor.who} ${page}`).not.toContain(name);
              // The page itself offers login: who the visitor is comes from the header island.
              expect(answer.body).toContain('/rio/login');
              const islands = await Promise.all(
                islandUrls(answer.body).map((url) =>
                  send(portal, 'GET', url, {
                    headers: visitor.cookie ? { cookie: visitor.cookie } : {},
                  }),
                ),
              );
              const visitorParts = islands.map((island) => island.body).join('\n');
              for (const island of islands) {
                expect(island.status).toBe(200);
                expect(header(island, 'x-astro-cache')).toBe('');
              }
              for (const other of visitors)
                if (other.name && other.name !== visitor.name)
                  expect(visitorParts, `${visitor.who} ${page}`).not.toContain(other.name);
              if (page === jobPath)
                expect(visitorParts.includes('You have applied to this job'), visitor.who).toBe(
                  visitor.who === 'asha',
                );
              if (visitor.name) {
                expect(visitorParts, `${visitor.who} ${page}`).toContain(visitor.name);
                expect(visitorParts).not.toContain('/rio/login');
              } else {
                expect(visitorParts).toContain('/rio/login');
              }
              return header(answer, 'x-astro-cache');
            }),
          ),
        ),
      );
    // Most of these answers came from the cache, whoever asked.
    expect(rounds.flat().filter((state) => state === 'HIT').length).toBeGreaterThan(30);
  });

  it('send an answer too big for the cache without storing it', async () => {
    // A 1 MB cache keeps nothing over 64 KB: a job page fits, a sitemap of 400 jobs does not.
    const portal = await startPortal({ PAGE_CACHE_MB: '1', DEMO_JOBS: '400' });
    const jobPath = await firstJobPath(portal);
    const sitemap = await send(portal, 'GET', '/sitemaps/jobs-1.xml');
    expect(sitemap.body.length).toBeGreaterThan(64 * 1024);
    for (const page of [jobPath, '/sitemaps/jobs-1.xml']) await send(portal, 'GET', page);
    const again = await send(portal, 'GET', '/sitemaps/jobs-1.xml');
    expect(again.status).toBe(200);
    expect(again.body).toBe(sitemap.body);
    expect(header(again, 'x-astro-cache')).not.toBe('HIT');
    expect(header(await send(portal, 'GET', jobPath), 'x-astro-cache')).toBe('HIT');
  });

  it('keep a seeker’s own pages out of shared caches, and the dashboard in the server for its session only', async () => {
    const portal = await startPortal({});
    const own = { ...account('own'), name: 'Odile Keptpage' };
    const cookie = await register(portal, own);
    for (const page of ['/seeker/dashboard', '/seeker/profile', '/career-services/cart']) {
      const answer = await send(portal, 'GET', page, { headers: { cookie } });
      expect(answer.status, page).toBe(200);
      expect(header(answer, 'cache-control'), page).toBe('private, no-store');
      expect(header(answer, 'x-astro-cache'), page).toBe('');
      expect(header(answer, 'etag'), page).toBe('');
    }
    const dashboard = (as: string) =>
      send(portal, 'GET', '/seeker/dashboard', { headers: { cookie: as } });
    const savedCount = (body: string) => /data-saved-count="(\d+)"/.exec(body)?.[1];
    // Rendered until nothing in it is shown once (the profile dialogs); then kept.
    let kept = await dashboard(cookie);
    for (let i = 0; i < 3 && header(kept, 'x-seeker-cache') !== 'HIT'; i++)
      kept = await dashboard(cookie);
    expect(header(kept, 'x-seeker-cache')).toBe('HIT');
    expect(header(kept, 'cache-control')).toBe('private, no-store');
    expect(kept.body).toContain(own.name);
    expect(savedCount(kept.body)).toBe('0');

    // The same seeker in another browser: that session's page is its own, never the kept one.
    const login = await send(portal, 'POST', '/rio/login', {
      body: new URLSearchParams({ email: own.email, password: own.password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.status, login.body.slice(0, 200)).toBe(303);
    const other = [login.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    expect(header(await dashboard(other), 'x-seeker-cache')).toBe('');
    // Another seeker and a guest never get it.
    const stranger = await register(portal, { ...account('stranger'), name: 'Sol Stranger' });
    const strangers = await dashboard(stranger);
    expect(strangers.body).toContain('Sol Stranger');
    expect(strangers.body).not.toContain(own.name);
    const guest = await send(portal, 'GET', '/seeker/dashboard');
    expect(guest.status).toBe(302);

    // A job saved from the other browser: the first browser's kept page is dropped (the
    // database's notice), not served stale.
    const jobId = /-(\d+)$/.exec(await firstJobPath(portal))![1]!;
    const saved = await send(portal, 'POST', '/seeker/saved-jobs', {
      body: new URLSearchParams({
        jobId,
        intent: 'save',
        returnUrl: '/seeker/saved-jobs',
      }).toString(),
      headers: { cookie: other, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(saved.status, saved.body.slice(0, 200)).toBe(303);
    const deadline = Date.now() + 3_000;
    let fresh = await dashboard(cookie);
    while (savedCount(fresh.body) !== '1' && Date.now() < deadline) fresh = await dashboard(cookie);
    expect(savedCount(fresh.body)).toBe('1');
    expect(savedCount((await dashboard(cookie)).body)).toBe('1');

    // Signed out: the old cookie gets the login page, not the kept dashboard.
    expect(header(await dashboard(cookie), 'x-seeker-cache')).toBe('HIT');
    const out = await send(portal, 'POST', '/rio/sign-out', { headers: { cookie } });
    expect(out.status).toBe(303);
    const after = await dashboard(cookie);
    expect(after.status).toBe(302);
    expect(String(after.headers.location)).toContain('/rio/login');
  });
});

describe.each(TEST_DATABASE_URL ? ['postgres'] : [])(
  'the cache on %s',
  { timeout: 180_000 },
  () => {
    const database = scratchDatabase(`jp_cache_${process.pid}`);

    it('drops a job’s cached pages at once when the import edits it', async () => {
      await database.create();
      const dir = mkdtempSync(path.join(tmpdir(), 'jp-cache-import-'));
      try {
        const portal = await startPortal({
          DATABASE_URL: database.url,
          DEMO_JOBS: '30',
          WORKERS: '2',
        });
        const feed = path.join(dir, 'feed.jsonl');
        const posting = (title: string) =>
          JSON.stringify({
            '@context': 'https://schema.org/',
            '@type': 'JobPosting',
            identifier: { '@type': 'PropertyValue', name: 'feed', value: 'cache-1' },
            title,
            description: '<p>Keep the warehouse moving.</p>',
            datePosted: new Date().toISOString().slice(0, 10),
            employmentType: 'FULL_TIME',
            hiringOrganization: { '@type': 'Organization', name: 'Cachefield Logistics' },
            jobLocation: {
              '@type': 'Place',
              address: { '@type': 'PostalAddress', addressLocality: 'Pune', addressCountry: 'IN' },
            },
          });
        const importFeed = (title: string) => {
          writeFileSync(feed, `${posting(title)}\n`);
          execFileSync('npm', ['run', '--silent', 'import', '--', feed], {
            env: { ...process.env, DATABASE_URL: database.url },
            stdio: 'pipe',
          });
        };
        importFeed('Warehouse Supervisor Quillon');
        const search = '/search/results?q=quillon';
        const listed = await send(portal, 'GET', search);
        const jobPath = /href="(\/job\/[^"]+)"/.exec(listed.body)?.[1];
        expect(jobPath, listed.body.slice(0, 300)).toBeTruthy();
        // Two server processes (WORKERS=2), each with its own cache: warm both.
        const warm = [];
        for (let i = 0; i < 6; i++) warm.push(await send(portal, 'GET', jobPath!));
        expect(warm.filter((a) => header(a, 'x-astro-cache') === 'HIT').length).toBeGreaterThan(1);
        for (const answer of warm) expect(answer.body).toContain('Warehouse Supervisor Quillon');
        for (let i = 0; i < 4; i++) await send(portal, 'GET', search);
        const sitemap = '/sitemaps/jobs-1.xml';
        for (let i = 0; i < 4; i++)
          expect((await send(portal, 'GET', sitemap)).body).toContain(
            'warehouse-supervisor-quillon',
          );

        importFeed('Warehouse Manager Quillon');
        // The notice travels from the import's commit to each process: a moment, far less than
        // the pages' max age. Then every answer, from either process, shows the new title.
        const deadline = Date.now() + 3_000;
        let fresh = 0;
        while (fresh < 6 && Date.now() < deadline) {
          const page = await send(portal, 'GET', jobPath!);
          fresh = page.body.includes('Warehouse Manager Quillon') ? fresh + 1 : 0;
        }
        expect(fresh).toBe(6);
        // A browser holding the old page is not told it is still current, by either process.
        const oldTag = header(warm.at(-1)!, 'etag');
        for (let i = 0; i < 4; i++) {
          const revalidated = await send(portal, 'GET', jobPath!, {
            headers: { 'if-none-match': oldTag },
          });
          expect(revalidated.status).toBe(200);
          expect(revalidated.body).toContain('Warehouse Manager Quillon');
        }
        for (let i = 0; i < 4; i++) {
          const relisted = await send(portal, 'GET', search);
          expect(relisted.body).toContain('Warehouse Manager Quillon');
          expect(relisted.body).not.toContain('Warehouse Supervisor Quillon');
          const relistedSitemap = (await send(portal, 'GET', sitemap)).body;
          expect(relistedSitemap).toContain('warehouse-manager-quillon');
          expect(relistedSitemap).not.toContain('warehouse-supervisor-quillon');
        }
      } finally {
        await stopAllPortals();
        rmSync(dir, { recursive: true, force: true });
        await database.drop();
      }
    });
  },
);

/**
 * A seeker's pages kept in memory (src/server/http/seeker-page-cache.ts): kept only when the page
 * asked and nothing in it was personal to that moment, reached only with the same cookies, and
 * gone when a notice names the seeker, the session writes, or a notice came during the render.
 */
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('~/server/page-cache/listen', () => ({
  listenForPageChanges: vi.fn(async () => {}),
}));

const cache = await import('~/server/http/seeker-page-cache');
const { seekerTag } = await import('~/server/page-cache/tags');

let counter = 0;
function request(token: string, path = '/seeker/dashboard', extraCookie = '') {
  const url = new URL(`http://rexmonster.localhost${path}`);
  const req = new Request(url, {
    headers: {
      cookie: `MSSOCLIENT=${token}${extraCookie}`,
      'accept-encoding': 'br',
      'user-agent': 'Test',
    },
  });
  return cache.seekerRequest(req, url, token)!;
}

const page = (body: string, init: ResponseInit = {}) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/html' }, ...init });

async function text(response: Response | undefined): Promise<string | undefined> {
  if (!response) return undefined;
  const bytes = Buffer.from(await response.arrayBuffer());
  return response.headers.get('content-encoding') === 'br'
    ? brotliDecompressSync(bytes).toString()
    : bytes.toString();
}

/** Renders `body` for `token`'s seeker `user` and lets the cache keep it. */
async function render(token: string, user: string, body: string, init?: ResponseInit) {
  const req = request(token);
  const answer = await cache.keepSeekerPage(
    req,
    { tags: [seekerTag(user)] },
    page(body, init),
    false,
  );
  return { req, answer };
}

beforeAll(async () => {
  // The first page kept starts listening for notices; nothing is kept before that answered.
  await render(`warm${counter++}`, 'nobody', 'warm');
  await new Promise((done) => setTimeout(done, 0));
});

describe('a seeker’s kept pages', () => {
  it('answer the same session with the same page, and no one else', async () => {
    const { req, answer } = await render('tokA', 'u1', '<h1>Asha</h1>');
    expect(await text(answer)).toBe('<h1>Asha</h1>');
    const kept = cache.keptSeekerPage(req)!;
    expect(kept.headers.get('x-seeker-cache')).toBe('HIT');
    expect(await text(kept)).toBe('<h1>Asha</h1>');
    expect(cache.keptSeekerPage(request('tokB'))).toBeUndefined();
    expect(cache.keptSeekerPage(request('tokA', '/seeker/dashboard?views=90'))).toBeUndefined();
    const { collectMetrics } = await import('~/server/ops/metrics');
    expect((await collectMetrics()).text).toMatch(
      /cache_lookups_total\{cache="seeker-pages",result="hit"\} [1-9]/,
    );
    // Another cookie (a choice kept in it) is another page.
    expect(cache.keptSeekerPage(request('tokA', '/seeker/dashboard', '; SPL=1'))).toBeUndefined();
  });

  it('are never kept when personal to the moment, or not asked for', async () => {
    const cases: [string, () => Promise<Response>][] = [
      [
        'sets a cookie',
        async () => (await render('c1', 'u2', 'x', { headers: { 'set-cookie': 'a=1' } })).answer,
      ],
      ['not found', async () => (await render('c2', 'u2', 'x', { status: 404 })).answer],
      [
        'shown once',
        () =>
          cache.keepSeekerPage(
            request('c3'),
            { tags: [seekerTag('u2')], once: true },
            page('x'),
            false,
          ),
      ],
      ['not asked', () => cache.keepSeekerPage(request('c4'), undefined, page('x'), false)],
      [
        'cookies set on the way',
        () => cache.keepSeekerPage(request('c5'), { tags: [seekerTag('u2')] }, page('x'), true),
      ],
    ];
    for (const [name, run] of cases) {
      const answer = await run();
      expect(await text(answer), name).toBe('x');
    }
    for (const token of ['c1', 'c2', 'c3', 'c4', 'c5'])
      expect(cache.keptSeekerPage(request(token)), token).toBeUndefined();
  });

  it('go when a notice names their seeker, and only theirs', async () => {
    const asha = await render('tokC', 'u3', 'asha');
    const ravi = await render('tokD', 'u4', 'ravi');
    cache.dropSeekerPages([seekerTag('u3')]);
    expect(cache.keptSeekerPage(asha.req)).toBeUndefined();
    expect(await text(cache.keptSeekerPage(ravi.req))).toBe('ravi');
  });

  it('go when their session writes, before its answer', async () => {
    const { req } = await render('tokE', 'u5', 'before');
    cache.forgetSession(request('tokE'));
    expect(cache.keptSeekerPage(req)).toBeUndefined();
  });

  it('are not kept when a notice for them came while they rendered', async () => {
    const req = request('tokF');
    // The render read the rows; a write to them committed and was announced before it ended.
    cache.dropSeekerPages([seekerTag('u6')]);
    await cache.keepSeekerPage(req, { tags: [seekerTag('u6')] }, page('stale'), false);
    expect(cache.keptSeekerPage(req)).toBeUndefined();
    // The next render started after the notice: kept.
    await render('tokF', 'u6', 'fresh');
    expect(await text(cache.keptSeekerPage(request('tokF')))).toBe('fresh');
  });
});

/**
 * /seeker/job-alert-list's request (alerts/http-list.ts) on both databases: a seeker's list, the
 * pause, edit and delete POSTs on their own alerts only, a refused save in the page's language, a
 * guest's manage link and a mail's one-click unsubscribe.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brands, siteByContext } from '../../sites';
import type { Lang } from '~/lib/sites/schema';
import { setMailSender } from '~/server/adapters/mail';
import type { SessionUser } from '~/server/accounts/sessions';
import { alertListPage, type AlertListView } from '~/server/alerts/http-list';
import { createAlert, getOwnedAlert, type AlertOwner } from '~/server/alerts/service';
import { alertToken } from '~/server/alerts/tokens';
import { ensureCountries } from '~/server/db/countries';
import { users } from '~/server/db/schema';
import { setLanguage } from '~/server/http/language';
import type { AlertForm } from '~/lib/validation/alerts';
import { backends, useFreshDb, type TestDb } from './db';

const DB_KEY = Symbol.for('jobportal.db');
type G = typeof globalThis & { [DB_KEY]?: Promise<TestDb> };
const site = siteByContext('rexmonster')!;

const form = (over: Partial<AlertForm> = {}): AlertForm => ({
  keywords: 'java developer',
  location: undefined,
  experience: undefined,
  salary: '',
  industries: [],
  function: '',
  frequency: 'daily',
  name: 'Asha Rao',
  email: 'asha@example.com',
  mobile: '',
  ...over,
});

/** The page's context for a request: its URL, method, body and the seeker (or a guest). */
function request(
  path: string,
  options: { user?: SessionUser | null; body?: Record<string, string>; lang?: Lang } = {},
) {
  const url = new URL(path, 'http://rexmonster.localhost:4321');
  const req = new Request(url, {
    method: options.body ? 'POST' : 'GET',
    ...(options.body
      ? {
          body: new URLSearchParams(options.body),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }
      : {}),
  });
  const pathname = url.pathname.replace(/^\/(hi|ar)(?=\/)/, '');
  const locals = {
    site,
    brand: brands.classic,
    user: options.user ?? null,
    pathname,
  } as App.Locals;
  setLanguage(locals, options.lang ?? 'en');
  const response: { status?: number } = {};
  const context = {
    request: req,
    url,
    locals,
    response,
    cookies: { get: () => undefined },
    redirect: (to: string, status = 302) =>
      new Response(null, { status, headers: { location: to } }),
  };
  return { context: context as unknown as Parameters<typeof alertListPage>[0], response };
}

function view(result: Response | AlertListView): AlertListView {
  if (result instanceof Response)
    throw new Error(`redirected to ${result.headers.get('location')}`);
  return result;
}

describe.each(backends)('the alert list page on %s', (backend) => {
  const fresh = useFreshDb(backend);
  let owner: AlertOwner;
  let seeker: SessionUser;
  let alertId: string;

  beforeEach(async () => {
    setMailSender({ name: 'none', send: async () => ({ id: 'm' }) });
    await ensureCountries(fresh.db);
    (globalThis as G)[DB_KEY] = Promise.resolve(fresh.handle);
    const [u] = await fresh.db
      .insert(users)
      .values({ email: 'asha@example.com', siteContext: 'rexmonster', emailVerifiedAt: new Date() })
      .returning();
    owner = { userId: u!.id, email: 'asha@example.com', emailVerified: true };
    seeker = { id: u!.id, email: 'asha@example.com', emailVerified: true } as SessionUser;
    const created = await createAlert({
      site,
      lang: 'en',
      brand: brands.classic,
      origin: 'http://rexmonster.localhost:4321',
      user: owner,
      form: form(),
      db: fresh.db,
    });
    alertId = created.alert.id;
  });
  afterEach(() => {
    delete (globalThis as G)[DB_KEY];
  });

  it("lists the seeker's alerts and sends a guest to the login", async () => {
    const list = view(
      await alertListPage(request('/seeker/job-alert-list', { user: seeker }).context),
    );
    expect(list.kind).toBe('list');
    expect(list.kind === 'list' && list.alerts.map((a) => [a.id, a.status])).toEqual([
      [alertId, 'active'],
    ]);
    expect(list.kind === 'list' && list.alerts[0]!.label).toContain('java developer');
    const guest = await alertListPage(request('/seeker/job-alert-list').context);
    expect(guest).toBeInstanceOf(Response);
    expect((guest as Response).headers.get('location')).toContain('/rio/login');
  });

  it('pauses, then says so; another seeker cannot', async () => {
    const paused = await alertListPage(
      request(`/seeker/job-alert-list?intent=pause&id=${alertId}`, { user: seeker, body: {} })
        .context,
    );
    expect((paused as Response).status).toBe(303);
    expect((paused as Response).headers.get('location')).toBe('/seeker/job-alert-list?done=paused');
    expect((await getOwnedAlert(owner, alertId, fresh.db))?.status).toBe('paused');
    const { context } = request('/hi/seeker/job-alert-list?done=paused', {
      user: seeker,
      lang: 'hi',
    });
    const after = view(await alertListPage(context));
    expect(after.notice).toBe(context.locals.t('alerts:list.paused'));

    const other = {
      id: randomUUID(),
      email: 'ravi@example.com',
      emailVerified: true,
    } as SessionUser;
    const refused = request(`/seeker/job-alert-list?intent=delete&id=${alertId}`, {
      user: other,
      body: {},
    });
    const answer = view(await alertListPage(refused.context));
    expect(refused.response.status).toBe(404);
    expect(answer.alert).toBe(refused.context.locals.t('alerts:messages.notFound'));
  });

  it('shows the edit form, refuses a save without keywords in Arabic, and saves a good one', async () => {
    const edit = view(
      await alertListPage(
        request(`/seeker/job-alert-list?edit=${alertId}`, { user: seeker }).context,
      ),
    );
    expect(edit.kind === 'edit' && edit.values.keywords).toBe('java developer');
    const bad = request(`/ar/seeker/job-alert-list?intent=save&id=${alertId}`, {
      user: seeker,
      lang: 'ar',
      body: { keywords: '', frequency: 'weekly', name: 'Asha Rao', email: 'asha@example.com' },
    });
    const refused = view(await alertListPage(bad.context));
    expect(bad.response.status).toBe(422);
    expect(refused.kind === 'edit' && refused.errors.keywords).toBe(
      bad.context.locals.t('alerts:messages.keywordsRequired'),
    );
    const saved = await alertListPage(
      request(`/seeker/job-alert-list?intent=save&id=${alertId}`, {
        user: seeker,
        body: {
          keywords: 'data analyst',
          frequency: 'weekly',
          name: 'Asha',
          email: 'asha@example.com',
        },
      }).context,
    );
    expect((saved as Response).headers.get('location')).toBe('/seeker/job-alert-list?done=saved');
    expect((await getOwnedAlert(owner, alertId, fresh.db))?.frequency).toBe('weekly');
  });

  it("opens a guest's manage link without a login, and refuses a forged one", async () => {
    const token = alertToken('manage', alertId);
    const managed = view(
      await alertListPage(
        request(`/seeker/job-alert-list?manage=${encodeURIComponent(token)}`).context,
      ),
    );
    expect(managed.kind === 'list' && managed.alerts.map((a) => a.id)).toEqual([alertId]);
    expect(managed.self).toContain('manage=');
    const forged = request('/seeker/job-alert-list?manage=nope');
    expect(view(await alertListPage(forged.context)).kind).toBe('badLink');
    expect(forged.response.status).toBe(400);
  });

  it("asks before a mail's unsubscribe, then unsubscribes with one POST", async () => {
    const token = encodeURIComponent(alertToken('unsubscribe', alertId));
    const ask = view(
      await alertListPage(request(`/seeker/job-alert-list?unsubscribe=${token}`).context),
    );
    expect(ask.kind === 'unsubscribe' && ask.label).toContain('java developer');
    const done = await alertListPage(
      request(`/seeker/job-alert-list?unsubscribe=${token}`, { body: {} }).context,
    );
    expect((done as Response).headers.get('location')).toBe(
      '/seeker/job-alert-success?status=unsubscribed',
    );
    expect(await getOwnedAlert(owner, alertId, fresh.db)).toBeFalsy();
  });
});

/**
 * The search box island's rules (src/lib/search-box/) and stores without a browser: the
 * combobox's keys, the checks before sending (SPEC §5 messages verbatim, in Arabic too), the
 * results URL, where suggestions come from, recent searches kept for guests and logged-in seekers
 * (src/lib/search-box/recent-store.ts), the industry rule, voice search's fields, and the session
 * store. The island itself is covered by e2e/search.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchMessages } from '~/components/search/strings';
import { createApiClient } from '~/lib/api-client';
import { getT, type Translate } from '~/lib/i18n';
import { industryChoice } from '~/lib/search-box/advanced';
import {
  announcement,
  CLOSED,
  currentTerm,
  onKey,
  showing,
  withTerm,
  type ComboState,
} from '~/lib/search-box/combobox-state';
import { checkSearch, formFilters, resultsUrl } from '~/lib/search-box/submit';
import {
  citySuggester,
  keywordSuggester,
  popularCityChoices,
  recentKeywords,
  toAutoFill,
} from '~/lib/search-box/suggest';
import { semanticFields, voiceSearch } from '~/lib/search-box/voice';
import { recentLabel, type RecentSearch } from '~/lib/search/recent';

const s = (keywords: string, location = '', experience: number | null = null): RecentSearch => ({
  keywords,
  location,
  experience,
});

describe('combobox keys', () => {
  const three = showing([{ value: 'java' }, { value: 'javascript' }, { value: 'jira' }]);
  const press = (state: ComboState, ...keys: string[]) =>
    keys.reduce((st, key) => onKey(st, key, 'ja').state, state);

  it('opens on ArrowDown at the first option and on ArrowUp at the last, wrapping around', () => {
    const closed = { ...three, open: false };
    expect(onKey(closed, 'ArrowDown', 'ja')).toMatchObject({
      kind: 'moved',
      state: { open: true, active: 0 },
    });
    expect(onKey(closed, 'ArrowUp', 'ja').state.active).toBe(2);
    expect(press(three, 'ArrowDown', 'ArrowDown', 'ArrowDown').active).toBe(2);
    expect(press(three, 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown').active).toBe(0);
    expect(press(three, 'ArrowDown', 'ArrowUp').active).toBe(2);
  });

  it('asks for suggestions on an arrow key when there are none yet', () => {
    expect(onKey(CLOSED, 'ArrowDown', 'ja').kind).toBe('request');
  });

  it('picks the highlighted option on Enter, and lets Enter send the form otherwise', () => {
    const picked = onKey(press(three, 'ArrowDown', 'ArrowDown'), 'Enter', 'ja');
    expect(picked).toMatchObject({
      kind: 'pick',
      option: { value: 'javascript' },
      state: { open: false },
    });
    const none = onKey(three, 'Enter', 'ja');
    expect(none.kind).toBe('none');
    expect(none.state.open).toBe(false);
  });

  it('closes on Escape, clears on a second one; Tab closes', () => {
    const first = onKey(three, 'Escape', 'ja');
    expect(first).toMatchObject({ kind: 'moved', state: { open: false, escaped: true } });
    expect(onKey(first.state, 'Escape', '').kind).toBe('clear');
    // Closed with nothing typed and no Escape before: nothing to do.
    expect(onKey(CLOSED, 'Escape', '').kind).toBe('none');
    expect(onKey(CLOSED, 'Escape', 'java').kind).toBe('clear');
    // Another key in between forgets the first Escape.
    expect(onKey(onKey(first.state, 'a', '').state, 'Escape', '').kind).toBe('none');
    expect(onKey(three, 'Tab', 'ja')).toMatchObject({ kind: 'none', state: { open: false } });
  });

  it('completes the last comma-separated keyword', () => {
    expect(currentTerm('java, reac', true)).toBe('reac');
    expect(currentTerm(' Pune ', false)).toBe('Pune');
    expect(withTerm('java, reac', 'React', true)).toBe('java, React, ');
    expect(withTerm('reac', 'React', true)).toBe('React, ');
    expect(withTerm('Pu', 'Pune', false)).toBe('Pune');
    // Arabic keywords are separated by the Arabic comma too.
    expect(currentTerm('محاسب، مهن', true)).toBe('مهن');
    expect(withTerm('محاسب، مهن', 'مهندس مدني', true)).toBe('محاسب، مهندس مدني, ');
  });

  it('announces how many suggestions there are', () => {
    const one = '{{count}} suggestion available.';
    const other = '{{count}} suggestions available.';
    expect(announcement(0, one, other)).toBe('');
    expect(announcement(1, one, other)).toBe('1 suggestion available.');
    expect(announcement(8, one, other)).toBe('8 suggestions available.');
    expect(showing([])).toEqual(CLOSED);
  });
});

describe('checking the search box', () => {
  const translate =
    (lang: 'en' | 'ar'): Translate =>
    (key, options) =>
      getT(lang)(key, options ?? {});
  const messages = searchMessages(translate('ar'));
  const ar = (m: string) => messages[m] ?? m;
  const en = (m: string) => m;

  it('gives the SPEC §5 messages verbatim, first field first', () => {
    expect(checkSearch({ keywords: ' ', location: '', experience: '' }, en)).toEqual({
      ok: false,
      errors: { keywords: 'Please enter a job title/role/skill to search' },
      first: 'keywords',
    });
    expect(checkSearch({ keywords: '@#$%', location: '', experience: '' }, en)).toMatchObject({
      errors: { keywords: 'Only special character(s) are not allowed' },
    });
    const both = checkSearch({ keywords: '', location: '12345', experience: '' }, en);
    expect(both).toMatchObject({
      errors: {
        keywords: 'Please enter a job title/role/skill to search',
        location: 'Please enter a valid location.',
      },
      first: 'keywords',
    });
    expect(checkSearch({ keywords: 'sales', location: '12345', experience: '' }, en)).toEqual({
      ok: false,
      errors: { location: 'Please enter a valid location.' },
      first: 'location',
    });
  });

  it('shows them in the page language', () => {
    expect(checkSearch({ keywords: '', location: '', experience: '' }, ar)).toMatchObject({
      errors: { keywords: 'يرجى إدخال مسمى وظيفي أو دور أو مهارة للبحث' },
    });
    expect(checkSearch({ keywords: 'sales', location: '12345', experience: '' }, ar)).toMatchObject(
      { errors: { location: 'يرجى إدخال موقع صالح.' } },
    );
  });

  it('cleans a valid search and builds its results URL without empty parts', () => {
    const result = checkSearch({ keywords: 'Java!! developer', location: '', experience: '3' }, en);
    expect(result).toEqual({ ok: true, search: s('Java developer', '', 3) });
    if (!result.ok) return;
    expect(resultsUrl('/ar/search/results', result.search)).toBe(
      '/ar/search/results?q=Java+developer&experience=3',
    );
    expect(resultsUrl('/search/results', s(''))).toBe('/search/results');
  });

  it('sends the advanced filters, repeated keys and comma lists alike, once each', () => {
    const data = new FormData();
    data.append('q', 'java');
    data.append('location', 'Pune');
    data.append('skills', ' spring, java ,,spring ');
    data.append('industries', '12');
    data.append('industries', '40');
    data.append('functions', '');
    const filters = formFilters(data);
    expect(filters).toEqual({ skills: ['spring', 'java'], industries: ['12', '40'] });
    expect(resultsUrl('/search/results', s('java', 'Pune'), filters)).toBe(
      '/search/results?q=java&location=Pune&skills=spring%2Cjava&industries=12%2C40',
    );
  });
});

/** An API client whose fetch answers from `answer` and records what was asked. */
function fakeApi(answer: (url: URL, init?: RequestInit) => unknown) {
  const asked: { url: URL; init?: RequestInit }[] = [];
  const api = createApiClient({
    baseUrl: 'http://rexmonster.localhost/api/',
    site: { context: 'rexmonster', countryAbv: 'in' },
    fetch: async (input, init) => {
      const url = new URL(String(input));
      asked.push({ url, init });
      const data = answer(url, init);
      return new Response(
        JSON.stringify({ success: true, error: '', status: 0, errors: [], data }),
        {
          headers: { 'content-type': 'application/json' },
        },
      );
    },
  });
  return { api, asked };
}

describe('suggestions', () => {
  const signal = new AbortController().signal;
  const kinds = { title: 'Title', skill: 'Skill', company: 'Company', recent: 'Recent' };
  const answer = [
    { value: 'Sales Manager', kind: 'title' },
    { value: 'Salem', kind: 'city' },
    { value: 'SAP', kind: 'skill' },
    'Saleforce',
    { nope: 1 },
    ...Array.from({ length: 10 }, (_, i) => ({ value: `Skill ${i}`, kind: 'skill' })),
  ];

  it('reads the auto-fill answer, plain or wrapped', () => {
    expect(toAutoFill({ suggestions: ['a', { value: 'b', kind: 'skill' }, 3] })).toEqual([
      { value: 'a' },
      { value: 'b', kind: 'skill' },
    ]);
    expect(toAutoFill(null)).toEqual([]);
  });

  it('suggests keywords (no cities) with their kind, at most 8', async () => {
    const { api, asked } = fakeApi(() => answer);
    const found = await keywordSuggester(api, kinds)('sa', signal);
    expect(asked[0]?.url.searchParams.get('text')).toBe('sa');
    expect(asked[0]?.url.searchParams.get('appName')).toBe('seeker');
    expect(found).toHaveLength(8);
    expect(found.slice(0, 3)).toEqual([
      { value: 'Sales Manager', hint: 'Title' },
      { value: 'SAP', hint: 'Skill' },
      { value: 'Saleforce', hint: undefined },
    ]);
  });

  it("suggests the API's cities, then popular ones starting with the text, once each", async () => {
    const { api } = fakeApi(() => [{ value: 'Salem', kind: 'city' }, { value: 'Sales' }]);
    const found = await citySuggester(api, ['Surat', 'salem', 'Satara', 'Pune'])('sa', signal);
    expect(found).toEqual([{ value: 'Salem' }, { value: 'Satara' }]);
  });

  it('offers recent keywords and popular cities before anything is typed', () => {
    const recent = [s('Java'), s('java', 'Pune'), s('sales'), s('a'), s('b'), s('c'), s('d')];
    expect(recentKeywords(recent, 'Recent').map((r) => r.value)).toEqual([
      'Java',
      'sales',
      'a',
      'b',
      'c',
    ]);
    const cities = Array.from({ length: 12 }, (_, i) => `City ${i}`);
    expect(popularCityChoices(cities, 'Popular')).toHaveLength(8);
    expect(popularCityChoices(cities, 'Popular')[0]).toEqual({ value: 'City 0', hint: 'Popular' });
  });
});

describe('recent searches kept', () => {
  const stored = new Map<string, string>();
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  };
  afterEach(() => {
    stored.clear();
    vi.unstubAllGlobals();
    vi.resetModules();
  });
  /** A fresh store module (its list and loads are per page). */
  const freshStore = () => {
    vi.resetModules();
    return import('~/lib/search-box/recent-store');
  };

  it("keeps a guest's searches in the browser per site, newest first, once each", async () => {
    vi.stubGlobal('localStorage', storage);
    const store = await freshStore();
    const guest = { siteContext: 'rexmonster', signedIn: false };
    await store.recordRecentSearch(guest, s('java'));
    await store.recordRecentSearch(guest, s('python', 'Pune'));
    await store.recordRecentSearch(guest, s('JAVA'));
    const list = [s('JAVA'), s('python', 'Pune')];
    expect(store.$recentSearches.get()).toEqual(list);
    expect(await store.loadRecentSearches(guest)).toEqual(list);
    expect(JSON.parse(stored.get(store.storageKey('rexmonster')) ?? '[]')).toEqual(list);
    // The next page reads what this one kept; another site keeps its own.
    const next = await freshStore();
    expect(await next.loadRecentSearches(guest)).toEqual(list);
    expect(await next.loadRecentSearches({ siteContext: 'monstergulf', signedIn: false })).toEqual(
      [],
    );
    next.clearRecentSearches('rexmonster');
    expect(next.$recentSearches.get()).toEqual([]);
    expect(await (await freshStore()).loadRecentSearches(guest)).toEqual([]);
  });

  it('starts over when the stored value is broken or storage is blocked', async () => {
    vi.stubGlobal('localStorage', storage);
    stored.set('jobportal.recentSearches.rexmonster', '{not json');
    const guest = { siteContext: 'rexmonster', signedIn: false };
    expect(await (await freshStore()).loadRecentSearches(guest)).toEqual([]);
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    });
    const store = await freshStore();
    await store.recordRecentSearch(guest, s('java'));
    expect(store.$recentSearches.get()).toEqual([s('java')]);
  });

  it("saves a logged-in seeker's search through the API, then lists theirs", async () => {
    vi.stubGlobal('localStorage', storage);
    const { api, asked } = fakeApi((_url, init) =>
      init?.method === 'POST' ? null : { searches: [{ keywords: 'java', experience: 2 }] },
    );
    const store = await freshStore();
    const seeker = { api, siteContext: 'rexmonster', signedIn: true };
    // The search box may ask for the list before the page's record has been saved.
    const recorded = store.recordRecentSearch(seeker, s('java', '', 2));
    const list = await store.loadRecentSearches(seeker);
    await recorded;
    expect(asked.map((a) => `${a.init?.method} ${a.url.pathname}`)).toEqual([
      'POST /api/middleware/recentSearch',
      'GET /api/middleware/recentSearch',
    ]);
    expect(JSON.parse(String(asked[0]?.init?.body))).toEqual({
      keywords: 'java',
      location: '',
      experience: 2,
    });
    expect(list).toEqual([s('java', '', 2)]);
    expect(store.$recentSearches.get()).toEqual(list);
    expect(stored.size).toBe(0);
  });

  it('shows a list the server gave without asking, and asks again on refresh', async () => {
    const { api, asked } = fakeApi(() => ({ searches: [{ keywords: 'python' }] }));
    const store = await freshStore();
    const seeker = { api, siteContext: 'rexmonster', signedIn: true };
    store.seedRecentSearches(seeker, [s('java')]);
    expect(await store.loadRecentSearches(seeker)).toEqual([s('java')]);
    expect(asked).toHaveLength(0);
    expect(await store.refreshRecentSearches(seeker)).toEqual([s('python')]);
    expect(store.$recentSearches.get()).toEqual([s('python')]);
  });

  it("forgets a seeker's list on logout", async () => {
    const store = await freshStore();
    // The same session module the fresh store listens to.
    const session = await import('~/stores/session');
    session.setLoggedIn(true);
    store.seedRecentSearches({ siteContext: 'rexmonster', signedIn: true }, [s('java')]);
    session.markLoggedOut([]);
    expect(store.$recentSearches.get()).toEqual([]);
  });

  it('labels a recent search "keywords · location · years"', () => {
    expect(recentLabel(s('python', 'Pune', 3), '3 years')).toBe('python · Pune · 3 years');
    expect(recentLabel(s('JAVA'), undefined)).toBe('JAVA');
  });
});

describe('advanced search', () => {
  it('keeps at most two industries ticked and says when the limit is reached', () => {
    expect(industryChoice([true, false, false], 0, 2)).toEqual({
      ticked: [true, false, false],
      full: false,
    });
    expect(industryChoice([true, true, false], 1, 2).full).toBe(true);
    // A third tick (e.g. before the others were disabled) is undone.
    expect(industryChoice([true, true, true], 2, 2)).toEqual({
      ticked: [true, true, false],
      full: true,
    });
    expect(industryChoice([true, false, false], 1, 2).full).toBe(false);
  });
});

describe('voice search', () => {
  it("fills the fields from getSemantic's answer, experience only when it is 0-50 years", () => {
    expect(semanticFields({ keywords: 'java developer', location: 'Pune', experience: 3 })).toEqual(
      { keywords: 'java developer', location: 'Pune', experience: '3' },
    );
    expect(semanticFields({ keywords: 'java', experience: 70 })).toEqual({
      keywords: 'java',
      location: '',
      experience: '',
    });
    expect(semanticFields({ experience: null }).experience).toBe('');
  });

  it('sends the transcript to getSemantic, else fills the keywords with it cleaned', async () => {
    const { api, asked } = fakeApi(() => ({ keywords: 'java', location: 'Pune', experience: 3 }));
    expect(await voiceSearch(api, 'java jobs in Pune 3 years')).toEqual({
      keywords: 'java',
      location: 'Pune',
      experience: '3',
    });
    expect(JSON.parse(String(asked[0]?.init?.body))).toEqual({ text: 'java jobs in Pune 3 years' });
    const { api: empty } = fakeApi(() => null);
    expect(await voiceSearch(empty, 'c++ developer!')).toEqual({ keywords: 'c++ developer' });
  });
});

describe('session store', () => {
  afterEach(() => vi.resetModules());

  it('tells tracking the user type and clears the chat state on logout', async () => {
    const session = await import('~/stores/session');
    expect(session.$loggedIn.get()).toBe(false);
    expect(session.$userType.get()).toBe('guest');
    session.setLoggedIn(true);
    expect(session.$userType.get()).toBe('user');
    session.$chatCount.set(3);
    const kept = new Map([
      ['chat:thread', '1'],
      ['chat:unread', '3'],
      ['jobportal.recentSearches.rexmonster', '[]'],
    ]);
    const storage = {
      get length() {
        return kept.size;
      },
      key: (i: number) => [...kept.keys()][i] ?? null,
      removeItem: (key: string) => void kept.delete(key),
    } as unknown as Storage;
    session.markLoggedOut([storage]);
    expect(session.$loggedIn.get()).toBe(false);
    expect(session.$userType.get()).toBe('guest');
    expect(session.$chatCount.get()).toBe(0);
    expect([...kept.keys()]).toEqual(['jobportal.recentSearches.rexmonster']);
  });
});

/**
 * The parts of a results page (components/search/results/, laid out by SearchResults.astro) as a
 * reader of each language sees them, rendered with a given search on two sites: how many jobs and
 * which of them, the active filters, the line that says the words were corrected, and what an
 * empty search says. (The whole page, with the search box island, is e2e's: tests/e2e/search.)
 */
import { describe, expect, it } from 'vitest';
import CorrectionLine from '~/components/search/results/CorrectionLine.astro';
import FilterChips from '~/components/search/results/FilterChips.astro';
import NoResults from '~/components/search/results/NoResults.astro';
import ResultList from '~/components/search/results/ResultList.astro';
import ResultsBar from '~/components/search/results/ResultsBar.astro';
import { jobWord } from '~/lib/format/job-words';
import { formatNumber } from '~/lib/format/numbers';
import { EMPTY_SEARCH, toQuery, type SearchState } from '~/lib/search/state';
import { SEARCH_NO_RESULTS } from '~/lib/validation/search';
import type { JobSummary } from '~/server/jobs/service';
import type { SearchResult } from '~/server/search/types';
import { localsFor, render, seen, textOf } from './render';

const job = (n: number) =>
  ({
    id: `f1d7a8f8-1111-4c1e-9a0e-${String(n).padStart(12, '0')}`,
    slug: `accountant-${n}`,
    title: `Accountant ${n}`,
    companyName: 'Harbour Ledger Pvt Ltd',
    locations: ['Mumbai'],
    experienceMin: 1,
    experienceMax: 4,
    salaryHidden: true,
    postedAt: new Date('2026-11-20T06:30:00Z'),
    isWalkin: false,
  }) as unknown as JobSummary;

const state = (over: Partial<SearchState>): SearchState => ({ ...EMPTY_SEARCH, ...over });
const hrefFor = (next: SearchState) => `/search/results?${toQuery(next).toString()}`;

describe.each(['india', 'gulf'])('a results page on %s', (site) => {
  describe.each(['en', 'hi', 'ar'] as const)('in %s', (lang) => {
    const { t } = localsFor(site, lang);
    const fmt = (n: number) => formatNumber(n, lang, localsFor(site, lang).site);
    const as = (props: Record<string, unknown>) => ({ site, lang, path: '/search/results', props });

    it('says which jobs of how many page 2 shows, numbered from 21', async () => {
      const s = state({ q: 'accountant', page: 2 });
      const jobs = Array.from({ length: 20 }, (_, i) => job(21 + i));
      const result: SearchResult = {
        state: s,
        jobs,
        total: 45,
        page: 2,
        pageSize: 20,
        totalPages: 3,
        facets: {},
        totalExact: true,
        facetsExact: true,
      };
      const bar = await render(ResultsBar, as({ result, state: s, from: 21, to: 40, hrefFor }));
      expect(textOf(bar)).toContain(
        seen(t('search:results.count', { count: 45, total: fmt(45), from: fmt(21), to: fmt(40) })),
      );
      expect(bar).toMatch(/<a href="\/search\/results\?q=accountant&amp;sort=date" rel="nofollow"/);
      const list = await render(ResultList, as({ jobs, start: 21, walkin: false }));
      expect(list.match(/<li class="result"/g)).toHaveLength(20);
      expect(list).toMatch(/<ol class="plain result-list" start="21"/);
      expect(textOf(list)).toContain('Accountant 40');
    });

    it('shows an active filter as a chip that removes it', async () => {
      const s = state({ q: 'accountant', filters: { jobCities: ['Mumbai'] } });
      const html = await render(FilterChips, as({ state: s, facets: {}, hrefFor }));
      expect(html).toMatch(/<a href="\/search\/results\?q=accountant" rel="nofollow" aria-label="/);
      expect(textOf(html)).toContain(t('search:results.clearAll'));
      const none = await render(FilterChips, as({ state: state({ q: 'x' }), facets: {}, hrefFor }));
      expect(textOf(none)).toBe('');
    });

    it('says the corrected words it searched for and offers the words as typed', async () => {
      const s = state({ q: 'acountant' });
      const understood = { q: 'accountant', location: '', corrected: true, shownQ: 'accountant' };
      const html = await render(CorrectionLine, as({ understood, state: s, hrefFor }));
      const [before = '', after = ''] = t('search:results.showingFor', { q: '\u0000' }).split(
        '\u0000',
      );
      const text = textOf(html);
      expect(text).toContain(seen(`${before}${jobWord('accountant', lang)}`));
      expect(text).toContain(seen(after));
      expect(html).toMatch(
        /<a href="\/search\/results\?q=acountant&amp;typed=1" dir="auto"[^>]*>acountant<\/a>/,
      );
    });

    it('says no job was found, or offers other words when it has them', async () => {
      const s = state({ q: 'zzqxv' });
      const none = textOf(await render(NoResults, as({ didYouMean: [], state: s, hrefFor })));
      expect(none).toBe(seen(t('search:messages.noResults')));
      if (lang !== 'en') expect(none).not.toContain(SEARCH_NO_RESULTS);
      const offered = await render(
        NoResults,
        as({ didYouMean: ['accountant'], state: s, hrefFor }),
      );
      expect(textOf(offered)).toContain(seen(t('search:results.didYouMean')));
      expect(offered).toMatch(
        /<a href="\/search\/results\?q=accountant" dir="auto"[^>]*>accountant<\/a>/,
      );
    });
  });
});

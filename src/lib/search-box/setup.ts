/**
 * Wires one server-rendered search box (src/components/search/SearchBox.astro): autosuggest on
 * the keywords and location, the checks before sending, advanced search's industry rule, voice
 * search, and recent searches (this results page's search saved first; listed under the hero
 * box). Marks the box `data-ready` when done. Without JavaScript the form works as it is.
 */
import { createApiClient } from '~/lib/api-client';
import { hasSignedInHint } from '~/lib/auth/signed-in-hint';
import type { RecentSearch } from '~/lib/search/recent';
import { enhanceIndustries } from './advanced';
import { combobox } from './combobox';
import { readConfig } from './config';
import { hasFieldError, setFieldError } from './field-errors';
import { clearGuestRecent, loadRecent } from './recent-store';
import { renderRecent, type RecentView } from './recent-view';
import { checkSearch, formFilters, resultsUrl, BOX_FIELDS, type BoxField } from './submit';
import { citySuggester, keywordSuggester, popularCityChoices, recentKeywords } from './suggest';
import { enhanceVoice } from './voice';

export function setupSearchBox(root: HTMLElement): void {
  const config = readConfig(root);
  const form = root.querySelector('form');
  if (root.dataset.ready || !config || !form) return;
  const { strings } = config;
  const api = createApiClient({
    site: { context: config.site.context, countryAbv: config.site.countryAbv },
    lang: config.lang,
  });
  const controls = {
    keywords: form.querySelector<HTMLInputElement>('input[name="q"]'),
    location: form.querySelector<HTMLInputElement>('input[name="location"]'),
    experience: form.querySelector<HTMLSelectElement>('select[name="experience"]'),
  };
  const clearError = (field: BoxField) => {
    const control = controls[field];
    if (control && hasFieldError(control)) setFieldError(control, undefined);
  };
  let recent: RecentSearch[] = [];

  const counts = { one: strings.suggestionsOne, other: strings.suggestionsOther };
  const keywords =
    controls.keywords &&
    combobox(controls.keywords, {
      suggest: keywordSuggester(api, strings.kinds),
      emptySuggestions: () => recentKeywords(recent, strings.kinds.recent ?? ''),
      multi: true,
      strings: counts,
      onChange: () => clearError('keywords'),
    });
  const location =
    controls.location &&
    combobox(controls.location, {
      suggest: citySuggester(api, config.popularCities),
      emptySuggestions: () => popularCityChoices(config.popularCities, strings.kinds.popular ?? ''),
      strings: counts,
      onChange: () => clearError('location'),
    });
  controls.experience?.addEventListener('change', () => clearError('experience'));

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const result = checkSearch(
      {
        keywords: controls.keywords?.value ?? '',
        location: controls.location?.value ?? '',
        experience: controls.experience?.value ?? '',
      },
      (message) => strings.messages[message] ?? message,
    );
    for (const field of BOX_FIELDS) {
      const control = controls[field];
      if (control) setFieldError(control, result.ok ? undefined : result.errors[field]);
    }
    if (!result.ok) {
      controls[result.first]?.focus();
      return;
    }
    window.location.assign(
      resultsUrl(config.action, result.search, formFilters(new FormData(form))),
    );
  });

  enhanceIndustries(form);
  const keywordsWrap = controls.keywords?.closest('.sb-input-wrap');
  const row = form.querySelector('.sb-row');
  if (keywordsWrap && row)
    enhanceVoice({
      root,
      slot: keywordsWrap,
      statusAfter: row,
      api,
      lang: `${config.lang}-${config.site.isoCode}`,
      strings,
      fill: (fields) => {
        if (fields.keywords !== undefined) keywords?.setValue(fields.keywords);
        if (fields.location !== undefined) location?.setValue(fields.location);
        if (fields.experience !== undefined && controls.experience) {
          controls.experience.value = fields.experience;
          clearError('experience');
        }
      },
      focusKeywords: () => controls.keywords?.focus(),
    });

  const signedIn = config.loggedIn ?? hasSignedInHint();
  const view: RecentView = {
    root,
    experience: controls.experience,
    href: (search) => resultsUrl(config.action, search),
    onClear: signedIn
      ? null
      : () => {
          clearGuestRecent(config.site.context);
          recent = [];
          renderRecent(view, recent);
        },
  };
  loadRecent(api, config.site.context, signedIn, config.record)
    .then((list) => {
      recent = list;
      renderRecent(view, recent);
    })
    .catch(() => undefined);
  root.dataset.ready = 'true';
}

/**
 * The search box's translated strings, built on the server with locals.t: the labels
 * SearchBox.astro renders and the few its script needs (only the page's language is sent). Also
 * the SPEC §5 message translations the results pages show for the server's check of the same
 * input.
 */
import type { Translate, TranslationKey } from '~/lib/i18n';
import type { SearchBoxClientStrings } from '~/islands/SearchBox/types';
import { SEARCH_MAX_INDUSTRIES } from '~/lib/search/parse';
import { FILTER_KEYS, type FilterKey } from '~/lib/search/state';
import {
  SEARCH_INVALID_EXPERIENCE,
  SEARCH_INVALID_LOCATION,
  SEARCH_KEYWORDS_REQUIRED,
  SEARCH_NO_RESULTS,
  SEARCH_ONLY_SPECIAL,
} from '~/lib/validation/search';

/** SPEC §5: the industry filter rule, verbatim (as the search state parser reports it). */
export const INDUSTRIES_RULE = SEARCH_MAX_INDUSTRIES;

export interface Option {
  value: string;
  label: string;
}

/** English message (as the schema and the search service give it) → translation key. */
export const MESSAGE_KEYS: Record<string, TranslationKey> = {
  [SEARCH_KEYWORDS_REQUIRED]: 'search:messages.keywordsRequired',
  [SEARCH_ONLY_SPECIAL]: 'search:messages.onlySpecial',
  [SEARCH_INVALID_LOCATION]: 'search:messages.invalidLocation',
  [SEARCH_NO_RESULTS]: 'search:messages.noResults',
  [SEARCH_INVALID_EXPERIENCE]: 'search:messages.invalidExperience',
  [INDUSTRIES_RULE]: 'search:messages.industriesRule',
};

/** The shown text of a search message: translated when we know it, else as given. */
export function translateMessage(t: Translate, message: string): string {
  const key = MESSAGE_KEYS[message];
  return key ? t(key) : message;
}

export function searchMessages(t: Translate): Record<string, string> {
  return Object.fromEntries(Object.entries(MESSAGE_KEYS).map(([en, key]) => [en, t(key)]));
}

export function filterLabels(t: Translate): Record<FilterKey, string> {
  return Object.fromEntries(FILTER_KEYS.map((k) => [k, t(`search:filters.${k}`)])) as Record<
    FilterKey,
    string
  >;
}

/** Years 0-50 for the experience picker ("0 years", "1 year", ...). */
export function experienceOptions(t: Translate): Option[] {
  return Array.from({ length: 51 }, (_, y) => ({
    value: String(y),
    label: t('search.experienceYears', { count: y }),
  }));
}

/** The labels SearchBox.astro and AdvancedSearch.astro render. */
export function searchBoxLabels(t: Translate) {
  return {
    keywordsLabel: t('search.keywordsLabel'),
    keywordsPlaceholder: t('search.keywords'),
    locationLabel: t('search.location'),
    locationPlaceholder: t('search.locationPlaceholder'),
    experienceLabel: t('search.experience'),
    experienceAny: t('search.experienceAny'),
    submit: t('search.submit'),
    /** "Search" landmark name. */
    formLabel: t('header.searchJobs'),
    advanced: t('search.advanced'),
    advancedHint: t('search:box.advancedHint'),
    /** "Separate several with commas". */
    commaHint: t('search:box.commaHint'),
    filterLabels: filterLabels(t),
    /** SPEC §5 industries rule, translated. */
    industriesRule: t('search:messages.industriesRule'),
    anyOption: t('search:box.any'),
    recentHeading: t('search:box.recent'),
    clearRecent: t('search:box.clearRecent'),
    suggestionsLabel: t('search:box.suggestionsLabel'),
    voiceStart: t('search:box.voice'),
  };
}

export type SearchBoxLabels = ReturnType<typeof searchBoxLabels>;

/** What the box's script shows: suggestion counts and kinds, voice search, the messages. */
export function searchBoxClientStrings(t: Translate): SearchBoxClientStrings {
  return {
    suggestionsOne: t('search:box.suggestions_one', { count: '{{count}}' }),
    suggestionsOther: t('search:box.suggestions_other', { count: '{{count}}' }),
    kinds: {
      title: t('search:box.kinds.title'),
      skill: t('search:box.kinds.skill'),
      company: t('search:box.kinds.company'),
      city: t('search:box.kinds.city'),
      recent: t('search:box.kinds.recent'),
      popular: t('search:box.kinds.popular'),
    },
    voiceListening: t('search:box.voiceListening'),
    voiceHeard: t('search:box.voiceHeard', { text: '{{text}}' }),
    voiceError: t('search:box.voiceError'),
    messages: searchMessages(t),
  };
}

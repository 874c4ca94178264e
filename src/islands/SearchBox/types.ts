/** Props of the SearchBox island: plain data only (the page translates every string). */
import type { FilterKey } from '~/lib/search/state';
import type { RecentSearch } from '~/stores/search';

export interface Option {
  value: string;
  label: string;
}

export interface SearchBoxStrings {
  keywordsLabel: string;
  keywordsPlaceholder: string;
  locationLabel: string;
  locationPlaceholder: string;
  experienceLabel: string;
  experienceAny: string;
  submit: string;
  /** "Search" landmark name. */
  formLabel: string;
  advanced: string;
  advancedHint: string;
  /** "Separate several with commas". */
  commaHint: string;
  filterLabels: Record<FilterKey, string>;
  /** SPEC §5 industries rule, translated. */
  industriesRule: string;
  anyOption: string;
  recentHeading: string;
  clearRecent: string;
  /** "{{count}} suggestion(s) available" in the singular and plural; {{count}} is replaced. */
  suggestionsOne: string;
  suggestionsOther: string;
  suggestionsLabel: string;
  /** Hints next to suggestions by kind: title, skill, company, city, recent, popular. */
  kinds: Record<string, string>;
  voiceStart: string;
  voiceListening: string;
  /** "Heard: {{text}}". */
  voiceHeard: string;
  voiceError: string;
  /** SPEC §5 and other search messages: English text (as the validation schema gives it) → shown text. */
  messages: Record<string, string>;
}

export interface SearchBoxProps {
  variant: 'hero' | 'compact';
  /** Localized path of the results page (the form's action). */
  action: string;
  lang: string;
  site: { context: string; countryAbv: string; isoCode: string };
  /** Undefined on a shared (cached) page: the browser tells from the signed-in hint cookie. */
  loggedIn?: boolean;
  initial: {
    keywords: string;
    location: string;
    /** '' for any, else whole years. */
    experience: string;
    filters: Partial<Record<FilterKey, string[]>>;
  };
  /** Messages from the server's check of the same input (no-JS submissions), translated. */
  errors?: Partial<Record<'keywords' | 'location' | 'experience', string>>;
  strings: SearchBoxStrings;
  experienceOptions: Option[];
  /** Value lists for the advanced search's pick lists (hero only); free-text keys need none. */
  advancedOptions?: Partial<Record<FilterKey, Option[]>>;
  /** The site's busiest cities: location suggestions before anything is typed. */
  popularCities?: string[];
  /** Results page: remember this search (it ran and was valid) as the newest recent search. */
  record?: RecentSearch | null;
}

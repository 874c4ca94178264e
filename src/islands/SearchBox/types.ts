/**
 * The search box island's props: everything in the page's language, built on the server by
 * SearchBox.astro (src/components/search/strings.ts). Nothing per visitor: home, results and SEO
 * pages are cached and shared (whether the visitor is logged in comes from the session store).
 */
import type { BoxErrors } from '~/lib/search-box/submit';

export interface SearchBoxClientStrings {
  /** "{{count}} suggestion(s) available" in the singular and plural; {{count}} is replaced. */
  suggestionsOne: string;
  suggestionsOther: string;
  /** Hints next to suggestions by kind: title, skill, company, city, recent, popular. */
  kinds: Record<string, string>;
  voiceListening: string;
  /** "Heard: {{text}}". */
  voiceHeard: string;
  voiceError: string;
  /** SPEC §5 and other search messages: English text (as the schema gives it) → shown text. */
  messages: Record<string, string>;
}

export interface SearchBoxLabelsProp {
  keywordsLabel: string;
  keywordsPlaceholder: string;
  locationLabel: string;
  locationPlaceholder: string;
  experienceLabel: string;
  experienceAny: string;
  submit: string;
  formLabel: string;
  recentHeading: string;
  clearRecent: string;
  suggestionsLabel: string;
  voiceStart: string;
}

export interface SearchBoxProps {
  variant: 'hero' | 'compact';
  lang: string;
  site: { context: string; countryAbv: string; isoCode: string };
  /** Localized path of the results page (the form's action). */
  action: string;
  /** Absent on a shared (cached) page: the session store tells from the signed-in hint cookie. */
  loggedIn?: boolean;
  initial: { keywords: string; location: string; experience: string };
  /** Messages from the server's check of the same input (no-JS submissions), translated. */
  errors?: BoxErrors;
  /** The experience picker's option labels, by years (0-50). */
  years: string[];
  /** The site's busiest cities: location suggestions before anything is typed. */
  popularCities: string[];
  labels: SearchBoxLabelsProp;
  strings: SearchBoxClientStrings;
  /** The advanced search (hero): server-rendered fields of the same form, passed as a slot. */
  children?: React.ReactNode;
}

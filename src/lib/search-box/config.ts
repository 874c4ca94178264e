/**
 * What the search box's script needs besides the form itself: SearchBox.astro writes it as JSON
 * into the box's `data-config` attribute (only the page's language); labels the script shows
 * (recent searches, voice button) are server-rendered <template>s next to it.
 */
import type { RecentSearch } from '~/lib/search/recent';

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

export interface SearchBoxConfig {
  lang: string;
  site: { context: string; countryAbv: string; isoCode: string };
  /** Localized path of the results page (the form's action). */
  action: string;
  /** Absent on a shared (cached) page: the browser tells from the signed-in hint cookie. */
  loggedIn?: boolean;
  /** Results page: this search (it ran and was valid) becomes the newest recent search. */
  record?: RecentSearch | null;
  /** The site's busiest cities: location suggestions before anything is typed. */
  popularCities: string[];
  strings: SearchBoxClientStrings;
}

/** The box's configuration, or null when the attribute is missing or broken. */
export function readConfig(root: HTMLElement): SearchBoxConfig | null {
  try {
    const config = JSON.parse(root.dataset.config ?? '') as SearchBoxConfig;
    return typeof config === 'object' && config !== null && config.site ? config : null;
  } catch {
    return null;
  }
}

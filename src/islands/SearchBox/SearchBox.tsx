/**
 * The job search box (SPEC §2 home hero; a compact variant tops the results pages).
 *
 * Progressive enhancement of a real <form method="get" action="/search/results">: server-rendered
 * with named fields, it searches without JavaScript (the results page then validates and shows
 * the SPEC §5 messages). Hydrated, it adds:
 * - validation with the same valibot schema as the server (SearchInputSchema), messages verbatim
 *   (translated on Hindi and Arabic pages), focus on the first field in error;
 * - a clean results URL (special characters replaced by spaces, empty parts left out);
 * - autosuggest comboboxes for keywords (titles, skills, companies; comma-separated terms) and
 *   location (cities; popular ones on focus), debounced, stale requests aborted;
 * - recent searches: localStorage for guests, the recentSearch API for logged-in seekers, newest
 *   first, de-duplicated, at most 10;
 * - voice search where the browser has speech recognition: the transcript goes to getSemantic,
 *   which fills keywords, location and experience.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useMemo, useState, type SubmitEvent } from 'react';
import * as v from 'valibot';
import { createApiClient } from '~/lib/api-client';
import { EMPTY_SEARCH, FILTER_KEYS, toQuery, type FilterKey } from '~/lib/search/state';
import { cleanSearchText, SearchInputSchema } from '~/lib/validation/search';
import {
  $recentSearches,
  $searchErrors,
  $searchFields,
  addRecentSearch,
  fillSearchFields,
  setSearchErrors,
  setSearchField,
  type RecentSearch,
  type SearchField,
} from '~/stores/search';
import AdvancedSearch from './AdvancedSearch';
import Combobox, { type Suggestion } from './Combobox';
import {
  clearGuestRecent,
  loadGuestRecent,
  loadUserRecent,
  saveGuestRecent,
  saveUserRecent,
} from './recent';
import type { SearchBoxProps } from './types';
import { hasSignedInHint } from '~/lib/auth/signed-in-hint';
import './SearchBox.css';

interface AutoFillItem {
  value: string;
  kind?: string;
}

/** Reads the auto-fill answer: a list of {value, kind} (or of strings), possibly wrapped. */
function toAutoFill(data: unknown): AutoFillItem[] {
  const list = Array.isArray(data)
    ? data
    : typeof data === 'object' && data !== null
      ? (Object.values(data).find(Array.isArray) ?? [])
      : [];
  return (list as unknown[]).flatMap((item) => {
    if (typeof item === 'string') return [{ value: item }];
    if (
      typeof item === 'object' &&
      item !== null &&
      typeof (item as AutoFillItem).value === 'string'
    )
      return [item as AutoFillItem];
    return [];
  });
}

interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: (() => void) | null;
  onend: (() => void) | null;
  start(): void;
  abort(): void;
}
type SpeechRecognitionCtor = new () => SpeechRecognitionLike;

function speechRecognition(): SpeechRecognitionCtor | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as {
    SpeechRecognition?: SpeechRecognitionCtor;
    webkitSpeechRecognition?: SpeechRecognitionCtor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

const FIELD_ORDER: SearchField[] = ['keywords', 'location', 'experience'];

export default function SearchBox(props: SearchBoxProps) {
  const {
    variant,
    action,
    lang,
    site,
    loggedIn: loggedInProp,
    initial,
    errors: serverErrors = {},
    strings,
    experienceOptions,
    advancedOptions,
    record,
    popularCities = [],
  } = props;
  const idBase = useId();
  const ids: Record<SearchField, string> = {
    keywords: `${idBase}-q`,
    location: `${idBase}-location`,
    experience: `${idBase}-experience`,
  };
  const api = useMemo(
    () => createApiClient({ site: { context: site.context, countryAbv: site.countryAbv }, lang }),
    [site.context, site.countryAbv, lang],
  );

  // Server render and first client render use the props; the shared store takes over once
  // mounted (the store is a module singleton, which on the server would mix requests).
  const [mounted, setMounted] = useState(false);
  const [loggedIn, setLoggedIn] = useState(loggedInProp === true);
  const storeFields = useStore($searchFields);
  const storeErrors = useStore($searchErrors);
  const recent = useStore($recentSearches);
  const initialFields = {
    keywords: initial.keywords,
    location: initial.location,
    experience: initial.experience,
  };
  const fields = mounted ? storeFields : initialFields;
  const errors = mounted ? storeErrors : serverErrors;

  const [voiceSupported, setVoiceSupported] = useState(false);
  const [listening, setListening] = useState(false);
  const [voiceStatus, setVoiceStatus] = useState('');

  useEffect(() => {
    // Keep what was typed before the island hydrated (client:idle): the DOM has it.
    const typed = (field: SearchField) =>
      (document.getElementById(ids[field]) as HTMLInputElement | HTMLSelectElement | null)?.value;
    $searchFields.set({
      keywords: typed('keywords') ?? initialFields.keywords,
      location: typed('location') ?? initialFields.location,
      experience: typed('experience') ?? initialFields.experience,
    });
    setSearchErrors(serverErrors);
    setMounted(true);
    setVoiceSupported(speechRecognition() !== undefined);
    // Recent searches: this page's search first (results page), then the stored ones.
    const controller = new AbortController();
    const signedIn = loggedInProp ?? hasSignedInHint();
    setLoggedIn(signedIn);
    void (async () => {
      if (signedIn) {
        if (record) await saveUserRecent(api, record);
        const list = await loadUserRecent(api, controller.signal);
        if (!controller.signal.aborted) $recentSearches.set(list);
      } else {
        $recentSearches.set(loadGuestRecent(site.context));
        if (record) saveGuestRecent(site.context, addRecentSearch(record));
      }
    })();
    return () => controller.abort();
    // Props are fixed for the island's life: run once.
  }, []);

  const translate = useCallback(
    (message: string) => strings.messages[message] ?? message,
    [strings],
  );

  const suggestKeywords = useCallback(
    async (text: string, signal: AbortSignal): Promise<Suggestion[]> => {
      const res = await api.call<unknown>('autoFill', {
        query: { text, appName: 'seeker' },
        signal,
      });
      if (!res.ok) return [];
      return toAutoFill(res.data)
        .filter((s) => s.kind !== 'city')
        .slice(0, 8)
        .map((s) => ({ value: s.value, hint: s.kind ? strings.kinds[s.kind] : undefined }));
    },
    [api, strings.kinds],
  );

  const suggestCities = useCallback(
    async (text: string, signal: AbortSignal): Promise<Suggestion[]> => {
      const res = await api.call<unknown>('autoFill', {
        query: { text, appName: 'seeker' },
        signal,
      });
      const fromApi = res.ok ? toAutoFill(res.data).filter((s) => s.kind === 'city') : [];
      const lower = text.toLowerCase();
      const fromPopular = popularCities
        .filter((c) => c.toLowerCase().startsWith(lower))
        .map((value) => ({ value }));
      const seen = new Set<string>();
      return [...fromApi, ...fromPopular]
        .filter((s) => !seen.has(s.value.toLowerCase()) && seen.add(s.value.toLowerCase()))
        .slice(0, 8)
        .map((s) => ({ value: s.value }));
    },
    [api, popularCities],
  );

  const recentKeywords: Suggestion[] = useMemo(() => {
    const seen = new Set<string>();
    return recent
      .filter((r) => !seen.has(r.keywords.toLowerCase()) && seen.add(r.keywords.toLowerCase()))
      .slice(0, 5)
      .map((r) => ({ value: r.keywords, hint: strings.kinds.recent }));
  }, [recent, strings.kinds.recent]);

  const cityChoices: Suggestion[] = useMemo(
    () => popularCities.slice(0, 8).map((value) => ({ value, hint: strings.kinds.popular })),
    [popularCities, strings.kinds.popular],
  );

  const resultsUrl = useCallback(
    (search: RecentSearch, filters: Partial<Record<FilterKey, string[]>> = {}) => {
      const query = toQuery({
        ...EMPTY_SEARCH,
        q: search.keywords,
        location: search.location,
        experience: search.experience,
        filters,
      }).toString();
      return query ? `${action}?${query}` : action;
    },
    [action],
  );

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = v.safeParse(SearchInputSchema, {
      keywords: fields.keywords,
      location: fields.location,
      experience: fields.experience,
    });
    if (!parsed.success) {
      const next: Partial<Record<SearchField, string>> = {};
      for (const issue of parsed.issues) {
        const key = v.getDotPath(issue) as SearchField | null;
        if (key && FIELD_ORDER.includes(key) && !next[key]) next[key] = translate(issue.message);
      }
      setSearchErrors(next);
      const first = FIELD_ORDER.find((f) => next[f]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    const data = new FormData(event.currentTarget);
    const filters: Partial<Record<FilterKey, string[]>> = {};
    for (const key of FILTER_KEYS) {
      if (key === 'location') continue; // the location box
      const values = data
        .getAll(key)
        .flatMap((value) => String(value).split(','))
        .map((value) => value.trim())
        .filter((value, i, all) => value !== '' && all.indexOf(value) === i);
      if (values.length > 0) filters[key] = values;
    }
    setSearchErrors({});
    window.location.assign(
      resultsUrl(
        {
          keywords: parsed.output.keywords,
          location: parsed.output.location ?? '',
          experience: parsed.output.experience ?? null,
        },
        filters,
      ),
    );
  };

  const startVoice = () => {
    const Recognition = speechRecognition();
    if (!Recognition || listening) return;
    const recognition = new Recognition();
    recognition.lang = `${lang}-${site.isoCode}`;
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    recognition.onresult = (event) => {
      const transcript = event.results[0]?.[0]?.transcript?.trim() ?? '';
      if (!transcript) return;
      setVoiceStatus(strings.voiceHeard.replace('{{text}}', transcript));
      void api
        .call<{ keywords?: string; location?: string; experience?: number | null }>('getSemantic', {
          body: { text: transcript },
        })
        .then((res) => {
          if (res.ok && res.data) {
            const { keywords, location, experience } = res.data;
            fillSearchFields({
              keywords: keywords ?? '',
              location: location ?? '',
              experience:
                typeof experience === 'number' && experience >= 0 && experience <= 50
                  ? String(experience)
                  : '',
            });
          } else {
            fillSearchFields({ keywords: cleanSearchText(transcript) });
          }
          document.getElementById(ids.keywords)?.focus();
        });
    };
    recognition.onerror = () => setVoiceStatus(strings.voiceError);
    recognition.onend = () => setListening(false);
    setVoiceStatus(strings.voiceListening);
    setListening(true);
    try {
      recognition.start();
    } catch {
      setListening(false);
      setVoiceStatus(strings.voiceError);
    }
  };

  const comboStrings = {
    one: strings.suggestionsOne,
    other: strings.suggestionsOther,
    listLabel: strings.suggestionsLabel,
  };
  const hero = variant === 'hero';

  return (
    <div className={`searchbox searchbox-${variant}`}>
      <form
        className={`hero-search sb-form sb-form-${variant}`}
        method="get"
        action={action}
        role="search"
        aria-label={strings.formLabel}
        noValidate
        onSubmit={onSubmit}
      >
        <div className="sb-row">
          <Combobox
            id={ids.keywords}
            name="q"
            label={strings.keywordsLabel}
            value={fields.keywords}
            onChange={(value) => setSearchField('keywords', value)}
            placeholder={strings.keywordsPlaceholder}
            suggest={suggestKeywords}
            emptySuggestions={recentKeywords}
            multi
            error={errors.keywords}
            inputType="search"
            strings={comboStrings}
          >
            {mounted && voiceSupported && (
              <button
                type="button"
                className={listening ? 'sb-voice sb-voice-on' : 'sb-voice'}
                aria-label={strings.voiceStart}
                title={strings.voiceStart}
                aria-pressed={listening}
                onClick={startVoice}
              >
                <svg
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path
                    fill="currentColor"
                    d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11h-2Z"
                  />
                </svg>
              </button>
            )}
          </Combobox>
          <Combobox
            id={ids.location}
            name="location"
            label={strings.locationLabel}
            value={fields.location}
            onChange={(value) => setSearchField('location', value)}
            placeholder={strings.locationPlaceholder}
            suggest={suggestCities}
            emptySuggestions={cityChoices}
            error={errors.location}
            strings={comboStrings}
          />
          <div className="sb-field">
            <label htmlFor={ids.experience}>{strings.experienceLabel}</label>
            <select
              id={ids.experience}
              name="experience"
              value={fields.experience}
              onChange={(e) => setSearchField('experience', e.target.value)}
              aria-invalid={errors.experience ? true : undefined}
              aria-describedby={errors.experience ? `${ids.experience}-error` : undefined}
            >
              <option value="">{strings.experienceAny}</option>
              {experienceOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {errors.experience && (
              <p id={`${ids.experience}-error`} className="sb-error" role="alert">
                {errors.experience}
              </p>
            )}
          </div>
          <button type="submit" className="sb-submit">
            {strings.submit}
          </button>
        </div>
        {voiceStatus && (
          <p className="sb-voice-status" role="status">
            {voiceStatus}
          </p>
        )}
        {hero && advancedOptions && (
          <AdvancedSearch strings={strings} options={advancedOptions} initial={initial.filters} />
        )}
      </form>
      {hero && mounted && recent.length > 0 && (
        <section className="sb-recent" aria-labelledby={`${idBase}-recent`}>
          <h2 id={`${idBase}-recent`}>{strings.recentHeading}</h2>
          <ul className="plain">
            {recent.map((r) => {
              const years = experienceOptions.find((o) => o.value === String(r.experience))?.label;
              return (
                <li key={`${r.keywords}|${r.location}|${r.experience ?? ''}`}>
                  <a href={resultsUrl(r)} dir="auto">
                    {[r.keywords, r.location, years].filter(Boolean).join(' · ')}
                  </a>
                </li>
              );
            })}
          </ul>
          {!loggedIn && (
            <button
              type="button"
              className="sb-clear"
              onClick={() => {
                clearGuestRecent(site.context);
                $recentSearches.set([]);
              }}
            >
              {strings.clearRecent}
            </button>
          )}
        </section>
      )}
    </div>
  );
}

/**
 * The job search box (SPEC §2 home hero; a compact variant tops the results, SEO and walk-in
 * pages) as a React island, hydrated once the page is idle or on first use (`client:interaction`).
 * Server-rendered, it is a real <form method="get"> with named fields that searches without
 * JavaScript (the results page then checks the input and shows the SPEC §5 messages, passed back
 * as `errors`).
 *
 * Hydrated, it adds: the same checks before leaving the page (SPEC §5 messages verbatim, the first
 * field in error focused), a clean results URL, autosuggest comboboxes for keywords and location,
 * the advanced search's industry rule, voice search where the browser has it, and recent searches
 * (the shared store src/stores/recent-searches.ts; listed under the hero box by HeroRecent, which
 * alone re-renders when the list arrives). The pure rules are src/lib/search-box/. The fields are
 * uncontrolled: what was typed before hydration is kept.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { createApiClient } from '~/lib/api-client';
import { enhanceIndustries } from '~/lib/search-box/advanced';
import { finishedTerms } from '~/lib/search-box/combobox-state';
import {
  BOX_FIELDS,
  checkSearch,
  formFilters,
  resultsUrl,
  type BoxErrors,
  type BoxField,
} from '~/lib/search-box/submit';
import {
  citySuggester,
  keywordSuggester,
  popularCityChoices,
  recentKeywords,
} from '~/lib/search-box/suggest';
import type { RecentSearch } from '~/lib/search/recent';
import { syncSession } from '~/lib/auth/session-sync';
import { loadRecentSearches } from '~/lib/search-box/recent-store';
import { $recentSearches } from '~/stores/recent-searches';
import { ComboField } from './ComboField';
import { HeroRecent } from './HeroRecent';
import type { SearchBoxProps } from './types';
import { VoiceButton } from './VoiceButton';

export default function SearchBox(props: SearchBoxProps) {
  const { variant, labels, strings, site, action, years } = props;
  const hero = variant === 'hero';
  const idBase = `sb-${variant}`;
  const ids = {
    keywords: `${idBase}-q`,
    location: `${idBase}-location`,
    experience: `${idBase}-experience`,
  };
  const [errors, setErrors] = useState<BoxErrors>(props.errors ?? {});
  const [voiceStatus, setVoiceStatus] = useState('');
  const boxRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const keywordsRef = useRef<HTMLInputElement>(null);
  const locationRef = useRef<HTMLInputElement>(null);
  const experienceRef = useRef<HTMLSelectElement>(null);
  const api = useMemo(
    () =>
      createApiClient({
        site: { context: site.context, countryAbv: site.countryAbv },
        lang: props.lang,
      }),
    [site.context, site.countryAbv, props.lang],
  );
  const suggestKeywords = useMemo(() => keywordSuggester(api, strings.kinds), [api, strings.kinds]);
  const suggestCities = useMemo(
    () => citySuggester(api, props.popularCities),
    [api, props.popularCities],
  );

  useEffect(() => {
    if (formRef.current) enhanceIndustries(formRef.current);
    const loggedIn = syncSession(props.loggedIn);
    void loadRecentSearches({ api, siteContext: site.context, signedIn: loggedIn });
    // Marked for tests without a state: hydration is then the box's only render until used.
    if (boxRef.current) boxRef.current.dataset.ready = 'true';
    // Once, on mount.
  }, []);

  const clearError = (field: BoxField) =>
    setErrors((e) => {
      if (!e[field]) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });

  const onSubmit = (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = checkSearch(
      {
        keywords: finishedTerms(keywordsRef.current?.value ?? ''),
        location: locationRef.current?.value ?? '',
        experience: experienceRef.current?.value ?? '',
      },
      (message) => strings.messages[message] ?? message,
    );
    if (!result.ok) {
      setErrors(result.errors);
      const refs = { keywords: keywordsRef, location: locationRef, experience: experienceRef };
      refs[result.first].current?.focus();
      return;
    }
    setErrors({});
    window.location.assign(
      resultsUrl(action, result.search, formFilters(new FormData(event.currentTarget))),
    );
  };

  const fill = (fields: Partial<Record<BoxField, string>>) => {
    if (fields.keywords !== undefined && keywordsRef.current)
      keywordsRef.current.value = fields.keywords;
    if (fields.location !== undefined && locationRef.current)
      locationRef.current.value = fields.location;
    if (fields.experience !== undefined && experienceRef.current)
      experienceRef.current.value = fields.experience;
    for (const field of BOX_FIELDS) if (fields[field] !== undefined) clearError(field);
    keywordsRef.current?.focus();
  };

  const yearsOf = (search: RecentSearch) =>
    search.experience === null ? undefined : years[search.experience];
  // What the keywords and the location field share.
  const comboProps = (field: 'keywords' | 'location') => ({
    id: ids[field],
    label: labels[`${field}Label`],
    defaultValue: props.initial[field],
    placeholder: labels[`${field}Placeholder`],
    listLabel: labels.suggestionsLabel,
    error: errors[field],
    counts: { one: strings.suggestionsOne, other: strings.suggestionsOther },
    onValueChange: () => clearError(field),
  });
  const experienceError = errors.experience;

  return (
    <div className={`searchbox searchbox-${variant}`} ref={boxRef} data-searchbox>
      <form
        ref={formRef}
        className={`hero-search sb-form sb-form-${variant}`}
        method="get"
        action={action}
        role="search"
        aria-label={labels.formLabel}
        noValidate
        onSubmit={onSubmit}
      >
        <div className="sb-row">
          <ComboField
            {...comboProps('keywords')}
            name="q"
            inputRef={keywordsRef}
            suggest={suggestKeywords}
            emptySuggestions={() =>
              recentKeywords($recentSearches.get(), strings.kinds.recent ?? '')
            }
            multi
          >
            <VoiceButton
              api={api}
              lang={`${props.lang}-${site.isoCode}`}
              label={labels.voiceStart}
              strings={strings}
              onStatus={setVoiceStatus}
              onFill={fill}
            />
          </ComboField>
          <ComboField
            {...comboProps('location')}
            name="location"
            inputRef={locationRef}
            suggest={suggestCities}
            emptySuggestions={() =>
              popularCityChoices(props.popularCities, strings.kinds.popular ?? '')
            }
          />
          <div className="sb-field">
            <label htmlFor={ids.experience}>{labels.experienceLabel}</label>
            <select
              ref={experienceRef}
              id={ids.experience}
              name="experience"
              defaultValue={props.initial.experience}
              aria-invalid={experienceError ? 'true' : undefined}
              aria-describedby={experienceError ? `${ids.experience}-error` : undefined}
              onChange={() => clearError('experience')}
            >
              <option value="">{labels.experienceAny}</option>
              {years.map((label, y) => (
                <option key={y} value={String(y)}>
                  {label}
                </option>
              ))}
            </select>
            {experienceError && (
              <p id={`${ids.experience}-error`} className="sb-error" role="alert">
                {experienceError}
              </p>
            )}
          </div>
          <button type="submit" className="sb-submit">
            {labels.submit}
          </button>
        </div>
        {voiceStatus && (
          <p className="sb-voice-status" role="status">
            {voiceStatus}
          </p>
        )}
        {props.children}
      </form>
      {hero && (
        <HeroRecent
          headingId={`${idBase}-recent`}
          heading={labels.recentHeading}
          clearLabel={labels.clearRecent}
          siteContext={site.context}
          href={(search) => resultsUrl(action, search)}
          yearsOf={yearsOf}
        />
      )}
    </div>
  );
}

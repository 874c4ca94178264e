/**
 * Advanced search: every SPEC §3 filter key besides the keywords and the location box, as
 * ordinary form fields named by the key, inside a <details> so it works without JavaScript
 * (pick lists send repeated keys, text fields comma-separated values; the server reads both).
 * At most 2 industries (SPEC §5/§9): with two ticked, the others are disabled and the rule shows.
 */
import { useId, useState } from 'react';
import { MAX_INDUSTRIES } from '~/lib/reference-lists';
import type { FilterKey } from '~/lib/search/state';
import type { Option, SearchBoxStrings } from './types';

/** Free-text keys: comma-separated values in one input. */
const TEXT_KEYS: FilterKey[] = [
  'skills',
  'designations',
  'companies',
  'roles',
  'qualifications',
  'locations',
];
/** Pick lists shown as one <select> (long lists, one value). */
const SELECT_KEYS: FilterKey[] = ['functions', 'jobFreshness'];
/** Pick lists shown as checkboxes; a key without options falls back to a text input. */
const CHECKBOX_KEYS: FilterKey[] = [
  'industries',
  'experienceRanges',
  'salaryRanges',
  'jobTypes',
  'employerTypes',
  'jobCities',
  'jobStates',
  'jobCountries',
];

interface Props {
  strings: SearchBoxStrings;
  options: Partial<Record<FilterKey, Option[]>>;
  initial: Partial<Record<FilterKey, string[]>>;
}

export default function AdvancedSearch({ strings, options, initial }: Props) {
  const idBase = useId();
  const [industries, setIndustries] = useState<string[]>(() =>
    (initial.industries ?? []).slice(0, MAX_INDUSTRIES),
  );
  const full = industries.length >= MAX_INDUSTRIES;
  const opened = Object.entries(initial).some(
    ([key, v]) => key !== 'location' && v && v.length > 0,
  );
  const hintId = `${idBase}-comma`;
  const ruleId = `${idBase}-industries-rule`;

  const textField = (key: FilterKey) => (
    <div className="sb-adv-field" key={key}>
      <label htmlFor={`${idBase}-${key}`}>{strings.filterLabels[key]}</label>
      <input
        id={`${idBase}-${key}`}
        name={key}
        type="text"
        defaultValue={(initial[key] ?? []).join(', ')}
        aria-describedby={hintId}
        autoComplete="off"
      />
    </div>
  );

  return (
    <details className="sb-advanced" open={opened || undefined}>
      <summary>{strings.advanced}</summary>
      <p className="sb-adv-hint">{strings.advancedHint}</p>
      <p id={hintId} className="sb-adv-hint">
        {strings.commaHint}
      </p>
      <div className="sb-adv-grid">
        {TEXT_KEYS.map(textField)}
        {SELECT_KEYS.map((key) => {
          const list = options[key] ?? [];
          if (list.length === 0) return textField(key);
          return (
            <div className="sb-adv-field" key={key}>
              <label htmlFor={`${idBase}-${key}`}>{strings.filterLabels[key]}</label>
              <select id={`${idBase}-${key}`} name={key} defaultValue={initial[key]?.[0] ?? ''}>
                <option value="">{strings.anyOption}</option>
                {list.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
        {CHECKBOX_KEYS.map((key) => {
          const list = options[key] ?? [];
          if (list.length === 0) return textField(key);
          const isIndustries = key === 'industries';
          return (
            <fieldset
              className="sb-adv-field sb-adv-checks"
              key={key}
              aria-describedby={isIndustries ? ruleId : undefined}
            >
              <legend>{strings.filterLabels[key]}</legend>
              <ul className="plain">
                {list.map((o) => {
                  const checked = isIndustries ? industries.includes(o.value) : undefined;
                  return (
                    <li key={o.value}>
                      <label>
                        <input
                          type="checkbox"
                          name={key}
                          value={o.value}
                          {...(isIndustries
                            ? {
                                checked,
                                disabled: full && !checked,
                                onChange: (e) =>
                                  setIndustries((now) =>
                                    e.target.checked
                                      ? [...now, o.value].slice(0, MAX_INDUSTRIES)
                                      : now.filter((v) => v !== o.value),
                                  ),
                              }
                            : { defaultChecked: (initial[key] ?? []).includes(o.value) })}
                        />{' '}
                        <span dir="auto">{o.label}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
              {isIndustries && (
                <p id={ruleId} className={full ? 'sb-rule sb-rule-active' : 'sb-rule'}>
                  {strings.industriesRule}
                </p>
              )}
            </fieldset>
          );
        })}
      </div>
    </details>
  );
}

/**
 * The state of one autosuggest combobox (WAI-ARIA 1.2 combobox with list autocomplete), without
 * the DOM: which suggestions there are, whether the list is open, which option is highlighted,
 * and what a key does. combobox.ts renders it and asks for suggestions.
 *
 * Keys: ArrowDown/ArrowUp move (opening the list; past the last option to the first and before
 * the first to the last), Enter picks the highlighted option (else the form submits), Escape
 * closes the list (a second Escape clears the input), Tab closes it.
 * With `multi`, a pick completes the last comma-separated term ("java, reac" → "java, react, ").
 */

export interface Suggestion {
  value: string;
  /** Shown next to the value, e.g. "Skill" or "Recent". */
  hint?: string;
}

export interface ComboState {
  options: Suggestion[];
  open: boolean;
  /** Index of the highlighted option; -1 for none. */
  active: number;
  /** The last key was an Escape that closed the list (a second one clears the input). */
  escaped: boolean;
}

export const CLOSED: ComboState = { options: [], open: false, active: -1, escaped: false };

/** The term being typed: after the last comma when `multi`. */
/** Where the last keyword starts: after the last comma, Latin or Arabic ("،"). */
const lastComma = (value: string) => Math.max(value.lastIndexOf(','), value.lastIndexOf('،'));

export function currentTerm(value: string, multi: boolean): string {
  if (!multi) return value.trim();
  const at = lastComma(value);
  return value.slice(at + 1).trim();
}

/** The input's value once `picked` replaces the term being typed. */
export function withTerm(value: string, picked: string, multi: boolean): string {
  if (!multi) return picked;
  const at = lastComma(value);
  const before = at >= 0 ? value.slice(0, at + 1) + ' ' : '';
  return `${before}${picked}, `;
}

/**
 * The keywords as searched: a pick leaves ", " after it for the next term, which is not part of
 * the search (no "Java Developer," in the query, the heading or the recent searches).
 */
export function finishedTerms(value: string): string {
  return value.replace(/^[\s,،]+|[\s,،]+$/gu, '');
}

/** A new list of suggestions: open when there is any, nothing highlighted. */
export function showing(options: Suggestion[]): ComboState {
  return { options, open: options.length > 0, active: -1, escaped: false };
}

/** "{{count}} suggestions available" for the live region; '' for none. */
export function announcement(count: number, one: string, other: string): string {
  if (count === 0) return '';
  return (count === 1 ? one : other).replace('{{count}}', String(count));
}

export type KeyOutcome =
  /** Nothing for the combobox to do: let the browser act (e.g. Enter submits). */
  | { kind: 'none'; state: ComboState }
  /** The state changed; the key's default action is cancelled. */
  | { kind: 'moved'; state: ComboState }
  /** ArrowDown/ArrowUp with nothing to show yet: ask for suggestions. */
  | { kind: 'request'; state: ComboState }
  /** Enter on a highlighted option. */
  | { kind: 'pick'; state: ComboState; option: Suggestion }
  /** A second Escape (or one with the list closed and text typed): empty the input. */
  | { kind: 'clear'; state: ComboState };

/** What a key does to the combobox, given the input's current value. */
export function onKey(state: ComboState, key: string, value: string): KeyOutcome {
  const s = key === 'Escape' ? state : { ...state, escaped: false };
  switch (key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      const n = s.options.length;
      if (!s.open) {
        if (n === 0) return { kind: 'request', state: s };
        return {
          kind: 'moved',
          state: { ...s, open: true, active: key === 'ArrowDown' ? 0 : n - 1 },
        };
      }
      const i = s.active;
      const active = key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1;
      return { kind: 'moved', state: { ...s, active } };
    }
    case 'Enter': {
      const option = s.open && s.active >= 0 ? s.options[s.active] : undefined;
      if (option) return { kind: 'pick', state: { ...s, open: false, active: -1 }, option };
      return { kind: 'none', state: { ...s, open: false } };
    }
    case 'Escape': {
      if (s.open) return { kind: 'moved', state: { ...s, open: false, active: -1, escaped: true } };
      if (s.escaped || value !== '') return { kind: 'clear', state: { ...s, escaped: false } };
      return { kind: 'none', state: s };
    }
    case 'Tab':
      return { kind: 'none', state: { ...s, open: false } };
    default:
      return { kind: 'none', state: s };
  }
}

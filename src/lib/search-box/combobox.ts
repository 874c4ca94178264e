/**
 * Autosuggest on a server-rendered combobox input (SearchField.astro): the input has
 * role=combobox and aria-controls naming its role=listbox <ul>; a polite live region in the same
 * field announces how many suggestions there are; aria-activedescendant names the highlighted
 * option. The rules (keys, picking) are combobox-state.ts; this renders them and asks for
 * suggestions after a short pause, a newer request aborting the older one, so the list always
 * answers the whole of what was typed.
 */
import {
  announcement,
  CLOSED,
  currentTerm,
  onKey,
  showing,
  withTerm,
  type ComboState,
  type Suggestion,
} from './combobox-state';

export interface ComboboxOptions {
  /** Suggestions for the term being typed; reject or return [] when there are none. */
  suggest: (text: string, signal: AbortSignal) => Promise<Suggestion[]>;
  /** Shown when the input is focused and empty (e.g. recent searches). */
  emptySuggestions?: () => Suggestion[];
  /** Comma-separated terms; a pick completes the last one. */
  multi?: boolean;
  /** "{{count}} suggestion(s) available". */
  strings: { one: string; other: string };
  /** The value changed by typing, a pick or Escape. */
  onChange?: (value: string) => void;
  /** Pause after the last key before asking for suggestions. */
  debounceMs?: number;
  /** Fewest characters (of the current term) before asking. */
  minChars?: number;
}

export interface Combobox {
  /** Sets the value as a pick would (no suggestions asked for). */
  setValue(value: string): void;
  close(): void;
}

export function combobox(input: HTMLInputElement, options: ComboboxOptions): Combobox | null {
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!list) return null;
  const status = input.closest('.sb-combobox')?.querySelector<HTMLElement>('[role="status"]');
  const { suggest, multi = false, strings, debounceMs = 200, minChars = 1 } = options;
  const empty = options.emptySuggestions ?? (() => []);
  let state: ComboState = CLOSED;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | null = null;

  const optionId = (i: number) => `${list.id}-${i}`;

  const render = (next: ComboState, rebuild: boolean) => {
    state = next;
    if (rebuild) {
      list.replaceChildren(
        ...next.options.map((option, i) => {
          const li = document.createElement('li');
          li.id = optionId(i);
          li.setAttribute('role', 'option');
          li.className = 'sb-option';
          const value = document.createElement('span');
          value.dir = 'auto';
          value.textContent = option.value;
          li.append(value);
          if (option.hint) {
            const hint = document.createElement('span');
            hint.className = 'sb-hint';
            hint.textContent = option.hint;
            li.append(hint);
          }
          return li;
        }),
      );
    }
    list.querySelectorAll('[role="option"]').forEach((li, i) => {
      li.setAttribute('aria-selected', String(i === next.active));
      li.classList.toggle('sb-option-active', i === next.active);
    });
    list.hidden = !next.open;
    input.setAttribute('aria-expanded', String(next.open));
    if (next.open && next.active >= 0) {
      input.setAttribute('aria-activedescendant', optionId(next.active));
      list.querySelector(`#${CSS.escape(optionId(next.active))}`)?.scrollIntoView({
        block: 'nearest',
      });
    } else input.removeAttribute('aria-activedescendant');
  };

  const show = (suggestions: Suggestion[]) => {
    render(showing(suggestions), true);
    if (status) status.textContent = announcement(suggestions.length, strings.one, strings.other);
  };

  const cancel = () => {
    if (timer) clearTimeout(timer);
    pending?.abort();
    pending = null;
  };

  const request = (text: string) => {
    cancel();
    const term = currentTerm(text, multi);
    if (term.length < minChars) {
      show(term === '' && !multi ? empty() : []);
      return;
    }
    timer = setTimeout(() => {
      const controller = new AbortController();
      pending = controller;
      suggest(term, controller.signal)
        .then((found) => {
          if (!controller.signal.aborted) show(found);
        })
        .catch(() => {
          if (!controller.signal.aborted) show([]);
        });
    }, debounceMs);
  };

  const setValue = (value: string) => {
    input.value = value;
    options.onChange?.(value);
  };

  const pick = (option: Suggestion) => {
    cancel();
    setValue(withTerm(input.value, option.value, multi));
    render({ ...state, open: false, active: -1 }, false);
    if (status) status.textContent = '';
  };

  const onFocus = () => {
    const suggestions = empty();
    if (input.value === '' && suggestions.length > 0) show(suggestions);
  };

  input.addEventListener('input', () => {
    options.onChange?.(input.value);
    request(input.value);
  });
  input.addEventListener('focus', onFocus);
  input.addEventListener('blur', () => render({ ...state, open: false, active: -1 }, false));
  input.addEventListener('keydown', (event) => {
    const outcome = onKey(state, event.key, input.value);
    if (outcome.kind !== 'none') event.preventDefault();
    switch (outcome.kind) {
      case 'request':
        state = outcome.state;
        request(input.value);
        return;
      case 'pick':
        state = outcome.state;
        pick(outcome.option);
        return;
      case 'clear':
        render(outcome.state, false);
        setValue('');
        return;
      default:
        render(outcome.state, false);
    }
  });
  // Keep the focus in the input: the press must not blur it before the click picks.
  list.addEventListener('mousedown', (event) => event.preventDefault());
  list.addEventListener('click', (event) => {
    const li = (event.target as Element).closest('[role="option"]');
    const index = li ? Array.prototype.indexOf.call(list.children, li) : -1;
    const option = state.options[index];
    if (option) pick(option);
  });
  // The script may start on this very focus (the box wakes up on first use).
  if (document.activeElement === input) onFocus();

  return { setValue, close: () => render({ ...state, open: false, active: -1 }, false) };
}

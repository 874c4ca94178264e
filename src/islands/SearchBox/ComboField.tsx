/**
 * A search box text field as an autosuggest combobox (WAI-ARIA 1.2, list autocomplete): the input
 * names its listbox (aria-controls) and the highlighted option (aria-activedescendant); a polite
 * live region announces how many suggestions there are. The rules (keys, picks) are
 * src/lib/search-box/combobox-state.ts; suggestions are asked for after a short pause, a newer
 * request aborting the older one, so the list always answers the whole of what was typed.
 *
 * The input is uncontrolled: what was typed before the island hydrated stays in it, and if it is
 * focused when the island mounts, its suggestions are asked for at once. Always type=text: HTML
 * allows role=combobox on a text input, not on a search input.
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import {
  announcement,
  CLOSED,
  currentTerm,
  onKey,
  showing,
  withTerm,
  type ComboState,
  type Suggestion,
} from '~/lib/search-box/combobox-state';

export interface ComboFieldProps {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  placeholder: string;
  /** Name of the suggestions list. */
  listLabel: string;
  error?: string;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Suggestions for the term being typed; reject or return [] when there are none. */
  suggest: (text: string, signal: AbortSignal) => Promise<Suggestion[]>;
  /** Shown when the input is focused and empty (e.g. recent keywords). */
  emptySuggestions: () => Suggestion[];
  /** Comma-separated terms; a pick completes the last one. */
  multi?: boolean;
  /** "{{count}} suggestion(s) available". */
  counts: { one: string; other: string };
  /** The value changed by typing, a pick or Escape. */
  onValueChange: (value: string) => void;
  /** Beside the input (the voice button). */
  children?: ReactNode;
}

/**
 * A key typed within this of the previous one waits for a pause in the typing; the first key
 * after a pause asks at once, so the first suggestions do not wait for one.
 */
const DEBOUNCE_MS = 200;

export function ComboField(props: ComboFieldProps) {
  const { id, name, error, inputRef, multi = false, counts } = props;
  const [state, setState] = useState<ComboState>(CLOSED);
  const [status, setStatus] = useState('');
  /** The text the list shown answers (what was typed may have moved on while it was asked for). */
  const [answers, setAnswers] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastKey = useRef(0);
  const pending = useRef<AbortController | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = `${id}-list`;
  const optionId = (i: number) => `${listId}-${i}`;
  const errorId = `${id}-error`;

  const show = (suggestions: Suggestion[], term = '') => {
    setState(showing(suggestions));
    setAnswers(term);
    setStatus(announcement(suggestions.length, counts.one, counts.other));
  };
  const cancel = () => {
    clearTimeout(timer.current);
    pending.current?.abort();
    pending.current = null;
  };
  const request = (text: string) => {
    cancel();
    const term = currentTerm(text, multi);
    if (term.length < 1) {
      show(term === '' && !multi ? props.emptySuggestions() : []);
      return;
    }
    const typingOn = Date.now() - lastKey.current < DEBOUNCE_MS;
    lastKey.current = Date.now();
    timer.current = setTimeout(
      () => {
        const controller = new AbortController();
        pending.current = controller;
        props
          .suggest(term, controller.signal)
          .then((found) => {
            if (!controller.signal.aborted) show(found, term);
          })
          .catch(() => {
            if (!controller.signal.aborted) show([], term);
          });
      },
      typingOn ? DEBOUNCE_MS : 0,
    );
  };
  const setValue = (value: string) => {
    if (inputRef.current) inputRef.current.value = value;
    props.onValueChange(value);
  };
  const pick = (option: Suggestion) => {
    cancel();
    setValue(withTerm(inputRef.current?.value ?? '', option.value, multi));
    setState((s) => ({ ...s, open: false, active: -1 }));
    setStatus('');
  };
  const onFocus = () => {
    const suggestions = props.emptySuggestions();
    if (inputRef.current?.value === '' && suggestions.length > 0) show(suggestions);
  };

  // Mounted on the first focus, or while someone types: answer what is already there.
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement === input) {
      if (input.value === '') onFocus();
      else request(input.value);
    }
    return cancel;
    // Once, on mount.
  }, []);

  useEffect(() => {
    if (state.open && state.active >= 0)
      document.getElementById(optionId(state.active))?.scrollIntoView({ block: 'nearest' });
  }, [state.open, state.active]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const outcome = onKey(state, event.key, event.currentTarget.value);
    if (outcome.kind !== 'none') event.preventDefault();
    switch (outcome.kind) {
      case 'request':
        setState(outcome.state);
        request(event.currentTarget.value);
        return;
      case 'pick':
        setState(outcome.state);
        pick(outcome.option);
        return;
      case 'clear':
        setState(outcome.state);
        setValue('');
        return;
      default:
        setState(outcome.state);
    }
  };

  const activeId = state.open && state.active >= 0 ? optionId(state.active) : undefined;
  return (
    <div className="sb-field sb-combobox">
      <label htmlFor={id}>{props.label}</label>
      <div className="sb-input-wrap">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="text"
          enterKeyHint="search"
          defaultValue={props.defaultValue}
          placeholder={props.placeholder}
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={state.open ? 'true' : 'false'}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            props.onValueChange(event.currentTarget.value);
            request(event.currentTarget.value);
          }}
          onFocus={onFocus}
          onBlur={() => setState((s) => ({ ...s, open: false, active: -1 }))}
          onKeyDown={onKeyDown}
        />
        {props.children}
      </div>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={props.listLabel}
        data-answers={answers}
        className="sb-listbox"
        hidden={!state.open}
        // Keep the focus in the input: the press must not blur it before the click picks.
        onMouseDown={(event) => event.preventDefault()}
      >
        {state.options.map((option, i) => (
          <li
            key={`${i}-${option.value}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === state.active ? 'true' : 'false'}
            className={i === state.active ? 'sb-option sb-option-active' : 'sb-option'}
            onClick={() => pick(option)}
          >
            <span dir="auto">{option.value}</span>
            {option.hint && <span className="sb-hint">{option.hint}</span>}
          </li>
        ))}
      </ul>
      <span className="visually-hidden" role="status" aria-live="polite">
        {status}
      </span>
      {error && (
        <p id={errorId} className="sb-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

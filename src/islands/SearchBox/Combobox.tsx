/**
 * A text input with autosuggest, following the WAI-ARIA 1.2 combobox pattern (list autocomplete):
 * role=combobox on the input, a role=listbox popup, aria-activedescendant for the highlighted
 * option, a polite live region announcing how many suggestions there are.
 *
 * Keys: ArrowDown/ArrowUp move (opening the list), Enter picks the highlighted option (else the
 * form submits), Escape closes the list (a second Escape clears the input), Tab closes it.
 * Typing asks for suggestions after a short pause; a newer request aborts the older one.
 * With `multi`, suggestions complete the last comma-separated term ("java, reac" → "java, react, ").
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface Suggestion {
  value: string;
  /** Shown next to the value, e.g. "Skill" or "Recent". */
  hint?: string;
}

export interface ComboboxProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Suggestions for the text being typed; throw or return [] when there are none. */
  suggest: (text: string, signal: AbortSignal) => Promise<Suggestion[]>;
  /** Shown when the input is focused and empty (e.g. recent searches); optional. */
  emptySuggestions?: Suggestion[];
  multi?: boolean;
  error?: string;
  /** Extra ids for aria-describedby (hints). */
  describedBy?: string;
  inputType?: 'search' | 'text';
  strings: { one: string; other: string; listLabel: string };
  /** Pause after the last key before asking for suggestions. */
  debounceMs?: number;
  /** Fewest characters (of the current term) before asking. */
  minChars?: number;
  children?: React.ReactNode;
}

/** The term being typed: after the last comma when `multi`. */
function currentTerm(value: string, multi: boolean): string {
  if (!multi) return value.trim();
  const at = value.lastIndexOf(',');
  return value.slice(at + 1).trim();
}

function withTerm(value: string, picked: string, multi: boolean): string {
  if (!multi) return picked;
  const at = value.lastIndexOf(',');
  const before = at >= 0 ? value.slice(0, at + 1) + ' ' : '';
  return `${before}${picked}, `;
}

export default function Combobox(props: ComboboxProps) {
  const {
    id,
    name,
    label,
    value,
    onChange,
    placeholder,
    suggest,
    emptySuggestions = [],
    multi = false,
    error,
    describedBy,
    inputType = 'text',
    strings,
    debounceMs = 200,
    minChars = 1,
    children,
  } = props;
  const listId = useId();
  const statusId = useId();
  const errorId = `${id}-error`;
  const [options, setOptions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announce, setAnnounce] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<AbortController | null>(null);
  const escapedOnce = useRef(false);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    pending.current?.abort();
    pending.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  const show = useCallback(
    (list: Suggestion[]) => {
      setOptions(list);
      setActive(-1);
      setOpen(list.length > 0);
      setAnnounce(
        list.length === 0
          ? ''
          : (list.length === 1 ? strings.one : strings.other).replace(
              '{{count}}',
              String(list.length),
            ),
      );
    },
    [strings.one, strings.other],
  );

  const request = useCallback(
    (text: string) => {
      cancel();
      const term = currentTerm(text, multi);
      if (term.length < minChars) {
        show(term === '' && !multi ? emptySuggestions : []);
        return;
      }
      timer.current = setTimeout(() => {
        const controller = new AbortController();
        pending.current = controller;
        suggest(term, controller.signal)
          .then((list) => {
            if (!controller.signal.aborted) show(list);
          })
          .catch(() => {
            if (!controller.signal.aborted) show([]);
          });
      }, debounceMs);
    },
    [cancel, multi, minChars, show, emptySuggestions, suggest, debounceMs],
  );

  const pick = (option: Suggestion) => {
    cancel();
    onChange(withTerm(value, option.value, multi));
    setOpen(false);
    setActive(-1);
    setAnnounce('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') escapedOnce.current = false;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          if (options.length > 0) {
            setOpen(true);
            setActive(event.key === 'ArrowDown' ? 0 : options.length - 1);
          } else request(value);
          return;
        }
        // Wraps around: past the last option to the first and before the first to the last.
        const n = options.length;
        setActive((i) => (event.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
        return;
      }
      case 'Enter': {
        const option = open && active >= 0 ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          pick(option);
        } else setOpen(false);
        return;
      }
      case 'Escape': {
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
          escapedOnce.current = true;
        } else if (escapedOnce.current || value !== '') {
          event.preventDefault();
          onChange('');
          escapedOnce.current = false;
        }
        return;
      }
      case 'Tab':
        setOpen(false);
        return;
      default:
    }
  };

  const activeId = open && active >= 0 ? `${listId}-${active}` : undefined;
  const described =
    [describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div className="sb-field sb-combobox">
      <label htmlFor={id}>{label}</label>
      <div className="sb-input-wrap">
        <input
          id={id}
          name={name}
          type={inputType}
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => {
            onChange(e.target.value);
            request(e.target.value);
          }}
          onFocus={() => {
            if (value === '' && emptySuggestions.length > 0) show(emptySuggestions);
          }}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
        {children}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={strings.listLabel}
        className="sb-listbox"
        hidden={!open}
      >
        {options.map((option, i) => (
          <li
            key={`${option.value}-${i}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'sb-option sb-option-active' : 'sb-option'}
            // Keep the focus in the input: the click must not blur it before it picks.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(option)}
          >
            <span dir="auto">{option.value}</span>
            {option.hint && <span className="sb-hint">{option.hint}</span>}
          </li>
        ))}
      </ul>
      <span id={statusId} className="visually-hidden" role="status" aria-live="polite">
        {announce}
      </span>
      {error && (
        <p id={errorId} className="sb-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

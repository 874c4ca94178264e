/** The dialog's inputs: text, select, checkbox and a side-by-side pair, with their messages. */
import type { Values } from './logic';
import type { EngagementStrings, Option } from './types';

export interface FieldState {
  id: string;
  values: Values;
  errors: Record<string, string>;
  change: (name: string, value: string) => void;
  strings: EngagementStrings;
}

/** Builders of the inputs of one render (ids from useId, values and messages from the flow). */
export function fieldKit({ id, values, errors, change, strings: s }: FieldState) {
  const set = (name: string) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    change(name, e.target.value);
  const check = (name: string, label: string, on: boolean) => (
    <div className="ed-check" key={name}>
      <input
        id={`${id}-${name}`}
        name={name}
        type="checkbox"
        checked={on}
        onChange={(e) => change(name, e.target.checked ? 'on' : 'off')}
      />
      <label htmlFor={`${id}-${name}`}>{label}</label>
    </div>
  );
  /** Two short inputs side by side where there is room. */
  const pair = (key: string, ...items: React.ReactNode[]) => (
    <div className="ed-pair" key={key}>
      {items}
    </div>
  );
  const field = (
    name: string,
    label: string,
    extra: {
      type?: string;
      hint?: string;
      dir?: 'ltr';
      inputMode?: 'numeric' | 'url';
      maxLength?: number;
      autoComplete?: string;
    } = {},
  ) => (
    <div className="ed-field" key={name}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={extra.type ?? 'text'}
        value={values[name] ?? ''}
        onChange={set(name)}
        dir={extra.dir}
        inputMode={extra.inputMode}
        maxLength={extra.maxLength}
        autoComplete={extra.autoComplete}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${id}-${name}-error${extra.hint ? ` ${id}-${name}-hint` : ''}`}
      />
      {extra.hint && (
        <p className="ed-hint" id={`${id}-${name}-hint`}>
          {extra.hint}
        </p>
      )}
      <p className="ed-error" id={`${id}-${name}-error`}>
        {errors[name] ?? ''}
      </p>
    </div>
  );
  const choice = (name: string, label: string, list: Option[]) => (
    <div className="ed-field" key={name}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select
        id={`${id}-${name}`}
        name={name}
        value={values[name] ?? ''}
        onChange={set(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${id}-${name}-error`}
      >
        <option value="">{s.select}</option>
        {list.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <p className="ed-error" id={`${id}-${name}-error`}>
        {errors[name] ?? ''}
      </p>
    </div>
  );
  const range = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ value: String(i), label: String(i) }));

  return { check, pair, field, choice, range };
}

export type FieldKit = ReturnType<typeof fieldKit>;

/**
 * Browser-side checks of an account form the page rendered (login, OTP, registration, change
 * password, settings), without React. The form is a complete <form method="post"> that works
 * without JavaScript: the server validates with the same valibot schema
 * (src/lib/validation/account.ts) and re-renders it with messages. This only checks before
 * sending, so a mistake shows at once and the browser and the server always agree.
 *
 * Contract with the markup (src/components/forms/FormCheck.astro renders the marker):
 * - a marker element `[data-form-check="<form id>"]` with `data-schema` (an AccountFormName),
 *   `data-isd-codes` (comma-separated, for the forms with a mobile number) and `data-messages`
 *   (JSON, English message -> the page's language); it is also the polite live region that
 *   announces the first message;
 * - each field's message goes into `[data-error-for="<field name>"]` inside the form (empty or
 *   with the server's message); the input gets aria-invalid and the first wrong one is focused.
 */
import * as v from 'valibot';
import {
  accountFormSchema,
  fieldMessages,
  formToObject,
  type AccountFormName,
} from '~/lib/validation/account';

type Schema = ReturnType<typeof accountFormSchema>;
/** The forms with a mobile number: their schemas come with the mobile rule, loaded for them. */
const NUMBER_FORMS: readonly string[] = ['registration', 'otpRequest', 'otpLogin'];

const numberFormSchema = (name: AccountFormName, isdCodes: readonly string[]) =>
  import('~/lib/validation/account-mobile').then((m) => m.formSchema(name, isdCodes));

export const FORM_CHECK_SELECTOR = '[data-form-check]';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Wires one form to its marker; a form already wired (or missing) is left alone. */
export function checkForm(marker: HTMLElement): void {
  const form = document.getElementById(marker.dataset.formCheck ?? '');
  if (!(form instanceof HTMLFormElement) || form.dataset.checked) return;
  form.dataset.checked = '1';
  const isdCodes = (marker.dataset.isdCodes ?? '').split(',').filter(Boolean);
  // A form with a number loads the mobile rule when it is used (first focus inside it), so a
  // page whose visitor never types a number (a password login) never loads it.
  const name = marker.dataset.schema as AccountFormName;
  let parser: Schema | null = NUMBER_FORMS.includes(name) ? null : accountFormSchema(name);
  let loading: Promise<Schema> | null = null;
  const load = () =>
    (loading ??= numberFormSchema(name, isdCodes).then((loaded) => (parser = loaded)));
  if (!parser) form.addEventListener('focusin', () => void load(), { once: true });
  let messages: Record<string, string> = {};
  try {
    messages = JSON.parse(marker.dataset.messages ?? '{}') as Record<string, string>;
  } catch {
    // no translations: the English messages are shown
  }
  const say = (message: string) => messages[message] ?? message;

  const slot = (name: string) =>
    form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(name)}"]`);
  const inputs = (name: string) =>
    Array.from(form.elements).filter((el): el is Field => (el as Field).name === name);
  const fieldNames = () =>
    Array.from(new Set(Array.from(form.elements).map((el) => (el as Field).name ?? ''))).filter(
      Boolean,
    );

  const show = (errors: Record<string, string>, names: string[]) => {
    for (const name of names) {
      const message = errors[name];
      const target = slot(name);
      if (target) target.textContent = message ? say(message) : '';
      for (const input of inputs(name)) {
        if (message) input.setAttribute('aria-invalid', 'true');
        else input.removeAttribute('aria-invalid');
      }
    }
  };
  const check = (): Record<string, string> => {
    if (!parser) return {};
    const result = v.safeParse(parser, formToObject(new FormData(form)));
    return result.success ? {} : fieldMessages(result.issues, parser);
  };

  form.noValidate = true;
  form.addEventListener('submit', (event) => {
    // Only the form's main submit validates; e.g. a "resend" button posts as it is.
    const submitter = event.submitter as HTMLButtonElement | null;
    if (submitter?.formNoValidate) return;
    if (!parser) {
      // Sent before the rule arrived: checked (and sent) once it is in; the server checks the
      // same if it cannot load.
      event.preventDefault();
      void load()
        .catch(() => (parser = v.any() as unknown as Schema))
        .then(() => form.requestSubmit(submitter?.form === form ? submitter : null));
      return;
    }
    const errors = check();
    const names = fieldNames();
    show(errors, names);
    const first = names.find((n) => errors[n]);
    if (!first) return;
    event.preventDefault();
    inputs(first)[0]?.focus();
    marker.textContent = say(errors[first] as string);
  });
  // A field marked wrong is re-checked as the user corrects it (on input, not on blur: a message
  // vanishing on blur moves the submit button away from under the pointer).
  const recheck = (event: Event) => {
    const input = event.target as Field;
    if (!input.name || input.getAttribute('aria-invalid') !== 'true') return;
    show(check(), [input.name]);
  };
  form.addEventListener('input', recheck);
  form.addEventListener('change', recheck);
}

/** Wires every marked form of the page. */
export function checkForms(root: ParentNode = document): void {
  for (const marker of root.querySelectorAll<HTMLElement>(FORM_CHECK_SELECTOR)) checkForm(marker);
}

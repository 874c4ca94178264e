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

export const FORM_CHECK_SELECTOR = '[data-form-check]';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Wires one form to its marker; a form already wired (or missing) is left alone. */
export function checkForm(marker: HTMLElement): void {
  const form = document.getElementById(marker.dataset.formCheck ?? '');
  if (!(form instanceof HTMLFormElement) || form.dataset.checked) return;
  form.dataset.checked = '1';
  const isdCodes = (marker.dataset.isdCodes ?? '').split(',').filter(Boolean);
  const parser = accountFormSchema(marker.dataset.schema as AccountFormName, isdCodes);
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
    const result = v.safeParse(parser, formToObject(new FormData(form)));
    return result.success ? {} : fieldMessages(result.issues, parser);
  };

  form.noValidate = true;
  form.addEventListener('submit', (event) => {
    // Only the form's main submit validates; e.g. a "resend" button posts as it is.
    const submitter = event.submitter as HTMLButtonElement | null;
    if (submitter?.formNoValidate) return;
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

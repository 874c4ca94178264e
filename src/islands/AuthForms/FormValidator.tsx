/**
 * Browser-side validation of an account form rendered by the page (registration steps, login,
 * OTP, change password). The page renders a complete <form method="post"> that works without
 * JavaScript (the server validates with the same schema and re-renders it with messages); this
 * island only adds checks before sending, with the SAME valibot schema from
 * src/lib/validation/account.ts, so the browser and the server always agree.
 *
 * Contract with the page's markup:
 * - the form has id `formId`; each field's message goes into the element
 *   `[data-error-for="<field name>"]` inside it (the page renders them, empty or with the
 *   server's message); the input gets aria-invalid and is focused when it is the first wrong one;
 * - messages arrive in English from the schema and are shown through `messages` (English ->
 *   the page's language).
 */
import { useEffect, useRef } from 'react';
import * as v from 'valibot';
import {
  accountFormSchema,
  fieldMessages,
  formToObject,
  type AccountFormName,
} from '~/lib/validation/account';

interface Props {
  formId: string;
  schema: AccountFormName;
  /** ISD codes the site offers (registration and OTP forms). */
  isdCodes?: string[];
  /** English message -> translated message. */
  messages: Record<string, string>;
}

export default function FormValidator({ formId, schema, isdCodes = [], messages }: Props) {
  const live = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const parser = accountFormSchema(schema, isdCodes);
    const say = (message: string) => messages[message] ?? message;

    const slot = (name: string) =>
      form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(name)}"]`);
    const inputs = (name: string) =>
      Array.from(form.elements).filter(
        (el): el is HTMLInputElement => 'name' in el && (el as HTMLInputElement).name === name,
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
    const fieldNames = () =>
      Array.from(
        new Set(Array.from(form.elements).map((el) => (el as HTMLInputElement).name)),
      ).filter(Boolean);
    const check = () => {
      const result = v.safeParse(parser, formToObject(new FormData(form)));
      return result.success ? {} : fieldMessages(result.issues);
    };

    const onSubmit = (event: SubmitEvent) => {
      // Only the form's main submit validates; e.g. a "resend" button posts as it is.
      const submitter = event.submitter as HTMLButtonElement | null;
      if (submitter?.formNoValidate) return;
      const errors = check();
      const names = fieldNames();
      show(errors, names);
      const wrong = names.filter((n) => errors[n]);
      if (wrong.length === 0) return;
      event.preventDefault();
      inputs(wrong[0] as string)[0]?.focus();
      if (live.current) live.current.textContent = say(errors[wrong[0] as string] as string);
    };
    // A field marked wrong is re-checked as the user corrects it (on input, not on blur: a
    // message vanishing on blur moves the submit button away from under the pointer).
    const onInput = (event: Event) => {
      const input = event.target as HTMLInputElement;
      if (!input.name || input.getAttribute('aria-invalid') !== 'true') return;
      show(check(), [input.name]);
    };
    form.noValidate = true;
    form.addEventListener('submit', onSubmit);
    form.addEventListener('input', onInput);
    form.addEventListener('change', onInput);
    return () => {
      form.removeEventListener('submit', onSubmit);
      form.removeEventListener('input', onInput);
      form.removeEventListener('change', onInput);
    };
  }, [formId, schema, isdCodes, messages]);

  return <p ref={live} className="visually-hidden" role="status" aria-live="polite" />;
}

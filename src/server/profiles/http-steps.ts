/**
 * What the registration step pages (/seeker/personal, /employment, /education, /job-preference)
 * share on the server: who may see a step (guests go to the login page, a seeker who has not
 * reached it to their own step) and reading a step's posted form (values to show again, the
 * translated messages by field and a 422, or the parsed input to save).
 *
 *   const user = stepUser(Astro, 'education');
 *   if (user instanceof Response) return user;
 *   const { values, errors, input } = await readStepForm(Astro, EducationSchema, saved);
 *   if (input) return Astro.redirect(localizedPath(lang, await saveEducation(user.id, input)), 303);
 */
import type { AstroGlobal } from 'astro';
import * as v from 'valibot';
import { localizedPath } from '~/lib/sites/links';
import { readForm } from '~/lib/validation/account';
import { requireUser, translatedIssues } from '~/server/accounts/http';
import type { SessionUser } from '~/server/accounts/sessions';
import { redirectForStep, type RegistrationStep } from './registration';

/** The logged-in seeker who may see `step`, or the redirect (302) to where they belong. */
export function stepUser(
  Astro: AstroGlobal,
  step: Exclude<RegistrationStep, 'done'>,
): SessionUser | Response {
  const user = requireUser(Astro);
  if (user instanceof Response) return user;
  const elsewhere = redirectForStep(step, user.registrationStep, user.careerStage);
  return elsewhere ? Astro.redirect(localizedPath(Astro.locals.lang, elsewhere), 302) : user;
}

/** A step form as the page shows it, with the parsed input when a post was valid. */
export interface StepForm<T> {
  values: Record<string, string>;
  errors: Record<string, string>;
  input: T | null;
}

/**
 * The step's form: `saved` (what the seeker saved before) on a GET; on a POST, the posted values
 * over `saved` and either the input `schema` parsed or its messages with a 422. `checkboxes` are
 * cleared before the posted values are laid over: an unticked checkbox sends nothing, and must not
 * keep the saved value.
 */
export async function readStepForm<S extends v.GenericSchema>(
  Astro: AstroGlobal,
  schema: S,
  saved: Record<string, string>,
  checkboxes: readonly string[] = [],
): Promise<StepForm<v.InferOutput<S>>> {
  if (Astro.request.method !== 'POST') return { values: saved, errors: {}, input: null };
  const form = await readForm(Astro.request);
  const cleared = Object.fromEntries(checkboxes.map((name) => [name, '']));
  const values = { ...saved, ...cleared, ...form };
  const parsed = v.safeParse(schema, form);
  if (parsed.success) return { values, errors: {}, input: parsed.output };
  Astro.response.status = 422;
  return { values, errors: translatedIssues(Astro.locals.t, parsed.issues, schema), input: null };
}

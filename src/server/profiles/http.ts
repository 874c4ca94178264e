/**
 * The profiles domain's HTTP part: messages in the page's language, ProfileError -> HttpError,
 * the one dispatcher of profile section updates shared by the /seeker/profile page (form posts)
 * and the JSON API (src/pages/api/trex/seeker/v1/...), and for those endpoints the body as a
 * plain object (JSON or a form) and a profile action run for the logged-in caller in the envelope
 * (401 for guests; own data only).
 */
import * as v from 'valibot';
import { type Translate } from '~/lib/i18n';
import { formToObject } from '~/lib/validation/account';
import {
  AddSkillsSchema,
  CardSkipSchema,
  CovidFlagSchema,
  CurrentLocationSchema,
  CurrentSalarySchema,
  DeleteSkillSchema,
  DesignationSchema,
  EntryIdSchema,
  ExpectedSalarySchema,
  ExperienceSchema,
  LgbtqSchema,
  LinkedInSchema,
  LocationsSchema,
  MobileUpdateSchema,
  NoticePeriodSchema,
  PreferredLocationSchema,
  ProfileEducationSchema,
  ProfileEmploymentSchema,
  ProfileIdSchema,
  CreateProfileSchema,
  PromptSchema,
  RenameProfileSchema,
  ResumeChoiceSchema,
  SalarySchema,
  VisaStatusSchema,
  profileMessageKey,
} from '~/lib/validation/profile';
import {
  HttpError,
  MALFORMED_JSON,
  UNSUPPORTED_BODY,
  bodyType,
  cleanOrRefuse,
  isFormType,
  isJsonType,
  ok,
  readFormData,
  readJson,
} from '~/server/api/envelope';
import { translatedIssues, translateMessage, apiT, requireApiUser } from '~/server/accounts/http';
import * as svc from './service';
import { removePhoto } from './photo';
import { type APIContext } from 'astro';

/** A message of the account or profile schemas in the page's language (others unchanged). */
export function profileMessage(t: Translate, message: string): string {
  const key = profileMessageKey(message);
  return key ? t(`profile:messages.${key}`) : translateMessage(t, message);
}

export function profileIssues(
  t: Translate,
  issues: readonly v.BaseIssue<unknown>[],
  schema?: unknown,
): Record<string, string> {
  return translatedIssues(t, issues, schema, profileMessage);
}

/** An action: its schema and what it does with the schema's output (typed together). */
const action = <S extends v.GenericSchema>(
  schema: S,
  run: (userId: string, input: v.InferOutput<S>, currency: string) => Promise<unknown>,
) => ({ schema, run });

/** Every action that changes the profile, by name: its schema and what it does. */
export const ACTIONS = {
  employment: action(ProfileEmploymentSchema, (u, i, c) => svc.saveEmployment(u, i, c)),
  education: action(ProfileEducationSchema, (u, i) => svc.saveEducation(u, i)),
  experience: action(ExperienceSchema, (u, i) => svc.saveExperience(u, i)),
  locations: action(LocationsSchema, (u, i) => svc.saveLocations(u, i)),
  preferredLocation: action(PreferredLocationSchema, (u, i) => svc.saveLocations(u, i)),
  currentLocation: action(CurrentLocationSchema, (u, i) => svc.saveLocations(u, i)),
  mobile: action(MobileUpdateSchema, (u, i) => svc.saveMobile(u, i)),
  salary: action(SalarySchema, (u, i, c) => svc.saveSalary(u, i, c)),
  currentSalary: action(CurrentSalarySchema, (u, i, c) => svc.saveCurrentSalary(u, i, c)),
  noticePeriod: action(NoticePeriodSchema, (u, i) => svc.saveNoticePeriod(u, i)),
  skills: action(AddSkillsSchema, (u, i) => svc.addSkills(u, i)),
  deleteSkill: action(DeleteSkillSchema, (u, i) =>
    svc.deleteSkill(u, i.skill, { profileId: i.profileId }),
  ),
  expectedSalary: action(ExpectedSalarySchema, (u, i) => svc.saveExpectedSalary(u, i)),
  resumeChoice: action(ResumeChoiceSchema, (u, i) => svc.saveResumeChoice(u, i)),
  deleteEmployment: action(EntryIdSchema, (u, i) => svc.deleteEmployment(u, i.id)),
  deleteEducation: action(EntryIdSchema, (u, i) => svc.deleteEducation(u, i.id)),
  removePhoto: action(v.object({}), async (u) => ({ removed: await removePhoto(u) })),
  visa: action(VisaStatusSchema, (u, i) => svc.saveVisaStatus(u, i.visaStatus)),
  linkedIn: action(LinkedInSchema, (u, i) => svc.saveLinkedIn(u, i.linkedinUrl)),
  designation: action(DesignationSchema, (u, i) => svc.saveDesignation(u, i)),
  covidLayoff: action(CovidFlagSchema, (u, i) => svc.setCovidLayoff(u, i.covidLayoff)),
  lgbtq: action(LgbtqSchema, (u, i) => svc.setLgbtq(u, i.lgbtq)),
  prompt: action(PromptSchema, (u, i) => svc.setPrompt(u, i.prompt, i.state)),
  skipCard: action(CardSkipSchema, (u, i) => svc.setPrompt(u, `card:${i.card}`, 'skipped')),
  createProfile: action(CreateProfileSchema, (u, i) =>
    svc.createNamedProfile(u, i.name, {}, i.headline),
  ),
  renameProfile: action(RenameProfileSchema, (u, i) =>
    svc.renameNamedProfile(u, i.profileId, i.name, {}, i.headline),
  ),
  defaultProfile: action(ProfileIdSchema, (u, i) => svc.setDefaultProfile(u, i.profileId)),
  deleteProfile: action(ProfileIdSchema, (u, i) => svc.deleteNamedProfile(u, i.profileId)),
} as const;
export type ProfileAction = keyof typeof ACTIONS;

export const isProfileAction = (name: string): name is ProfileAction =>
  Object.hasOwn(ACTIONS, name);

export type ActionResult =
  { ok: true; data: unknown } | { ok: false; status: number; errors: Record<string, string> };

/**
 * Validates `input` for `action` and runs it for `userId`. Invalid input or a broken rule answers
 * the messages (translated) by field and changes nothing.
 */
export async function runAction(
  action: ProfileAction,
  userId: string,
  input: unknown,
  currency: string,
  t: Translate,
): Promise<ActionResult> {
  // Each entry's run takes its own schema's output: widened here, where they are used together.
  const def = ACTIONS[action] as {
    schema: v.GenericSchema;
    run: (u: string, i: unknown, c: string) => Promise<unknown>;
  };
  const parsed = await v.safeParseAsync(def.schema, input);
  if (!parsed.success)
    return { ok: false, status: 422, errors: profileIssues(t, parsed.issues, def.schema) };
  try {
    return { ok: true, data: (await def.run(userId, parsed.output, currency)) ?? null };
  } catch (error) {
    if (error instanceof svc.ProfileError) {
      return {
        ok: false,
        status: error.status,
        errors: { [error.field]: profileMessage(t, error.message) },
      };
    }
    throw error;
  }
}

/** A failed ActionResult as the HttpError the API envelope answers. */
export function actionHttpError(result: Extract<ActionResult, { ok: false }>): HttpError {
  const errors = Object.entries(result.errors).map(([field, message]) => ({ field, message }));
  return new HttpError(result.status, errors[0]?.message ?? '', errors);
}

/** The request body as an object: JSON or urlencoded / multipart form. */
export async function readObjectBody(request: Request): Promise<Record<string, unknown>> {
  const type = bodyType(request);
  if (isFormType(type)) return formToObject(await readFormData(request));
  if (isJsonType(type)) {
    const body = await readJson(request);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new HttpError(400, MALFORMED_JSON);
    }
    return cleanOrRefuse(body, 422) as Record<string, unknown>;
  }
  throw new HttpError(415, UNSUPPORTED_BODY);
}

/**
 * Runs `action` for the session's user with the request body (`fixed` fields, e.g. the profile
 * id of the path, override the body's); answers `data` (or `result()`).
 */
export async function actionResponse(
  context: APIContext,
  action: ProfileAction,
  result?: (userId: string) => Promise<unknown>,
  fixed: Record<string, unknown> = {},
): Promise<Response> {
  const t = apiT(context);
  const user = requireApiUser(context, t);
  const body = { ...(await readObjectBody(context.request)), ...fixed };
  const outcome = await runAction(action, user.id, body, context.locals.site.currency.code, t);
  if (!outcome.ok) throw actionHttpError(outcome);
  return ok(result ? await result(user.id) : outcome.data);
}

/**
 * Glue between the profile service and pages / endpoints: messages in the page's language,
 * ProfileError -> HttpError, and the one dispatcher of profile section updates shared by the
 * /seeker/profile page (form posts) and the JSON API (src/pages/api/trex/seeker/v1/...).
 */
import * as v from 'valibot';
import type { Translate } from '../../lib/i18n';
import { fieldMessages } from '../../lib/validation/account';
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
} from '../../lib/validation/profile';
import { HttpError } from '../api/envelope';
import { translateMessage } from '../accounts/web';
import * as svc from './service';
import { removePhoto } from './photo';

/** A message of the account or profile schemas in the page's language (others unchanged). */
export function profileMessage(t: Translate, message: string): string {
  const key = profileMessageKey(message);
  return key ? t(`profile:messages.${key}`) : translateMessage(t, message);
}

export function profileIssues(
  t: Translate,
  issues: readonly v.BaseIssue<unknown>[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldMessages(issues))) {
    out[field] = profileMessage(t, message);
  }
  return out;
}

/** Every action that changes the profile, by name: its schema and what it does. */
export const ACTIONS = {
  employment: {
    schema: ProfileEmploymentSchema,
    run: (u: string, i: v.InferOutput<typeof ProfileEmploymentSchema>, c: string) =>
      svc.saveEmployment(u, i, c),
  },
  education: {
    schema: ProfileEducationSchema,
    run: (u: string, i: v.InferOutput<typeof ProfileEducationSchema>) => svc.saveEducation(u, i),
  },
  experience: {
    schema: ExperienceSchema,
    run: (u: string, i: v.InferOutput<typeof ExperienceSchema>) => svc.saveExperience(u, i),
  },
  locations: {
    schema: LocationsSchema,
    run: (u: string, i: v.InferOutput<typeof LocationsSchema>) => svc.saveLocations(u, i),
  },
  preferredLocation: {
    schema: PreferredLocationSchema,
    run: (u: string, i: v.InferOutput<typeof PreferredLocationSchema>) => svc.saveLocations(u, i),
  },
  currentLocation: {
    schema: CurrentLocationSchema,
    run: (u: string, i: v.InferOutput<typeof CurrentLocationSchema>) => svc.saveLocations(u, i),
  },
  mobile: {
    schema: MobileUpdateSchema,
    run: (u: string, i: v.InferOutput<typeof MobileUpdateSchema>) => svc.saveMobile(u, i),
  },
  salary: {
    schema: SalarySchema,
    run: (u: string, i: v.InferOutput<typeof SalarySchema>, c: string) => svc.saveSalary(u, i, c),
  },
  currentSalary: {
    schema: CurrentSalarySchema,
    run: (u: string, i: v.InferOutput<typeof CurrentSalarySchema>, c: string) =>
      svc.saveCurrentSalary(u, i, c),
  },
  noticePeriod: {
    schema: NoticePeriodSchema,
    run: (u: string, i: v.InferOutput<typeof NoticePeriodSchema>) => svc.saveNoticePeriod(u, i),
  },
  skills: {
    schema: AddSkillsSchema,
    run: (u: string, i: v.InferOutput<typeof AddSkillsSchema>) => svc.addSkills(u, i),
  },
  deleteSkill: {
    schema: DeleteSkillSchema,
    run: (u: string, i: v.InferOutput<typeof DeleteSkillSchema>) =>
      svc.deleteSkill(u, i.skill, { profileId: i.profileId }),
  },
  expectedSalary: {
    schema: ExpectedSalarySchema,
    run: (u: string, i: v.InferOutput<typeof ExpectedSalarySchema>) => svc.saveExpectedSalary(u, i),
  },
  resumeChoice: {
    schema: ResumeChoiceSchema,
    run: (u: string, i: v.InferOutput<typeof ResumeChoiceSchema>) => svc.saveResumeChoice(u, i),
  },
  deleteEmployment: {
    schema: EntryIdSchema,
    run: (u: string, i: v.InferOutput<typeof EntryIdSchema>) => svc.deleteEmployment(u, i.id),
  },
  deleteEducation: {
    schema: EntryIdSchema,
    run: (u: string, i: v.InferOutput<typeof EntryIdSchema>) => svc.deleteEducation(u, i.id),
  },
  removePhoto: {
    schema: v.object({}),
    run: async (u: string) => ({ removed: await removePhoto(u) }),
  },
  visa: {
    schema: VisaStatusSchema,
    run: (u: string, i: v.InferOutput<typeof VisaStatusSchema>) =>
      svc.saveVisaStatus(u, i.visaStatus),
  },
  linkedIn: {
    schema: LinkedInSchema,
    run: (u: string, i: v.InferOutput<typeof LinkedInSchema>) => svc.saveLinkedIn(u, i.linkedinUrl),
  },
  designation: {
    schema: DesignationSchema,
    run: (u: string, i: v.InferOutput<typeof DesignationSchema>) => svc.saveDesignation(u, i),
  },
  covidLayoff: {
    schema: CovidFlagSchema,
    run: (u: string, i: v.InferOutput<typeof CovidFlagSchema>) =>
      svc.setCovidLayoff(u, i.covidLayoff),
  },
  lgbtq: {
    schema: LgbtqSchema,
    run: (u: string, i: v.InferOutput<typeof LgbtqSchema>) => svc.setLgbtq(u, i.lgbtq),
  },
  prompt: {
    schema: PromptSchema,
    run: (u: string, i: v.InferOutput<typeof PromptSchema>) => svc.setPrompt(u, i.prompt, i.state),
  },
  skipCard: {
    schema: CardSkipSchema,
    run: (u: string, i: v.InferOutput<typeof CardSkipSchema>) =>
      svc.setPrompt(u, `card:${i.card}`, 'skipped'),
  },
  createProfile: {
    schema: CreateProfileSchema,
    run: (u: string, i: v.InferOutput<typeof CreateProfileSchema>) =>
      svc.createNamedProfile(u, i.name, {}, i.headline),
  },
  renameProfile: {
    schema: RenameProfileSchema,
    run: (u: string, i: v.InferOutput<typeof RenameProfileSchema>) =>
      svc.renameNamedProfile(u, i.profileId, i.name, {}, i.headline),
  },
  defaultProfile: {
    schema: ProfileIdSchema,
    run: (u: string, i: v.InferOutput<typeof ProfileIdSchema>) =>
      svc.setDefaultProfile(u, i.profileId),
  },
  deleteProfile: {
    schema: ProfileIdSchema,
    run: (u: string, i: v.InferOutput<typeof ProfileIdSchema>) =>
      svc.deleteNamedProfile(u, i.profileId),
  },
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
  const def = ACTIONS[action] as unknown as {
    schema: v.GenericSchema;
    run: (u: string, i: unknown, c: string) => Promise<unknown>;
  };
  const parsed = await v.safeParseAsync(def.schema, input);
  if (!parsed.success) return { ok: false, status: 422, errors: profileIssues(t, parsed.issues) };
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

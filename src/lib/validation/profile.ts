/**
 * Profile sections (SPEC §3 profile fields, §5 profile messages verbatim, §9 up to 5 profiles):
 * one valibot schema per section, run by the /seeker/profile page, the profile API endpoints and
 * the EngagementDialogs island. Inputs are what a form posts or a JSON client sends: strings (or
 * numbers / booleans for JSON); missing fields count as ''.
 *
 * Employment and education reuse the registration schemas of ./account.ts (same fields, same
 * messages). Messages not in ACCOUNT_MESSAGES are in PROFILE_MESSAGES and translated from the
 * `profile` namespace (`profile:messages.<key>`).
 */
import { typedDigits, typedWholeNumber } from './digits';
import {
  LGBTQ_STATUSES,
  VISA_STATUSES,
  type LgbtqStatus,
  type VisaStatus,
} from '~/lib/profile/statuses';
import * as v from 'valibot';
import { checkboxField } from './checkbox';
import { MAX_PROFILES, NOTICE_PERIODS } from '~/lib/reference-lists';
import {
  ACCOUNT_MESSAGES,
  EducationSchema,
  EmploymentSchema,
  MAX_PREFERRED_LOCATIONS,
  MAX_SKILLS,
  SALARY_MODES,
  SERVING_NOTICE,
  TEXT_MAX,
  splitList,
} from './account';
import { parseDate } from './formats';
import { mobileField, withMobileRule } from './mobile';
import { LOCATION_RE } from './search';

const A = ACCOUNT_MESSAGES;

/** Messages of the profile that ACCOUNT_MESSAGES does not have. */
export const PROFILE_MESSAGES = {
  // SPEC §5 "Profile messages", verbatim.
  linkedInInvalid: 'Please enter valid link (LinkedIn)',
  visaStatusRequired: 'Please select your Visa Status.',
  profileRequired: 'Please select a profile from list.',
  // Ours.
  profileNameRequired: 'Please enter a profile name',
  tooManyProfiles: `You can have at most ${MAX_PROFILES} profiles. Please delete one first.`,
  defaultNotDeletable:
    'The default profile cannot be deleted. Make another profile the default first.',
  profileNameTaken: 'You already have a profile with this name.',
  mobileTaken: 'This mobile number is already registered with another account.',
  promptInvalid: 'Please choose one of the options',
  flagInvalid: 'Please choose yes or no',
  noEmployment: 'Please add your employment first.',
  notFound: 'Profile not found',
  entryNotFound: 'This entry was not found. It may have been deleted already.',
  resumeChoiceInvalid: 'Please select one of your resumes.',
  photoRequired: 'Please choose a photo to upload.',
  photoEmpty: 'The photo file is empty. Please choose another one.',
  photoTooBig: 'Photo size must be less than or equal to 2MB',
  photoFormat: 'Photo format must be .jpg, .png or .webp',
  // SPEC §5's text for a file that is not what it says it is.
  photoInvalid: 'Please upload valid file',
} as const;
export type ProfileMessageKey = keyof typeof PROFILE_MESSAGES;
const P = PROFILE_MESSAGES;

const KEY_BY_MESSAGE = new Map<string, ProfileMessageKey>(
  (Object.entries(PROFILE_MESSAGES) as [ProfileMessageKey, string][]).map(([k, m]) => [m, k]),
);
/** The translation key (profile:messages.<key>) of a profile message, or undefined. */
export function profileMessageKey(message: string): ProfileMessageKey | undefined {
  return KEY_BY_MESSAGE.get(message);
}

export { LGBTQ_STATUSES, VISA_STATUSES, type LgbtqStatus, type VisaStatus };

/** Engagement dialog steps (SPEC §2), in the order they are asked. */
export const ENGAGE_STEPS = [
  'employment',
  'education',
  'experience',
  'preferredLocation',
  'currentLocation',
  'mobile',
  'salary',
  'noticePeriod',
  'skills',
  'workPermit',
  'linkedIn',
] as const;
export type EngageStep = (typeof ENGAGE_STEPS)[number];
/** Review dialogs (SPEC §2): confirm, update or skip. */
export const REVIEW_STEPS = ['salary', 'noticePeriod', 'location', 'mobile'] as const;
export type ReviewStep = (typeof REVIEW_STEPS)[number];
/** Seeker cards (SPEC §3, §4). */
export const SEEKER_CARDS = [
  'location',
  'currentLocation',
  'workAuth',
  'education',
  'experience',
  'designation',
  'skills',
  'resume',
  'mobile',
] as const;
export type SeekerCard = (typeof SEEKER_CARDS)[number];

/**
 * Remembered prompt keys: "engage:<step>", "review:<step>", "card:<card>", and "dialogs:closed"
 * (the profile dialog closed: not opened again for a week, DIALOGS_CLOSED_DAYS).
 */
export const PROMPT_KEYS = [
  ...ENGAGE_STEPS.map((s) => `engage:${s}` as const),
  ...REVIEW_STEPS.map((s) => `review:${s}` as const),
  ...SEEKER_CARDS.map((s) => `card:${s}` as const),
  'dialogs:closed',
] as const;
/** Days the profile dialog stays shut once the seeker closed it. */
export const DIALOGS_CLOSED_DAYS = 7;
export type PromptKey = (typeof PROMPT_KEYS)[number];

export const PROFILE_NAME_MAX = 50;
export const SKILL_MAX = 50;

// --- helpers ------------------------------------------------------------------------------------

/** Text or a number (JSON clients send either), trimmed; missing: ''. */
const field = () =>
  v.pipe(
    v.optional(v.union([v.string(), v.number()]), ''),
    v.transform((x) => String(x).trim()),
  );
const oneOf = <T extends readonly string[]>(values: T, message: string) =>
  v.pipe(
    field(),
    v.check((s) => (values as readonly string[]).includes(s), message),
    v.transform((s) => s as T[number]),
  );
const amount = (required: string | null) =>
  v.pipe(
    field(),
    v.transform(typedWholeNumber),
    v.check((s) => required === null || s !== '', required ?? ''),
    v.check((s) => s === '' || /^\d{1,12}$/.test(s), A.salaryInvalid),
    v.transform((s) => (s === '' ? null : Number(s))),
  );
const today = () => new Date().toISOString().slice(0, 10);
const isoOf = (s: string) => {
  const d = parseDate(s);
  return d ? d.toISOString().slice(0, 10) : null;
};
/** A database id (positive whole number) given as text or number. */
const idField = (message: string) =>
  v.pipe(field(), v.nonEmpty(message), v.regex(/^[1-9]\d{0,15}$/, message), v.transform(Number));
const optionalId = () =>
  v.pipe(
    field(),
    v.check((s) => s === '' || /^[1-9]\d{0,15}$/.test(s), A.selectionInvalid),
    v.transform((s) => (s === '' ? null : Number(s))),
  );

// --- named profiles (SPEC §9) -------------------------------------------------------------------

export const ProfileNameSchema = v.object({
  name: v.pipe(
    field(),
    v.transform((s) => s.replace(/\s+/g, ' ')),
    v.nonEmpty(P.profileNameRequired),
    v.maxLength(PROFILE_NAME_MAX, A.textTooLong),
  ),
});
/** What this profile targets (e.g. a designation), shown to recruiters with it; optional. */
const HeadlineField = v.pipe(
  field(),
  v.maxLength(TEXT_MAX, A.textTooLong),
  v.transform((s) => (s === '' ? null : s.replace(/\s+/g, ' '))),
);
export const CreateProfileSchema = v.object({
  ...ProfileNameSchema.entries,
  headline: HeadlineField,
});
export const ProfileIdSchema = v.object({ profileId: idField(P.profileRequired) });
/**
 * Which profile a per-profile section edits: a profile id, or none (''/missing) for the default
 * profile. Whether the id is the user's own is checked by the service.
 */
const profileRef = () =>
  v.pipe(
    field(),
    v.check((s) => s === '' || /^[1-9]\d{0,15}$/.test(s), P.profileRequired),
    v.transform((s) => (s === '' ? null : Number(s))),
  );
export const RenameProfileSchema = v.object({
  ...ProfileIdSchema.entries,
  ...ProfileNameSchema.entries,
  headline: HeadlineField,
});

// --- sections -----------------------------------------------------------------------------------

/**
 * JSON bodies as the form strings the registration schemas read: true -> 'on', false -> '',
 * numbers as text; anything else is left for the schema to refuse.
 */
function asFormValues(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  return Object.fromEntries(
    Object.entries(input).map(([k, x]) => [
      k,
      typeof x === 'boolean' ? (x ? 'on' : '') : typeof x === 'number' ? String(x) : x,
    ]),
  );
}

/** Employment: the registration fields, plus the id of the entry to update (none: add). */
export const ProfileEmploymentSchema = v.pipe(
  v.unknown(),
  v.transform(asFormValues),
  v.pipe(
    v.object({ id: optionalId(), ...EmploymentSchema.pipe[0].entries }),
    ...(EmploymentSchema.pipe.slice(1) as []),
  ),
);
export const ProfileEducationSchema = v.pipe(
  v.unknown(),
  v.transform(asFormValues),
  v.pipe(
    v.object({ id: optionalId(), ...EducationSchema.pipe[0].entries }),
    ...(EducationSchema.pipe.slice(1) as []),
  ),
);

export const ExperienceSchema = v.object({
  experienceYears: v.pipe(
    field(),
    v.transform(typedDigits),
    v.nonEmpty(A.experienceRequired),
    v.check((s) => /^\d{1,2}$/.test(s) && Number(s) <= 50, A.experienceRequired),
    v.transform(Number),
  ),
  experienceMonths: v.pipe(
    field(),
    v.transform(typedDigits),
    v.transform((s) => (s === '' ? '0' : s)),
    v.check((s) => /^\d{1,2}$/.test(s) && Number(s) <= 11, A.experienceRequired),
    v.transform(Number),
  ),
});

const cityField = (required: string) =>
  v.pipe(
    field(),
    v.transform((s) => s.replace(/\s+/g, ' ')),
    v.nonEmpty(required),
    v.maxLength(TEXT_MAX, A.textTooLong),
    v.regex(LOCATION_RE, A.cityNameInvalid),
  );
const cityList = () =>
  v.pipe(
    v.optional(v.union([v.string(), v.array(v.string())]), ''),
    v.transform((x) => (Array.isArray(x) ? x.flatMap(splitList) : splitList(x))),
    v.minLength(1, A.preferredLocationRequired),
    v.maxLength(MAX_PREFERRED_LOCATIONS, A.tooManyLocations),
    v.check(
      (list) => list.every((c) => c.length <= TEXT_MAX && LOCATION_RE.test(c)),
      A.cityNameInvalid,
    ),
    v.transform((list) =>
      list.filter(
        (c, i) => list.findIndex((d) => d.toLocaleLowerCase() === c.toLocaleLowerCase()) === i,
      ),
    ),
  );

export const PreferredLocationSchema = v.object({
  profileId: profileRef(),
  preferredLocations: cityList(),
});
export const CurrentLocationSchema = v.object({
  currentLocation: cityField(A.currentLocationRequired),
});
/** Both locations at once: the current one and the default profile's preferred ones. */
export const LocationsSchema = v.object({
  ...CurrentLocationSchema.entries,
  preferredLocations: cityList(),
});

/** A new mobile (settings, profile, engagement dialog): the rule of mobile.ts, kept in E.164. */
export const MobileUpdateSchema = withMobileRule(
  v.object({
    isdCode: v.pipe(
      field(),
      v.transform((s) => typedDigits(s).replace(/^\+/, '')),
      v.regex(/^\d{1,4}$/, A.isdInvalid),
    ),
    mobile: mobileField(A.mobileRequired, A.mobileInvalid),
  }),
  null,
  A.mobileInvalid,
);

/** Current salary with its mode (SPEC §5), on the current (or latest) employment. */
export const CurrentSalarySchema = v.object({
  currentSalary: amount(A.currentSalaryRequired),
  salaryMode: oneOf(SALARY_MODES, A.salaryModeRequired),
});
/** The salary section: current salary with mode, and the expected salary (optional). */
export const SalarySchema = v.object({
  ...CurrentSalarySchema.entries,
  expectedSalary: amount(null),
});

/** One profile's expected salary: empty clears it; a value needs its mode. */
export const ExpectedSalarySchema = v.pipe(
  v.object({
    profileId: profileRef(),
    expectedSalary: amount(null),
    salaryMode: v.pipe(
      field(),
      v.check(
        (s) => s === '' || (SALARY_MODES as readonly string[]).includes(s),
        A.salaryModeRequired,
      ),
      v.transform((s) => (s === '' ? null : (s as (typeof SALARY_MODES)[number]))),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['expectedSalary'], ['salaryMode']],
      (i) => i.expectedSalary === null || i.salaryMode !== null,
      A.salaryModeRequired,
    ),
    ['salaryMode'],
  ),
);

/** The resume a profile shows: 'latest' (the newest upload), 'none', or one resume's id. */
export const RESUME_CHOICE_RE =
  /^(?:latest|none|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
export const ResumeChoiceSchema = v.object({
  profileId: profileRef(),
  resume: v.pipe(
    field(),
    v.regex(RESUME_CHOICE_RE, P.resumeChoiceInvalid),
    v.transform((s) => s.toLowerCase()),
  ),
});

/** An employment or education entry to delete. */
export const EntryIdSchema = v.object({ id: idField(P.entryNotFound) });

const NOTICE_IDS = NOTICE_PERIODS.map((n) => String(n.id));
/** Notice period; the last working day is required while serving notice (SPEC §5). */
export const NoticePeriodSchema = v.pipe(
  v.object({
    noticePeriod: v.pipe(
      field(),
      v.check((s) => NOTICE_IDS.includes(s), A.noticePeriodRequired),
      v.transform(Number),
    ),
    lastWorkingDate: v.pipe(
      field(),
      v.check((s) => s === '' || isoOf(s) !== null, A.dateInvalid),
      v.transform((s) => (s === '' ? null : isoOf(s))),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['noticePeriod'], ['lastWorkingDate']],
      (i) => i.noticePeriod !== SERVING_NOTICE || i.lastWorkingDate !== null,
      A.lastWorkingDateRequired,
    ),
    ['lastWorkingDate'],
  ),
  // A last working day while serving notice is today or later.
  v.forward(
    v.partialCheck(
      [['noticePeriod'], ['lastWorkingDate']],
      (i) =>
        i.noticePeriod !== SERVING_NOTICE ||
        i.lastWorkingDate === null ||
        i.lastWorkingDate >= today(),
      A.dateRangeInvalid,
    ),
    ['lastWorkingDate'],
  ),
);

/**
 * Skills: one or a comma-separated list (or a JSON array), at least one, at most MAX_SKILLS, each
 * at most SKILL_MAX characters, none twice (in any case).
 */
export const SkillListSchema = v.pipe(
  v.optional(v.union([v.string(), v.array(v.string())]), ''),
  v.transform((x) => (Array.isArray(x) ? x.flatMap(splitList) : splitList(x))),
  v.minLength(1, A.skillsRequired),
  v.maxLength(MAX_SKILLS, A.tooManySkills),
  v.check((list) => list.every((s) => s.length <= SKILL_MAX), A.textTooLong),
  v.check(
    (list) => new Set(list.map((s) => s.toLocaleLowerCase())).size === list.length,
    A.skillDuplicate,
  ),
);

/** Skills to add. */
export const AddSkillsSchema = v.object({
  profileId: profileRef(),
  skills: SkillListSchema,
});
export const DeleteSkillSchema = v.object({
  profileId: profileRef(),
  skill: v.pipe(field(), v.nonEmpty(A.skillsRequired), v.maxLength(SKILL_MAX, A.textTooLong)),
});

export const VisaStatusSchema = v.object({
  visaStatus: oneOf(VISA_STATUSES, P.visaStatusRequired),
});

/** A LinkedIn profile or company page; "www.linkedin.com/in/x" gets https:// added. */
export const LINKEDIN_RE =
  /^https:\/\/(?:[a-z]{2,3}\.)?linkedin\.com\/(?:in|pub|company)\/[\p{L}\p{N}_%.-]{2,100}\/?$/iu;
export const LinkedInSchema = v.object({
  linkedinUrl: v.pipe(
    field(),
    v.transform((s) => (/^https?:\/\//i.test(s) ? s : s === '' ? s : `https://${s}`)),
    v.transform((s) => s.replace(/^http:\/\//i, 'https://')),
    v.regex(LINKEDIN_RE, P.linkedInInvalid),
  ),
});

export const DesignationSchema = v.object({
  designation: v.pipe(
    field(),
    v.nonEmpty(A.designationRequired),
    v.maxLength(TEXT_MAX, A.textTooLong),
  ),
});

export const CovidFlagSchema = v.object({ covidLayoff: checkboxField() });
export const LgbtqSchema = v.object({ lgbtq: oneOf(LGBTQ_STATUSES, P.flagInvalid) });

export const PromptSchema = v.object({
  prompt: oneOf(PROMPT_KEYS, P.promptInvalid),
  state: v.optional(oneOf(['skipped', 'confirmed'] as const, P.promptInvalid), 'skipped'),
});
export const CardSkipSchema = v.object({ card: oneOf(SEEKER_CARDS, P.promptInvalid) });

/** The sections of the profile page form posts, by their hidden `section` value. */
export const PROFILE_SECTIONS = [
  'employment',
  'education',
  'experience',
  'locations',
  'mobile',
  'salary',
  'noticePeriod',
  'skills',
  'deleteSkill',
  'currentLocation',
  'preferredLocation',
  'currentSalary',
  'expectedSalary',
  'resumeChoice',
  'deleteEmployment',
  'deleteEducation',
  'removePhoto',
  'visa',
  'linkedIn',
  'designation',
  'flags',
  'createProfile',
  'renameProfile',
  'defaultProfile',
  'deleteProfile',
  'prompt',
] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/**
 * Account forms (SPEC §2 registration steps and login, §4 mobile verification, §5 formats and
 * messages): one valibot schema per form, run by the island in the browser and by the page or
 * endpoint on the server. Inputs are what a form posts: strings (missing fields count as '').
 *
 * Messages are SPEC §5 verbatim where it gives them (capitals and full stops included); the others
 * are ours. Pages and islands show them translated through `messageKey` (locales/<lang>/account.json
 * `messages.<key>`, whose English text is the same string).
 */
import { typedDigits, typedWholeNumber } from './digits';
import * as v from 'valibot';
import { checkboxField } from './checkbox';
import { NOTICE_PERIODS, PERCENTAGE_BANDS } from '~/lib/reference-lists';
import {
  CAREER_STAGES,
  EDUCATION_TYPES,
  GENDERS,
  SALARY_MODES,
  type CareerStage,
} from '~/lib/profile/kinds';
import { cleanInput } from './clean';
import { LOCATION_RE } from './search';
import { DATE_MESSAGE, EMAIL_RE, NAME_MESSAGE, PHONE_MESSAGE, parseDate } from './formats';
import { FIELD_CHECK, issueMessage } from './issues';
import { MOBILE_CODE_AMBIGUOUS, mobileField } from './mobile-typing';

/** Every message an account form can show, by translation key. */
export const ACCOUNT_MESSAGES = {
  // SPEC §5 "Call-back and mobile", verbatim.
  mobileRequired: 'Please Enter Mobile Number',
  mobileInvalid: PHONE_MESSAGE,
  otpMobileInvalid: 'please enter a valid mobile number',
  otpInvalid: 'please enter a valid otp',
  // SPEC §5 "Profile messages", verbatim.
  designationRequired: 'Please specify your Current Designation',
  companyRequired: 'Please specify your Current Company',
  qualificationRequired: 'Please specify your Highest Qualification',
  specializationRequired: 'Please specify your Specialization',
  instituteRequired: 'Please specify your Institute',
  boardRequired: 'Please specify your board',
  mediumRequired: 'Please specify your medium',
  passingYearRequired: 'Please specify your passing year',
  dateRangeInvalid: 'Please specify a valid date range.',
  experienceRequired: 'Please update your experience.',
  preferredLocationRequired: 'Please select your preferred location.',
  currentLocationRequired: 'Please select your current location.',
  cityNameInvalid: 'Please enter your city name.',
  skillsRequired: 'Please select skills.',
  skillDuplicate: 'This Skill is already added.',
  salaryModeRequired: 'Please specify salary mode',
  currentSalaryRequired: 'Please specify your current salary',
  noticePeriodRequired: 'Please specify your notice period',
  lastWorkingDateRequired: 'Please specify your last working date',
  // SPEC §5 "Format rules" (messages from formats.ts).
  emailInvalid: 'Please enter a valid email address',
  nameInvalid: NAME_MESSAGE,
  dateInvalid: DATE_MESSAGE,
  // Ours.
  emailRequired: 'Please enter your email address',
  nameRequired: 'Please enter your name',
  passwordRequired: 'Please enter your password',
  passwordRule: 'Your password must be 8-64 characters with at least one letter and one digit',
  passwordMismatch: 'The two passwords do not match',
  passwordSame: 'Your new password must differ from the current one',
  careerStageRequired: 'Please tell us whether you are a fresher or a professional',
  isdInvalid: 'Please select a valid country code',
  isdAmbiguous: MOBILE_CODE_AMBIGUOUS,
  dateOfBirthInvalid: 'Please enter a valid date of birth',
  genderRequired: 'Please select your gender',
  textTooLong: 'Please shorten this to 100 characters or fewer',
  salaryInvalid: 'Please enter the amount in digits only',
  tooManySkills: 'Please select at most 30 skills',
  tooManyLocations: 'Please select at most 10 locations',
  selectionInvalid: 'Please choose one of the options',
  /** A field sent in a shape no form makes, whose schema names no message of its own. */
  fieldCheck: FIELD_CHECK,
} as const;

export type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;
const M = ACCOUNT_MESSAGES;

const KEY_BY_MESSAGE = new Map<string, AccountMessageKey>(
  (Object.entries(ACCOUNT_MESSAGES) as [AccountMessageKey, string][]).map(([k, m]) => [m, k]),
);

/** The translation key of one of the messages above, or undefined for any other text. */
export function messageKey(message: string): AccountMessageKey | undefined {
  return KEY_BY_MESSAGE.get(message);
}

// --- reference lists of the forms ---------------------------------------------------------------

// Stored choices: one list each in lib/profile/kinds.ts, which the schema shares.
export { CAREER_STAGES, EDUCATION_TYPES, GENDERS, SALARY_MODES, type CareerStage };

/** Highest qualification choices; `school` ones ask for board and medium. Ids are stored. */
export const QUALIFICATIONS = [
  { id: '10th', school: true },
  { id: '12th', school: true },
  { id: 'diploma', school: false },
  { id: 'iti', school: false },
  { id: 'ba', school: false },
  { id: 'bsc', school: false },
  { id: 'bcom', school: false },
  { id: 'bba', school: false },
  { id: 'bca', school: false },
  { id: 'btech', school: false },
  { id: 'mbbs', school: false },
  { id: 'llb', school: false },
  { id: 'ma', school: false },
  { id: 'msc', school: false },
  { id: 'mcom', school: false },
  { id: 'mba', school: false },
  { id: 'mca', school: false },
  { id: 'mtech', school: false },
  { id: 'phd', school: false },
  { id: 'other', school: false },
] as const;
export type QualificationId = (typeof QUALIFICATIONS)[number]['id'];
export const isSchoolQualification = (id: string) =>
  QUALIFICATIONS.some((q) => q.id === id && q.school);

/** SPEC §5 "Password" is not given: 8-64 characters with a letter and a digit (ours). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const OTP_LENGTH = 6;
export const TEXT_MAX = 100;
export const MAX_SKILLS = 30;
export const MAX_PREFERRED_LOCATIONS = 10;

// --- helpers ------------------------------------------------------------------------------------

/** A form field: a string (missing: ''), trimmed. */
export const field = () => v.pipe(v.optional(v.string(), ''), v.trim());
/** A required text field of at most TEXT_MAX characters. */
const requiredText = (required: string) =>
  v.pipe(field(), v.nonEmpty(required), v.maxLength(TEXT_MAX, M.textTooLong));
/** An optional text field of at most TEXT_MAX characters. */
const optionalText = () => v.pipe(field(), v.maxLength(TEXT_MAX, M.textTooLong));
export const oneOf = <T extends readonly string[]>(values: T, message: string) =>
  v.pipe(
    field(),
    v.nonEmpty(message),
    v.check((s) => (values as readonly string[]).includes(s), message),
    v.transform((s) => s as T[number]),
  );

/** Form values as a plain object: the first value of each key; files are left out. */
export function formToObject(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string' && !(key in out)) out[key] = value;
  }
  // No NUL or lone surrogates past this point; an over-long value throws TextTooLongError.
  return cleanInput(out);
}

/**
 * A posted form as a plain object (formToObject); a body that is not a form, or one that
 * formToObject refuses, reads as an empty form (which then fails validation like one).
 */
export async function readForm(request: Request): Promise<Record<string, string>> {
  try {
    return formToObject(await request.formData());
  } catch {
    return {};
  }
}

/**
 * The first message per field of a failed parse, keyed by field name ('' for the form); with the
 * schema, a check it named no message for gets the field's own (issueMessage).
 */
export function fieldMessages(
  issues: readonly v.BaseIssue<unknown>[],
  schema?: unknown,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const name = v.getDotPath(issue) ?? '';
    if (!(name in out)) out[name] = issueMessage(issue, schema);
  }
  return out;
}

/** Today's date at midnight UTC (what parseDate returns for today). */
function todayUtc(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** yyyy-mm-dd of a date parsed by parseDate. */
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** A date field (SPEC §5 formats) turned into yyyy-mm-dd; '' stays '' (an optional date). */
const dateField = () =>
  v.pipe(
    field(),
    v.check((s) => s === '' || parseDate(s) !== null, M.dateInvalid),
    v.transform((s) => (s === '' ? '' : isoDay(parseDate(s) as Date))),
  );
/** A required date field: `required` when empty. */
const requiredDateField = (required: string) =>
  v.pipe(
    field(),
    v.nonEmpty(required),
    v.check((s) => parseDate(s) !== null, M.dateInvalid),
    v.transform((s) => isoDay(parseDate(s) as Date)),
  );

// --- mobile, email, password, OTP ---------------------------------------------------------------

/**
 * Registration mobile (SPEC §5): 'Please Enter Mobile Number' / 'Enter a Valid Mobile Number'.
 * On its own it only checks the typing; the rule needs the ISD code (withMobileRule, mobile.ts).
 */
export const MobileSchema = mobileField(M.mobileRequired, M.mobileInvalid);
/** Mobile in the OTP flows (SPEC §5): 'please enter a valid mobile number'. */
export const OtpMobileSchema = mobileField(M.otpMobileInvalid, M.otpMobileInvalid);
export const OtpCodeSchema = v.pipe(
  field(),
  v.transform(typedDigits),
  v.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), M.otpInvalid),
);
export const EmailFieldSchema = v.pipe(
  field(),
  v.nonEmpty(M.emailRequired),
  v.regex(EMAIL_RE, M.emailInvalid),
  v.toLowerCase(),
);
/** A new password: 8-64 characters, at least one letter and one digit. Not trimmed. */
export const NewPasswordSchema = v.pipe(
  v.optional(v.string(), ''),
  v.nonEmpty(M.passwordRequired),
  v.check(
    (s) =>
      s.length >= PASSWORD_MIN && s.length <= PASSWORD_MAX && /\p{L}/u.test(s) && /\p{N}/u.test(s),
    M.passwordRule,
  ),
);
/** A password typed to log in: any non-empty text up to 256 characters. */
const PasswordFieldSchema = v.pipe(
  v.optional(v.string(), ''),
  v.nonEmpty(M.passwordRequired),
  v.maxLength(256, M.passwordRequired),
);
/**
 * The dialling code beside a mobile: one of the site's, or none chosen on a site of several (the
 * number then tells, or the seeker is asked: withMobileRule); a site of one code needs no choice.
 */
export const isdField = (isdCodes: readonly string[]) =>
  v.pipe(
    field(),
    v.transform((s) => typedDigits(s).replace(/^\+/, '')),
    v.transform((s) => (s === '' && isdCodes.length === 1 ? (isdCodes[0] ?? '') : s)),
    v.check((s) => (s === '' && isdCodes.length > 1) || isdCodes.includes(s), M.isdInvalid),
  );

// --- forms --------------------------------------------------------------------------------------

/** /rio/login, email and password. */
export const PasswordLoginSchema = v.object({
  email: EmailFieldSchema,
  password: PasswordFieldSchema,
});

/** /rio/forgot-password by email: the account's address. */
export const ForgotEmailSchema = v.object({ email: EmailFieldSchema });

/** Entering a code (mobile or email verification of a logged-in user). */
export const OtpEntrySchema = v.object({ otp: OtpCodeSchema });

/** /seeker/change-password; `currentPassword` only when the account has a password. */
export const changePasswordSchema = (hasPassword: boolean) =>
  v.pipe(
    v.object({
      currentPassword: hasPassword ? PasswordFieldSchema : v.optional(v.string(), ''),
      newPassword: NewPasswordSchema,
      confirmPassword: v.optional(v.string(), ''),
    }),
    v.forward(
      v.partialCheck(
        [['newPassword'], ['confirmPassword']],
        (i) => i.newPassword === i.confirmPassword,
        M.passwordMismatch,
      ),
      ['confirmPassword'],
    ),
    v.forward(
      v.partialCheck(
        [['currentPassword'], ['newPassword']],
        (i) => !hasPassword || i.currentPassword !== i.newPassword,
        M.passwordSame,
      ),
      ['newPassword'],
    ),
  );

const yearsField = (max: number) =>
  v.pipe(
    field(),
    v.transform(typedDigits),
    v.nonEmpty(M.experienceRequired),
    v.regex(/^\d{1,2}$/, M.experienceRequired),
    v.transform(Number),
    v.maxValue(max, M.experienceRequired),
  );

const personalEntries = {
  dateOfBirth: v.pipe(
    requiredDateField(M.dateOfBirthInvalid),
    v.check((s) => {
      const d = parseDate(s);
      if (!d) return false;
      const age = (todayUtc().getTime() - d.getTime()) / (365.25 * 86_400_000);
      return age >= 14 && age <= 100;
    }, M.dateOfBirthInvalid),
  ),
  gender: oneOf(GENDERS, M.genderRequired),
  currentLocation: v.pipe(
    field(),
    v.nonEmpty(M.currentLocationRequired),
    v.maxLength(TEXT_MAX, M.textTooLong),
    v.regex(LOCATION_RE, M.cityNameInvalid),
  ),
};
const PersonalFresherSchema = v.object(personalEntries);
const PersonalProfessionalSchema = v.object({
  ...personalEntries,
  experienceYears: yearsField(50),
  experienceMonths: yearsField(11),
});

/** Step 2, /seeker/personal. Professionals also give their total experience. */
export const personalSchema = (careerStage: CareerStage) =>
  careerStage === 'professional' ? PersonalProfessionalSchema : PersonalFresherSchema;
export type PersonalInput = {
  dateOfBirth: string;
  gender: (typeof GENDERS)[number];
  currentLocation: string;
  experienceYears?: number;
  experienceMonths?: number;
};

const NOTICE_IDS = NOTICE_PERIODS.map((n) => String(n.id));
/** NOTICE_PERIODS id 0: the seeker is serving notice and gives a last working date. */
export const SERVING_NOTICE = 0;

/** Step 3, /seeker/employment (professionals only). */
export const EmploymentSchema = v.pipe(
  v.object({
    designation: requiredText(M.designationRequired),
    company: requiredText(M.companyRequired),
    startDate: v.pipe(
      requiredDateField(M.dateRangeInvalid),
      v.check((s) => (parseDate(s) ?? todayUtc()) <= todayUtc(), M.dateRangeInvalid),
    ),
    isCurrent: checkboxField(),
    endDate: dateField(),
    noticePeriod: v.pipe(
      field(),
      v.check((s) => s === '' || NOTICE_IDS.includes(s), M.noticePeriodRequired),
      v.transform((s) => (s === '' ? null : Number(s))),
    ),
    lastWorkingDate: dateField(),
    currentSalary: v.pipe(
      field(),
      v.transform(typedWholeNumber),
      v.nonEmpty(M.currentSalaryRequired),
      v.regex(/^\d{1,12}$/, M.salaryInvalid),
      v.transform(Number),
    ),
    salaryMode: oneOf(SALARY_MODES, M.salaryModeRequired),
  }),
  // A past job needs an end date on or after its start, not in the future.
  v.forward(
    v.partialCheck(
      [['isCurrent'], ['startDate'], ['endDate']],
      (i) =>
        i.isCurrent ||
        (i.endDate !== '' && i.endDate >= i.startDate && i.endDate <= isoDay(todayUtc())),
      M.dateRangeInvalid,
    ),
    ['endDate'],
  ),
  v.forward(
    v.partialCheck(
      [['isCurrent'], ['noticePeriod']],
      (i) => !i.isCurrent || i.noticePeriod !== null,
      M.noticePeriodRequired,
    ),
    ['noticePeriod'],
  ),
  v.forward(
    v.partialCheck(
      [['isCurrent'], ['noticePeriod'], ['lastWorkingDate']],
      (i) => !i.isCurrent || i.noticePeriod !== SERVING_NOTICE || i.lastWorkingDate !== '',
      M.lastWorkingDateRequired,
    ),
    ['lastWorkingDate'],
  ),
);
export type EmploymentInput = v.InferOutput<typeof EmploymentSchema>;

const PERCENTAGE_IDS = PERCENTAGE_BANDS.map((b) => String(b.id));
const QUALIFICATION_IDS = QUALIFICATIONS.map((q) => q.id);

/** The passing years offered: this year + 5 down to 1950. */
export function passingYears(now = new Date()): number[] {
  const years: number[] = [];
  for (let y = now.getUTCFullYear() + 5; y >= 1950; y--) years.push(y);
  return years;
}

/** Step 4, /seeker/education: the highest qualification. */
export const EducationSchema = v.pipe(
  v.object({
    qualification: oneOf(QUALIFICATION_IDS, M.qualificationRequired),
    specialization: optionalText(),
    institute: optionalText(),
    board: optionalText(),
    medium: optionalText(),
    passingYear: v.pipe(
      field(),
      v.transform(typedDigits),
      v.nonEmpty(M.passingYearRequired),
      v.check((s) => passingYears().includes(Number(s)), M.passingYearRequired),
      v.transform(Number),
    ),
    percentageBand: v.pipe(
      field(),
      v.transform(typedDigits),
      v.check((s) => s === '' || PERCENTAGE_IDS.includes(s), M.selectionInvalid),
      v.transform((s) => (s === '' ? null : Number(s))),
    ),
    educationType: v.pipe(
      field(),
      v.check(
        (s) => s === '' || (EDUCATION_TYPES as readonly string[]).includes(s),
        M.selectionInvalid,
      ),
      v.transform((s) => (s === '' ? null : (s as (typeof EDUCATION_TYPES)[number]))),
    ),
  }),
  // Degrees name a specialization and an institute; school years a board and a medium.
  v.forward(
    v.partialCheck(
      [['qualification'], ['specialization']],
      (i) => isSchoolQualification(i.qualification) || i.specialization !== '',
      M.specializationRequired,
    ),
    ['specialization'],
  ),
  v.forward(
    v.partialCheck(
      [['qualification'], ['institute']],
      (i) => isSchoolQualification(i.qualification) || i.institute !== '',
      M.instituteRequired,
    ),
    ['institute'],
  ),
  v.forward(
    v.partialCheck(
      [['qualification'], ['board']],
      (i) => !isSchoolQualification(i.qualification) || i.board !== '',
      M.boardRequired,
    ),
    ['board'],
  ),
  v.forward(
    v.partialCheck(
      [['qualification'], ['medium']],
      (i) => !isSchoolQualification(i.qualification) || i.medium !== '',
      M.mediumRequired,
    ),
    ['medium'],
  ),
);
export type EducationInput = v.InferOutput<typeof EducationSchema>;

/** Splits a comma-separated list, trims and drops empty items. */
export const splitList = (s: string): string[] =>
  s
    .split(/[,،]/)
    .map((x) => x.trim().replace(/\s+/g, ' '))
    .filter((x) => x !== '');

const hasDuplicate = (items: string[]) =>
  new Set(items.map((x) => x.toLocaleLowerCase())).size !== items.length;

/** Step 5, /seeker/job-preference. Lists come comma-separated. */
export const JobPreferenceSchema = v.object({
  preferredLocations: v.pipe(
    field(),
    v.transform(splitList),
    v.minLength(1, M.preferredLocationRequired),
    v.maxLength(MAX_PREFERRED_LOCATIONS, M.tooManyLocations),
    v.check(
      (list) => list.every((c) => c.length <= TEXT_MAX && LOCATION_RE.test(c)),
      M.cityNameInvalid,
    ),
    // The same city twice (any case) counts once; the first spelling is kept.
    v.transform((list) =>
      list.filter(
        (c, i) => list.findIndex((d) => d.toLocaleLowerCase() === c.toLocaleLowerCase()) === i,
      ),
    ),
  ),
  skills: v.pipe(
    field(),
    v.transform(splitList),
    v.minLength(1, M.skillsRequired),
    v.maxLength(MAX_SKILLS, M.tooManySkills),
    v.check((list) => list.every((s) => s.length <= 50), M.textTooLong),
    v.check((list) => !hasDuplicate(list), M.skillDuplicate),
  ),
  expectedSalary: v.pipe(
    field(),
    v.transform(typedWholeNumber),
    v.check((s) => s === '' || /^\d{1,12}$/.test(s), M.salaryInvalid),
    v.transform((s) => (s === '' ? null : Number(s))),
  ),
  salaryMode: v.pipe(
    field(),
    v.check(
      (s) => s === '' || (SALARY_MODES as readonly string[]).includes(s),
      M.salaryModeRequired,
    ),
    v.transform((s) => (s === '' ? null : (s as (typeof SALARY_MODES)[number]))),
  ),
});
export type JobPreferenceInput = v.InferOutput<typeof JobPreferenceSchema>;

/**
 * The schemas a form checked in the browser can name (src/components/forms/FormCheck.astro;
 * markup can only carry plain data).
 */
export type AccountFormName =
  | 'registration'
  | 'passwordLogin'
  | 'otpRequest'
  | 'otpLogin'
  | 'otpEntry'
  | 'forgotEmail'
  | 'changePassword'
  | 'setPassword'
  | 'personalFresher'
  | 'personalProfessional'
  | 'employment'
  | 'education'
  | 'jobPreference';

/** The forms with a mobile number: their schemas are account-mobile.ts's (formSchema). */
type NumberForm = 'registration' | 'otpRequest' | 'otpLogin';

/**
 * An account form's schema by name, for the forms without a mobile number (account-mobile.ts's
 * formSchema has them all): the mobile rule's libphonenumber stays out of this module.
 */
export function accountFormSchema(
  name: AccountFormName,
  isdCodes: readonly string[] = [],
): v.GenericSchema<Record<string, string>, unknown> {
  const schemas: Record<Exclude<AccountFormName, NumberForm>, () => v.GenericSchema> = {
    passwordLogin: () => PasswordLoginSchema,
    otpEntry: () => OtpEntrySchema,
    forgotEmail: () => ForgotEmailSchema,
    changePassword: () => changePasswordSchema(true),
    setPassword: () => changePasswordSchema(false),
    personalFresher: () => personalSchema('fresher'),
    personalProfessional: () => personalSchema('professional'),
    employment: () => EmploymentSchema,
    education: () => EducationSchema,
    jobPreference: () => JobPreferenceSchema,
  };
  const schema = schemas[name as Exclude<AccountFormName, NumberForm>];
  if (!schema) throw new Error(`${name} has a mobile number: use formSchema (account-mobile.ts)`);
  void isdCodes;
  return schema() as v.GenericSchema<Record<string, string>, unknown>;
}

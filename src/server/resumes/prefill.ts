/**
 * What an uploaded resume gives each registration step: fields the parser is sure of (confidence
 * PARSE_CONFIDENT or more, and fitting the site: a city of its own, a salary in its currency)
 * fill the step's form; the others are only suggested next to their field, for the seeker to
 * confirm by entering them. Never overrides what the seeker saved.
 */
import {
  PARSE_CONFIDENT,
  type ParsedResumeFields as ResumeParsedJson,
  type UnsureField,
} from '~/lib/resumes/parsed';
import { siteCities } from '~/server/reference/places';

export interface StepPrefill {
  /** Form values to start the step with. */
  values: Record<string, string>;
  /** Values the resume suggests but that the seeker must confirm, by field name. */
  suggestions: Record<string, string>;
}

export interface PrefillSite {
  context: string;
  currency: string;
}

const place = (sure: boolean, into: StepPrefill, field: string, value: string) => {
  if (sure) into.values[field] = value;
  else into.suggestions[field] = value;
};

/** A field the parser read from a scan or from text that does not read as clean words. */
const isUnsure = (parsed: ResumeParsedJson, field: UnsureField) =>
  parsed.unsure?.includes(field) ?? false;

/**
 * The registration form: email and mobile as read; the name only when the parser is sure of it
 * (a name misread from a scan would otherwise be saved as the account's name unnoticed).
 */
export function registrationPrefill(parsed: ResumeParsedJson | null | undefined): StepPrefill {
  const out: StepPrefill = { values: {}, suggestions: {} };
  if (!parsed) return out;
  if (parsed.name) place(!isUnsure(parsed, 'name'), out, 'name', parsed.name);
  if (parsed.email) out.values.email = parsed.email;
  if (parsed.phone?.number) out.values.mobile = parsed.phone.number;
  return out;
}

/** The personal step: current location. */
export function personalPrefill(
  parsed: ResumeParsedJson | null | undefined,
  site: PrefillSite,
): StepPrefill {
  const out: StepPrefill = { values: {}, suggestions: {} };
  const city = parsed?.city;
  if (city) {
    const ofSite = siteCities(site.context).includes(city.city);
    place(ofSite && city.confidence >= PARSE_CONFIDENT, out, 'currentLocation', city.city);
  }
  return out;
}

/** The employment step: designation, company, notice period, current salary and its mode. */
export function employmentPrefill(
  parsed: ResumeParsedJson | null | undefined,
  site: PrefillSite,
): StepPrefill {
  const out: StepPrefill = { values: {}, suggestions: {} };
  if (!parsed) return out;
  if (parsed.designation)
    place(!isUnsure(parsed, 'designation'), out, 'designation', parsed.designation);
  if (parsed.company) place(!isUnsure(parsed, 'company'), out, 'company', parsed.company);
  const notice = parsed.noticePeriod;
  if (notice) place(notice.confidence >= PARSE_CONFIDENT, out, 'noticePeriod', String(notice.days));
  const salary = parsed.salary;
  if (salary) {
    // A salary in another currency than the site's is never put in the site's currency field.
    const sure = salary.confidence >= PARSE_CONFIDENT && salary.currency === site.currency;
    place(
      sure,
      out,
      'currentSalary',
      sure ? String(salary.amount) : `${salary.currency} ${salary.amount}`,
    );
    place(sure, out, 'salaryMode', salary.mode === 'annual' ? 'annually' : 'monthly');
  }
  return out;
}

/** The education step: institute and passing year of the first qualification. */
export function educationPrefill(parsed: ResumeParsedJson | null | undefined): StepPrefill {
  const out: StepPrefill = { values: {}, suggestions: {} };
  const first = parsed?.education[0];
  if (first?.institute) out.values.institute = first.institute;
  if (first?.year) out.values.passingYear = String(first.year);
  return out;
}

/** The job preference step: skills, and the current city as the first preferred location. */
export function preferencePrefill(
  parsed: ResumeParsedJson | null | undefined,
  site: PrefillSite,
): StepPrefill {
  const out: StepPrefill = { values: {}, suggestions: {} };
  if (!parsed) return out;
  if (parsed.skills.length > 0) out.values.skills = parsed.skills.slice(0, 30).join(', ');
  const personal = personalPrefill(parsed, site);
  if (personal.values.currentLocation)
    out.values.preferredLocations = personal.values.currentLocation;
  else if (personal.suggestions.currentLocation)
    out.suggestions.preferredLocations = personal.suggestions.currentLocation;
  return out;
}

/** What the resume parser gives back, and its limits. */
import type { ParsedCity, ParsedNotice, ParsedSalary, UnsureField } from '~/lib/resumes/parsed';

export type {
  NoticeDays,
  ParsedCity,
  ParsedNotice,
  ParsedSalary,
  UnsureField,
} from '~/lib/resumes/parsed';
export { PARSE_CONFIDENT } from '~/lib/resumes/parsed';

export interface ParsedPhone {
  /** Dialling code without +, e.g. '91'; null when the text gives none and no default applies. */
  isd: string | null;
  /** National number, digits only. */
  number: string;
  /** The number in E.164 when it is a mobile by the portal's rule (lib/validation/mobile.ts). */
  e164?: string | null;
}

export interface ParsedEducation {
  degree: string | null;
  institute: string | null;
  /** Passing year (the later year of a range). */
  year: number | null;
}

export interface ParsedResume {
  name: string | null;
  email: string | null;
  phone: ParsedPhone | null;
  skills: string[];
  /** Total experience; null when the resume states none and has no date ranges. */
  experience: { years: number; months: number } | null;
  designation: string | null;
  company: string | null;
  /** The highest first (doctorate, master's, bachelor's, diploma, school), then the resume's order. */
  education: ParsedEducation[];
  /** https://www.linkedin.com/in/<id> */
  linkedIn: string | null;
  /** Current city, matched to the site's places. */
  city: ParsedCity | null;
  noticePeriod: ParsedNotice | null;
  /** Current salary (never the expected one). */
  salary: ParsedSalary | null;
  /** Fields read with low confidence (OCR, or not clean words): the seeker checks them. */
  unsure?: UnsureField[];
}

export interface ParseOptions {
  /** "Present" in a date range; default now. */
  now?: Date;
  /** ISD code for a number written without one (the site's country code), e.g. '91'. */
  defaultIsd?: string;
  /** Currency of a salary written without one (the site's country's), e.g. 'INR'. */
  defaultCurrency?: string;
  /** The text was read by OCR from a scan: names and companies in it are never sure. */
  scanned?: boolean;
}

export const EMPTY_PARSE: Readonly<ParsedResume> = Object.freeze({
  name: null,
  email: null,
  phone: null,
  skills: [],
  experience: null,
  designation: null,
  company: null,
  education: [],
  linkedIn: null,
  city: null,
  noticePeriod: null,
  salary: null,
});

/** Text beyond this many characters is not read (a resume is a few pages). */
export const MAX_PARSE_CHARS = 200_000;

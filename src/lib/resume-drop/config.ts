/**
 * What the resume upload box's script needs besides the box itself: ResumeDrop.astro writes it
 * as JSON into the box's `data-config` attribute (only the page's language); the uploaded view
 * it shows later is a server-rendered <template> next to it.
 */
import type { ResumeParser } from '~/lib/api-client/registry';
import type { ResumeDropStrings } from './types';

/** The texts the script writes itself: the rest is in the page already. */
export type ResumeDropClientStrings = Pick<
  ResumeDropStrings,
  'title' | 'active' | 'uploading' | 'uploadedFile' | 'experienceJoin' | 'fields' | 'errors'
>;

export interface ResumeDropConfig {
  /** Language and site for the API headers. */
  lang: string;
  site: { context: string; countryAbv: string };
  /** BCP 47 locale for numbers (years, months), e.g. en-IN-u-nu-latn. */
  locale: string;
  /** Which SPEC §7 parser path to post to. */
  parser: ResumeParser;
  /**
   * Where to go with the uploaded resume, e.g. the localized /seeker/registration; `resume=<id>`
   * is added to its query. Null: no link.
   */
  continueHref: string | null;
  strings: ResumeDropClientStrings;
}

export function clientStrings(strings: ResumeDropStrings): ResumeDropClientStrings {
  const { title, active, uploading, uploadedFile, experienceJoin, fields, errors } = strings;
  return { title, active, uploading, uploadedFile, experienceJoin, fields, errors };
}

/** The box's configuration, or null when the attribute is missing or broken. */
export function readConfig(root: HTMLElement): ResumeDropConfig | null {
  try {
    const config = JSON.parse(root.dataset.config ?? '') as ResumeDropConfig;
    return typeof config === 'object' && config !== null && config.site && config.strings
      ? config
      : null;
  } catch {
    return null;
  }
}

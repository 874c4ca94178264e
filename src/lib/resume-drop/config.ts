/**
 * The resume drop zone's props (src/islands/ResumeDrop): built on the server by
 * src/components/resume-drop/ResumeDrop.astro in the page's language. Nothing in them is
 * per-visitor, so a cached page shared by every visitor (home) can carry them.
 */
import type { ResumeParser } from '~/lib/api-client/registry';
import type { ResumeDropStrings } from './types';
import type { IslandSite } from '~/lib/sites/island';

export interface ResumeDropConfig {
  /** The heading's id (the error's is `<id>-error`). */
  id: string;
  /** Language and site for the API headers. */
  lang: string;
  site: IslandSite;
  /** BCP 47 locale for numbers (years, months), e.g. en-IN-u-nu-latn. */
  locale: string;
  /** Which SPEC §7 parser path to post to. */
  parser: ResumeParser;
  /**
   * Where to go with the uploaded resume, e.g. the localized /seeker/registration; `resume=<id>`
   * is added to its query. Null: no link.
   */
  continueHref: string | null;
  strings: ResumeDropStrings;
}

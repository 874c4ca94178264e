/**
 * Page names for SPEC §2's route table. Used for tracking (page_name), the app banner's
 * visibility rules and anything else that must know "which screen is this" from a path alone,
 * on the server and in the browser alike (no Astro or router dependency).
 */
import { isLocalRoleSegment, parseSeoSegment } from './search/seo';

export type PageName =
  | 'home'
  | 'dashboard'
  | 'results'
  | 'walkin'
  | 'applied-success'
  | 'job-detail'
  | 'profile'
  | 'registration'
  | 'login'
  | 'sign-out'
  | 'free-job-alert'
  | 'job-alert-list'
  | 'job-alert-replace'
  | 'job-alert-success'
  | 'resume-builder'
  | 'aspire'
  | 'career-services'
  | 'career-advice'
  /** SEO landing pages /jobs-in-{city}, /{skill}-jobs, /{skill}-jobs-in-{city} (SPEC §2 "SEO search"). */
  | 'seo-results'
  /** Site pages beyond SPEC §2's table: user menu entries (Feedback, Connect with Us, ...). */
  | 'feedback'
  | 'connect-with-us'
  | 'assessment'
  | 'auto-apply'
  /** Employers: /companies and /company/{slug}. */
  | 'companies'
  | 'company'
  /** Jobs by category: /browse-jobs, its function, industry and locations pages. */
  | 'browse'
  /** Salary insights: /salaries, /salaries/{role}, /salaries/{role}-in-{city}. */
  | 'salaries'
  /** /seeker/resume-score: the latest resume's score card. */
  | 'resume-score'
  | 'not-found';

export interface RouteRow {
  path: string;
  page: PageName;
}

/** One example path per row and variant of SPEC §2's table, so code and tests can walk every route. */
export const ROUTE_TABLE: readonly RouteRow[] = [
  { path: '/', page: 'home' },
  { path: '/trex/', page: 'home' },
  { path: '/seeker/dashboard', page: 'dashboard' },
  { path: '/search/results', page: 'results' },
  { path: '/srp/results', page: 'results' },
  { path: '/search/python-jobs', page: 'results' },
  { path: '/srp/java-jobs-in-bangalore', page: 'results' },
  { path: '/search/walkin-jobs', page: 'walkin' },
  { path: '/search/applied-success', page: 'applied-success' },
  { path: '/srp/applied-success', page: 'applied-success' },
  { path: '/job/java-developer-acme-123', page: 'job-detail' },
  { path: '/seeker/job-details', page: 'job-detail' },
  { path: '/seeker/profile', page: 'profile' },
  { path: '/seeker/registration', page: 'registration' },
  { path: '/seeker/personal', page: 'registration' },
  { path: '/seeker/employment', page: 'registration' },
  { path: '/seeker/education', page: 'registration' },
  { path: '/seeker/job-preference', page: 'registration' },
  { path: '/rio/login', page: 'login' },
  { path: '/rio/sign-out', page: 'sign-out' },
  { path: '/seeker/free-job-alert', page: 'free-job-alert' },
  { path: '/seeker/job-alert-list', page: 'job-alert-list' },
  { path: '/seeker/job-alert-replace', page: 'job-alert-replace' },
  { path: '/seeker/job-alert-success', page: 'job-alert-success' },
  { path: '/seeker/resume-builder', page: 'resume-builder' },
  { path: '/aspire', page: 'aspire' },
  { path: '/career-services', page: 'career-services' },
  { path: '/career-advice/how-to-write-a-resume.html', page: 'career-advice' },
  { path: '/companies', page: 'companies' },
  { path: '/browse-jobs', page: 'browse' },
  { path: '/browse-jobs/locations', page: 'browse' },
  { path: '/salaries', page: 'salaries' },
  { path: '/seeker/resume-score', page: 'resume-score' },
];

/** Language path segments of SPEC §1; stripped before matching so /hi/seeker/profile is the profile. */
const LANGUAGE_SEGMENTS = new Set(['en', 'hi', 'ar']);

/** Second segments under /seeker/ that name a page one to one. */
const SEEKER_PAGES: Readonly<Record<string, PageName>> = {
  dashboard: 'dashboard',
  'job-details': 'job-detail',
  profile: 'profile',
  registration: 'registration',
  personal: 'registration',
  employment: 'registration',
  education: 'registration',
  'job-preference': 'registration',
  'free-job-alert': 'free-job-alert',
  'job-alert-list': 'job-alert-list',
  'job-alert-replace': 'job-alert-replace',
  'job-alert-success': 'job-alert-success',
  'resume-builder': 'resume-builder',
  assessment: 'assessment',
  'auto-apply': 'auto-apply',
  'resume-score': 'resume-score',
};

/**
 * Maps a path (query string and hash ignored, trailing or doubled slashes tolerated, a leading
 * /en/, /hi/ or /ar/ stripped) to its page. Matching is case-sensitive, like the routes.
 * Choices beyond the table: /search and /srp alone are results (SPEC: "a first segment of
 * search maps to results"); anything below /search/walkin-jobs, /job/, /aspire/ and
 * /career-advice/ belongs to that page; /seeker/* and /rio/* pages match exactly. A single
 * segment shaped like an SEO landing page (jobs-in-pune, java-jobs, java-jobs-in-pune) is
 * 'seo-results' whether or not the site has such jobs (the page itself answers 404 then); so is
 * a Hindi or Arabic role landing page (जावा-डेवलपर-नौकरियाँ, وظائف-مطور-جافا; lib/search/role-landing.ts).
 */
export function pageNameFromPath(path: string): PageName {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const segments = pathname.split('/').filter((s) => s !== '');
  if (segments.length > 0 && LANGUAGE_SEGMENTS.has(segments[0]!)) segments.shift();

  const [first, second] = segments;
  const depth = segments.length;

  if (first === undefined) return 'home';
  if (first === 'trex' && depth === 1) return 'home';

  if (first === 'search' || first === 'srp') {
    if (first === 'search' && second === 'walkin-jobs') return 'walkin';
    if (second === 'applied-success' && depth === 2) return 'applied-success';
    return 'results';
  }
  if (first === 'job') return 'job-detail';

  if (first === 'seeker' && depth === 2 && second !== undefined) {
    return Object.hasOwn(SEEKER_PAGES, second) ? SEEKER_PAGES[second]! : 'not-found';
  }
  if (first === 'rio' && depth === 2) {
    // Forgot password and its reset page belong to the login screen.
    if (second === 'login' || second === 'forgot-password' || second === 'reset-password') {
      return 'login';
    }
    if (second === 'sign-out') return 'sign-out';
  }
  if (first === 'aspire') return 'aspire';
  if (first === 'career-services' && depth === 1) return 'career-services';
  if (first === 'career-advice') return 'career-advice';
  if (first === 'feedback' && depth === 1) return 'feedback';
  if (first === 'connect-with-us' && depth === 1) return 'connect-with-us';
  if (first === 'companies' && depth === 1) return 'companies';
  if (first === 'company' && depth === 2) return 'company';
  if (first === 'browse-jobs' && depth <= 3) return 'browse';
  if (first === 'salaries' && depth <= 2) return 'salaries';
  if (depth === 1 && (parseSeoSegment(first) !== null || isLocalRoleSegment(first)))
    return 'seo-results';
  return 'not-found';
}

/**
 * The one registry of named API endpoints (SPEC §7). Islands call endpoints by name through
 * `createApiClient(...).call(name, ...)`; the server implements each under `src/pages/api/` at the
 * same path shape (`/api/<path>`).
 *
 * Paths are relative to the API base ('/api/' by default) and keep the SPEC §7 path shapes. A
 * path starting with '/' is relative to the site root instead (only `isd`, a static file).
 *
 * Choices where SPEC does not say (each marked "chosen" below):
 * - Methods of the career-services calls: reads are GET, anything that changes the cart, an order
 *   or a payment is POST.
 * - Paths of calls SPEC only names (old logout, top locations, mobile reverify, bell
 *   notifications) follow the `middleware/<camelCaseName>` shape of their neighbours.
 * - `ruleHeaders` (SPEC §3: "some calls also carry a rule-applied and a rule-version value"): the
 *   calls whose results an A/B rule ranks, i.e. recommended jobs and search suggestions.
 * - `popup` (SPEC §3: "popup endpoints add a source header with value popup"): the calls made only
 *   from dialogs (covid layoff, LGBTQ status, mobile reverify).
 * - `credentials`: exactly the SPEC §6 list; for a get/set pair (covid layoff flag, LGBTQ status,
 *   recent searches) both halves, since the set half acts on the same user's data.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How a call's body is encoded: JSON (default), urlencoded form, or multipart FormData. */
export type BodyKind = 'json' | 'form' | 'multipart';

export interface EndpointDef {
  readonly method: HttpMethod;
  /** Relative to the API base; null when every call must give its own url (resume upload). */
  readonly path: string | null;
  /** Send the session cookie cross-origin too (fetch credentials 'include'); SPEC §6. */
  readonly credentials?: boolean;
  /** Send x-rule-applied / x-rule-version when the client has them. */
  readonly ruleHeaders?: boolean;
  /** Send `source: popup`. */
  readonly popup?: boolean;
  readonly body: BodyKind;
  /** Default 60000 ms (SPEC §7); the resume upload 120000 ms. */
  readonly timeoutMs?: number;
}

/** SPEC §7/§9 default request timeout. */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** SPEC §7/§9 resume upload timeout. */
export const RESUME_UPLOAD_TIMEOUT_MS = 120_000;

type Extra = Partial<Omit<EndpointDef, 'method' | 'path'>>;
/** An endpoint of one method with a JSON body, unless `extra` says otherwise. */
const endpoint =
  (method: EndpointDef['method']) =>
  (path: string, extra: Extra = {}): EndpointDef => ({ method, path, body: 'json', ...extra });
const get = endpoint('GET');
const post = endpoint('POST');
const put = endpoint('PUT');

const CS = 'trex/career-services/api/v1/';
const SEARCH = 'raven/api/public/search/v1/';

/**
 * The resume upload goes to one of three parsers, chosen by a site property (SPEC §7). The
 * registry entry `uploadResume` has no path: pass `url: resumeUploadPath(parser)`.
 */
export const RESUME_PARSER_PATHS = {
  falconV1: 'falcon/api/public/users/v1/upload-and-parse-resume',
  falconV2: 'falcon/api/public/users/v2/upload-and-parse-resume',
  middlewareV1: 'middleware/resumeParserV1',
} as const;
export type ResumeParser = keyof typeof RESUME_PARSER_PATHS;
/** The parser used when a site names none (the site property of SPEC §7 is not modelled yet). */
export const DEFAULT_RESUME_PARSER: ResumeParser = 'falconV1';
export const resumeUploadPath = (parser: ResumeParser = DEFAULT_RESUME_PARSER): string =>
  RESUME_PARSER_PATHS[parser];

/** The path of `resumeParsed` for one resume. */
export const resumeParsedPath = (resumeId: string): string =>
  `resumes/${encodeURIComponent(resumeId)}/parsed`;

export const endpoints = {
  // --- accounts and profile -------------------------------------------------------------------
  /** Register OTP (v1). */
  sendOtp: post('rio/api/public/anonymous-users/v1/send-otp'),
  /** Register OTP (v2): by SMS or, with { channel: 'email' }, by email. */
  sendOtpV2: post('rio/api/public/anonymous-users/v2/send-otp'),
  /** Checks a code from sendOtp/sendOtpV2 and logs in (path chosen; SPEC names "verify otp"). */
  verifyOtp: post('rio/api/public/anonymous-users/v1/verify-otp'),
  /** Email + password login for islands (path chosen next to the OTP calls). */
  passwordLogin: post('rio/api/public/anonymous-users/v1/login'),
  /** Email OTP of the logged-in seeker: { action: 'send' } / { action: 'verify', otp } (chosen). */
  emailOtp: post('trex/users/v1/email-otp'),
  /** Profile: the "me-user call" and the "user data" call of SPEC §6. */
  me: get('trex/users/v1/me', { credentials: true }),
  profileStats: get('trex/users/v2/profile-stats', { credentials: true }),
  validateUserProfile: get('middleware/profile/validateUserProfile'),
  /** Mobile reverify (path chosen; SPEC only names it). */
  reverifyMobile: post('middleware/reverifyMobile', { credentials: true, popup: true }),
  /** Logout. SPEC: "GET or POST (unclear)"; chosen POST since it changes state (and CSRF rules). */
  logout: post('middleware/logout', { credentials: true }),
  /** Old logout, form-encoded (SPEC §7). Path chosen. */
  logoutOld: post('middleware/logoutOld', { credentials: true, body: 'form' }),

  // --- site chrome and home -------------------------------------------------------------------
  /** Header and menu links; query: site, tenant, category, lang, domain, subalias, alias. */
  loadModule: get('thor/api/public/sites/v1/load-module'),
  appDownloadLink: get('thor/api/public/apps/v1/download-link'),
  chatCount: get('seeker-chat-module-service/notification-count', { credentials: true }),
  /** Bell notifications: the list and count (path chosen; SPEC only names them). */
  bellNotifications: get('middleware/bellNotifications', { credentials: true }),
  /** Mark one read, dismiss one, or mark all read: { action, id }. */
  updateBellNotifications: post('middleware/bellNotifications', { credentials: true }),
  pollFeedback: post('trex/poll-feedback'),
  pollResults: get('trex/poll-results'),
  splashScreen: get('middleware/splashScreen', { credentials: true }),
  /** Dialling codes: a static file at the site root, not under the API base. */
  isd: get('/seeker/images/isd.json'),

  // --- jobs and search ------------------------------------------------------------------------
  suggestedJobs: get('middleware/suggestedJobs', { ruleHeaders: true }),
  recentSearch: get('middleware/recentSearch', { credentials: true }),
  saveRecentSearch: post('middleware/recentSearch', { credentials: true }),
  /** Top locations (path chosen). */
  topLocations: get('middleware/topLocations', { credentials: true }),
  /** Voice search. */
  getSemantic: post('voice-search/api/v1/getSemantic'),
  /** Autosuggest; query appName. */
  autoFill: get(`${SEARCH}auto-fill`, { ruleHeaders: true }),
  /** The same autosuggest as POST, used when the site flag asks for it (SPEC §7). */
  autoFillPost: post(`${SEARCH}auto-fill`, { ruleHeaders: true }),
  suggestedKeywords: get(`${SEARCH}suggested-keywords`, { ruleHeaders: true }),
  masterData: get(`${SEARCH}master-data`),
  /** The results page as JSON (path chosen next to SPEC §7's search calls). */
  search: get(`${SEARCH}search`),
  /** Query siteContext. */
  popularCities: get(`${SEARCH}popular-cities`),

  // --- resume ---------------------------------------------------------------------------------
  /**
   * Resume upload and parse. No fixed path: the url comes from the site's parser
   * (`resumeUploadPath`). Form-encoded per SPEC §7; a FormData body (the file) goes as multipart.
   */
  uploadResume: { method: 'POST', path: null, body: 'form', timeoutMs: RESUME_UPLOAD_TIMEOUT_MS },
  /** What was read from an uploaded resume (`url: resumeParsedPath(id)`), while OCR reads a scan. */
  resumeParsed: { method: 'GET', path: null, body: 'json' },

  // --- events (SPEC §7; analytics events go to a third-party queue instead, SPEC §3) -----------
  userEngageEvent: post('middleware/publish/events/user-engage'),
  careerEvent: post('middleware/publish/career-events'),
  spltagEvent: post('penguin/api/public/events/spltag/v1/publish'),
  /** Cart abandonment. */
  captureUserClick: post('penguin/api/public/notification/v1/captureUserClick'),

  // --- seeker profile (issue 6; paths chosen under trex/seeker/v1/, SPEC only names these) ----
  seekerProfile: get('trex/seeker/v1/profile'),
  getSeekerCards: get('trex/seeker/v1/cards'),
  /** Individual card: pass `url: 'trex/seeker/v1/cards/<card>'`. */
  getSeekerCard: get('trex/seeker/v1/cards'),
  skipCard: post('trex/seeker/v1/cards/skip'),
  updateCardLocation: post('trex/seeker/v1/cards/location'),
  updateCardCurrentLocation: post('trex/seeker/v1/cards/current-location'),
  updateCardWorkAuth: post('trex/seeker/v1/cards/work-auth'),
  updateCurrentSalary: put('trex/seeker/v1/current-salary'),
  updateNoticePeriod: post('trex/seeker/v1/notice-period'),
  addSkills: post('trex/seeker/v1/skills'),
  deleteSkill: post('trex/seeker/v1/skills/delete'),
  addEducation: post('trex/seeker/v1/education'),
  updateEducation: put('trex/seeker/v1/education'),
  updateExperience: put('trex/seeker/v1/experience'),
  addDesignation: post('trex/seeker/v1/designation'),
  updateDesignation: put('trex/seeker/v1/designation'),
  updateLinkedIn: post('trex/seeker/v1/linkedin'),
  seekerPrompt: post('trex/seeker/v1/prompts'),
  addEmployment: post('trex/seeker/v1/employment'),
  updateEmployment: put('trex/seeker/v1/employment'),
  updateMobile: put('trex/seeker/v1/mobile'),
  /** Named profiles (SPEC §9: up to 5, one default). */
  namedProfiles: get('trex/seeker/v1/profiles'),
  createProfile: post('trex/seeker/v1/profiles'),
  renameProfile: post('trex/seeker/v1/profiles/rename'),
  setDefaultProfile: post('trex/seeker/v1/profiles/default'),
  deleteProfile: post('trex/seeker/v1/profiles/delete'),

  // --- dialogs and flags ----------------------------------------------------------------------
  covidLayoffFlag: get('middleware/covidLayoffFlag', { credentials: true }),
  editCovidLayoffFlag: post('middleware/editCovidLayoffFlag', { credentials: true, popup: true }),
  getLgbtqDetails: get('middleware/getLgbtqDetails', { credentials: true }),
  setLgbtqDetails: post('middleware/setLgbtqDetails', { credentials: true, popup: true }),
  resolveABVariant: post('middleware/resolveABVariant'),

  // --- internal leads -------------------------------------------------------------------------
  createInternalLeadsV1: post('campaign-renderer/mmw/api/private/v1/createInternalLeads'),
  createInternalLeads: post('campaign-renderer/mmw/api/private/v2/createInternalLeads'),
  getInternalLeadDetails: get('campaign-renderer/mmw/api/private/v2/getInternalLeadDetails'),

  // --- career services (methods chosen: reads GET, changes POST) -------------------------------
  callback: post(`${CS}callback`),
  fetchSeekerServices: get('middleware/career-services/fetchSeekerServices'),
  fetchCareerService: get(`${CS}fetchCareerService`),
  fetchAllCareerServicePrices: get(`${CS}fetchAllCareerServicePrices`),
  /** The trailing slash is part of SPEC §7's path shape. */
  fetchCareerServicePrices: get(`${CS}fetchCareerServicePrices/`),
  getBenefits: get(`${CS}getBenefits`),
  fetchCareerServiceAdditionalDetail: get(`${CS}fetchCareerServiceAdditionalDetail`),
  addToCart: post(`${CS}addToCart`),
  getCart: get(`${CS}getCart`),
  getPaymentModes: get(`${CS}getPaymentModes`),
  getAllPaymentModes: get(`${CS}getAllPaymentModes`),
  removeFromCart: post(`${CS}removeFromCart`),
  applyPromoCode: post(`${CS}applyPromoCode`),
  removePromoCode: post(`${CS}removePromoCode`),
  suggestedServices: get(`${CS}suggested-services`),
  getCartCount: get(`${CS}getCartCount`),
  generateOrder: post(`${CS}generateOrder`),
  getOrders: get(`${CS}getOrders`),
  makePayment: post(`${CS}makePayment`),
  /** The "profiles data" call of SPEC §6 (up to 5 profiles per user). */
  profiles: get(`${CS}profiles`, { credentials: true }),
  /** Resume for a career service: a file, so multipart (chosen). */
  careerUploadResume: post(`${CS}uploadResume`, {
    body: 'multipart',
    timeoutMs: RESUME_UPLOAD_TIMEOUT_MS,
  }),
  saveCartOptions: post(`${CS}saveCartOptions`),
  getPrefilledCartOrder: get(`${CS}getPrefilledCartOrder`),
  saveOrderOptions: post(`${CS}saveOrderOptions`),
  getSubscriptions: get(`${CS}getSubscriptions`),
  getResumeScoreCard: get(`${CS}getResumeScoreCard`),
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof endpoints;

export const endpointNames = Object.keys(endpoints) as EndpointName[];

export function isEndpointName(name: string): name is EndpointName {
  return Object.hasOwn(endpoints, name);
}

/** The definition of a named endpoint; throws an Error naming it when there is none (SPEC §8). */
export function getEndpoint(name: string): EndpointDef {
  if (!isEndpointName(name)) throw new Error(`Unknown API endpoint "${name}".`);
  return endpoints[name];
}

/**
 * Request header names of SPEC §3 ("Session and request headers"). The client sends them and the
 * server (middleware, endpoints) reads them by these constants, so the two never drift apart.
 * Header names are lower-case: fetch `Headers` and Node both normalise to lower case.
 */

/** Country of the site the request comes from: the site's country abv, upper case (e.g. IN). */
export const HEADER_SOURCE_COUNTRY = 'x-source-country';
/** Language of the page, upper case (EN, HI, AR); EN when not known. */
export const HEADER_LANGUAGE_CODE = 'x-language-code';
/** Site context of SPEC §3, e.g. rexmonster, monstergulf. */
export const HEADER_SITE_CONTEXT = 'x-source-site-context';
/** Rule (A/B) applied to the call, sent only by endpoints registered with ruleHeaders. */
export const HEADER_RULE_APPLIED = 'x-rule-applied';
/** Version of that rule, sent with HEADER_RULE_APPLIED. */
export const HEADER_RULE_VERSION = 'x-rule-version';
/** Added by popup endpoints (engagement and review dialogs) with the value SOURCE_POPUP. */
export const HEADER_SOURCE = 'source';
export const SOURCE_POPUP = 'popup';

/** SPEC §9: default language header EN. */
export const DEFAULT_LANGUAGE_CODE = 'EN';

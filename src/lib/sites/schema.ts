import * as v from 'valibot';

/** Languages the portal is translated into; English is the default and the fallback. */
export const LANGS = ['en', 'hi', 'ar'] as const;

const nonEmpty = (what: string) =>
  v.pipe(
    v.string(`${what} must be a string`),
    v.trim(),
    v.minLength(1, `${what} must not be empty`),
  );
const positiveInt = (what: string) =>
  v.pipe(
    v.number(`${what} must be a number`),
    v.integer(`${what} must be a whole number`),
    v.minValue(1),
  );
const digits = (what: string) =>
  v.pipe(nonEmpty(what), v.regex(/^\d{1,4}$/, `${what} must be 1-4 digits, without +`));
const url = (what: string) => v.pipe(nonEmpty(what), v.url(`${what} must be an absolute URL`));

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const TollNumberSchema = v.object({
  label: nonEmpty('tollNumbers[].label'),
  number: v.pipe(
    nonEmpty('tollNumbers[].number'),
    v.regex(/^[+\d][\d -]{5,20}$/, 'tollNumbers[].number must be a phone number'),
  ),
  tollFree: v.boolean('tollNumbers[].tollFree must be true or false'),
});

/** Lower-case spellings of a country in job feeds (alpha-3, English names), for the import. */
const otherNames = (what: string) =>
  v.array(
    v.pipe(
      nonEmpty(`${what}[]`),
      v.check((n) => n === n.toLowerCase(), `${what}[] must be lower case`),
    ),
  );
const currencyCode = (what: string) =>
  v.pipe(nonEmpty(what), v.regex(/^[A-Z]{3}$/, `${what} must be an ISO 4217 code`));

export const CountrySchema = v.object({
  /** The site's place in the country list (SPEC §3's order): unique, any whole number from 1. */
  id: positiveInt('country.id'),
  name: nonEmpty('country.name'),
  context: nonEmpty('country.context'),
  /** Two-letter abbreviation used in URLs and headers, e.g. in, ae. */
  abv: v.pipe(
    nonEmpty('country.abv'),
    v.regex(/^[a-z]{2}$/, 'country.abv must be two lower-case letters'),
  ),
  /** ISO 3166 code, upper case, e.g. IN. */
  isoCode: v.pipe(
    nonEmpty('country.isoCode'),
    v.regex(/^[A-Z]{2}$/, 'country.isoCode must be two capital letters'),
  ),
  title: nonEmpty('country.title'),
  link: url('country.link'),
  tollNumbers: v.array(TollNumberSchema),
  defaultCountryCode: digits('country.defaultCountryCode'),
  /** How job feeds write the country besides its ISO code (jobs/import-countries.ts). */
  otherNames: v.optional(otherNames('country.otherNames'), []),
  /**
   * A mobile rule of its own for `defaultCountryCode` instead of libphonenumber's ranges:
   * "spec5" is SPEC §5's, a first digit 6-9 and 10-15 digits (lib/validation/mobile.ts, through
   * `npm run phone:metadata`).
   */
  mobileRule: v.optional(v.picklist(['spec5'], 'country.mobileRule must be "spec5"')),
});

/** Another country whose jobs the site lists (the Gulf's five besides the UAE), for the import. */
export const OtherCountrySchema = v.object({
  isoCode: v.pipe(
    nonEmpty('otherCountries[].isoCode'),
    v.regex(/^[A-Z]{2}$/, 'otherCountries[].isoCode must be two capital letters'),
  ),
  /** The currency its jobs pay in. */
  currency: currencyCode('otherCountries[].currency'),
  /** What one unit of that currency is worth in US dollars (salary bands, see the site's). */
  usdPerUnit: v.pipe(v.number('otherCountries[].usdPerUnit must be a number'), v.minValue(0)),
  otherNames: v.optional(otherNames('otherCountries[].otherNames'), []),
});

export const ContactSchema = v.object({
  phones: v.pipe(
    v.array(nonEmpty('contact.phones[]')),
    v.minLength(1, 'contact.phones needs at least one number'),
  ),
  infoEmail: v.pipe(
    nonEmpty('contact.infoEmail'),
    v.email('contact.infoEmail must be an email address'),
  ),
  /**
   * The office address: one text, or one per language ({ "en": ..., "hi": ..., "ar": ... }, en
   * required) where the office has a written form in the page's language. Read as a record
   * either way; pages show it through siteAddress (src/lib/sites/address.ts).
   */
  address: v.pipe(
    v.union(
      [
        nonEmpty('contact.address'),
        v.object({
          en: nonEmpty('contact.address.en'),
          hi: v.optional(nonEmpty('contact.address.hi')),
          ar: v.optional(nonEmpty('contact.address.ar')),
        }),
      ],
      'contact.address must be a text or { "en": ..., "hi": ..., "ar": ... }',
    ),
    v.transform((a): { en: string } & Partial<Record<'hi' | 'ar', string>> =>
      typeof a === 'string' ? { en: a } : a,
    ),
  ),
  social: v.object({
    facebook: url('contact.social.facebook'),
    twitter: url('contact.social.twitter'),
    linkedin: url('contact.social.linkedin'),
    instagram: url('contact.social.instagram'),
    youtube: url('contact.social.youtube'),
  }),
});

export const CurrencySchema = v.object({
  code: currencyCode('currency.code'),
  symbol: nonEmpty('currency.symbol'),
  /** inr: Thousand/Lakh/CR wording (SPEC §9); intl: grouped thousands. */
  format: v.picklist(['inr', 'intl'], 'currency.format must be "inr" or "intl"'),
  /**
   * Approximate worth of one unit in US dollars, fixed on purpose: it puts jobs paid in another
   * currency into this site's salary bands, which must not move when a rate moves a little.
   */
  usdPerUnit: v.pipe(v.number('currency.usdPerUnit must be a number'), v.minValue(0)),
  /** Decimal places of its minor unit, as prices and orders keep amounts (ISO 4217's, mostly 2). */
  minorDigits: v.optional(
    v.pipe(
      v.number('currency.minorDigits must be a number'),
      v.integer('currency.minorDigits must be a whole number'),
      v.minValue(0),
      v.maxValue(3),
    ),
    2,
  ),
});

/** The salary bands of the site's search facet, chosen so each holds a sensible share of jobs. */
export const SalaryScaleSchema = v.object({
  /** The period amounts are per: India advertises yearly pay, the other sites monthly. */
  period: v.picklist(['month', 'year'], 'salaryScale.period must be "month" or "year"'),
  /** Lower bounds of the bands, ascending from 0; the last band is open-ended. */
  bounds: v.pipe(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(0))),
    v.minLength(2, 'salaryScale.bounds needs at least two bands'),
    v.check(
      (b) => b[0] === 0 && b.every((n, i) => i === 0 || n > (b[i - 1] ?? 0)),
      'salaryScale.bounds must start at 0 and go up',
    ),
  ),
});

/** The native app: store links and the deep-link scheme of the app-download banner (SPEC §2). */
export const AppLinksSchema = v.object({
  androidUrl: url('app.androidUrl'),
  iosUrl: url('app.iosUrl'),
  /** The app's URL scheme, e.g. jobharbor (links read jobharbor://open/search/results?q=...). */
  deepLinkScheme: v.pipe(
    nonEmpty('app.deepLinkScheme'),
    v.regex(/^[a-z][a-z0-9+.-]*$/, 'app.deepLinkScheme must be a URL scheme, e.g. jobharbor'),
  ),
  /** Phones get a first-visit splash screen (at most once a day) on this site. */
  splash: v.optional(v.boolean()),
});

export const SiteSchema = v.object({
  /** File name without .json; used in code and tests, e.g. india, gulf. */
  key: v.pipe(nonEmpty('key'), v.regex(/^[a-z]+$/, 'key must be lower-case letters')),
  /** Site context of SPEC §3, e.g. rexmonster; the local host is <context>.localhost. */
  context: v.pipe(nonEmpty('context'), v.regex(/^[a-z]+$/, 'context must be lower-case letters')),
  channelId: positiveInt('channelId'),
  subchannelId: positiveInt('subchannelId'),
  channelName: nonEmpty('channelName'),
  displayName: nonEmpty('displayName'),
  /** The site's name in each language (the footer, {{country}} in texts); English required. */
  names: v.object({
    en: nonEmpty('names.en'),
    hi: v.optional(nonEmpty('names.hi')),
    ar: v.optional(nonEmpty('names.ar')),
  }),
  /** Primary production domain of the default brand, e.g. www.jobharbor.in. */
  domain: nonEmpty('domain'),
  domainName: nonEmpty('domainName'),
  /** Every production host that serves this site, both brands. */
  domains: v.pipe(
    v.array(nonEmpty('domains[]')),
    v.minLength(1, 'domains needs at least one host'),
  ),
  apiDomain: nonEmpty('apiDomain'),
  mediaDomain: nonEmpty('mediaDomain'),
  languages: v.pipe(
    v.array(v.picklist(LANGS, `languages[] must be one of ${LANGS.join(', ')}`)),
    v.minLength(1),
    v.check((l) => l.includes('en'), 'languages must include en, the fallback'),
  ),
  country: CountrySchema,
  otherCountries: v.optional(v.array(OtherCountrySchema), []),
  /** ISD codes offered in mobile number fields, without +; the default is country.defaultCountryCode. */
  isdCodes: v.pipe(
    v.array(digits('isdCodes[]')),
    v.minLength(1, 'isdCodes needs at least one code'),
  ),
  contact: ContactSchema,
  currency: CurrencySchema,
  salaryScale: SalaryScaleSchema,
  /**
   * Whether the site's jobs have a search_jobs partition of their own, `search_jobs_<context>`
   * (src/server/db/schema-search.ts). It must be created by a migration first; without one, the
   * site's jobs are searched in search_jobs_other.
   */
  searchPartition: v.optional(v.boolean('searchPartition must be true or false'), false),
  /**
   * The payment gateway the site takes payments through once its keys are set (the default of
   * RAZORPAY_SITES and STRIPE_SITES, README); none: the built-in test gateway.
   */
  paymentGateway: v.optional(
    v.picklist(['razorpay', 'stripe'], 'paymentGateway must be "razorpay" or "stripe"'),
  ),
  /**
   * The OCR models a scanned resume on the site is read with, in order (resumes/ocr.ts): only
   * the scripts its seekers write, since a model for a script the page lacks reads noise as its
   * letters.
   */
  ocrLanguages: v.optional(
    v.pipe(
      v.array(v.picklist(['eng', 'hin', 'ara'], 'ocrLanguages[] must be eng, hin or ara')),
      v.minLength(1, 'ocrLanguages needs at least one model'),
    ),
    ['eng'],
  ),
  /** BCP 47 locale for number and date formatting, e.g. en-IN. */
  locale: nonEmpty('locale'),
  /** IANA time zone every time a seeker sees is shown in, e.g. Asia/Kolkata. */
  timeZone: v.pipe(
    nonEmpty('timeZone'),
    v.check(isTimeZone, 'timeZone must be an IANA time zone, e.g. Asia/Kolkata'),
  ),
  app: AppLinksSchema,
  /**
   * Career service prices of a site the catalogue does not price itself
   * (catalogue/career-services.json): another site's price times `rate`, rounded to `roundTo`
   * minor units, e.g. { "from": "singapore", "rate": 135, "roundTo": 10000 }.
   */
  priceRule: v.optional(
    v.object({
      from: v.pipe(
        nonEmpty('priceRule.from'),
        v.regex(/^[a-z]+$/, 'priceRule.from must be a site key'),
      ),
      rate: v.pipe(v.number('priceRule.rate must be a number'), v.minValue(0.000001)),
      roundTo: positiveInt('priceRule.roundTo'),
    }),
  ),
  /** The site's employer login (user menu "Employer Login") under the default brand. */
  employerLoginUrl: url('employerLoginUrl'),
});

export const BrandSchema = v.object({
  id: v.picklist(['classic', 'dm'], 'id must be classic or dm'),
  name: nonEmpty('name'),
  logo: v.pipe(
    nonEmpty('logo'),
    v.startsWith('/', 'logo must be a path under public/, starting with /'),
  ),
  /** Suffix of the brand's locale codes (en-dm ...); empty for the default brand. */
  localeSuffix: v.string(),
  themeColor: v.pipe(nonEmpty('themeColor'), v.hexColor('themeColor must be a hex colour')),
  employerLoginUrl: url('employerLoginUrl'),
});

export const BrandsSchema = v.object({
  classic: BrandSchema,
  dm: BrandSchema,
  /** A host containing this text gets the newer brand; NEW_BRAND_MARKER overrides it. */
  marker: nonEmpty('marker'),
});

export type Site = v.InferOutput<typeof SiteSchema>;
export type Brand = v.InferOutput<typeof BrandSchema>;
export type Brands = v.InferOutput<typeof BrandsSchema>;
export type Lang = (typeof LANGS)[number];

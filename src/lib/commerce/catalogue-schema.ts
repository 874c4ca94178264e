/**
 * The shape of catalogue/career-services.json, the career services a content editor keeps: each
 * service with its plans (a duration or a level), benefits and add-ons, texts in every language
 * and prices per site as whole numbers in the currency's minor unit (paise, fils, cents).
 */
import * as v from 'valibot';

/** A site's key (sites/<key>.json); catalogue/index.ts checks each one names a site. */
export type SiteKey = string;
const siteKey = (what: string) =>
  v.pipe(v.string(), v.regex(/^[a-z]+$/, `${what} must be a site key (sites/<key>.json)`));

export const SERVICE_TAGS = ['RECOMMENDED', 'BEST SELLER'] as const;
/** How a bought service changes the profile (a flag the profile page and recruiters read). */
export const PROFILE_FLAGS = ['featured', 'highlighted'] as const;
export type ProfileFlag = (typeof PROFILE_FLAGS)[number];
export const PAYMENT_MODES = [
  'card',
  'upi',
  'netbanking',
  'paynow',
  'gcash',
  'promptpay',
  'fpx',
] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

const text = (what: string) =>
  v.pipe(v.string(`${what} must be text`), v.trim(), v.minLength(1, `${what} must not be empty`));

/** A text in English, Hindi and Arabic. */
const Texts = (what: string) =>
  v.strictObject(
    { en: text(`${what}.en`), hi: text(`${what}.hi`), ar: text(`${what}.ar`) },
    `${what} needs en, hi and ar texts and nothing else`,
  );

const slug = (what: string) =>
  v.pipe(
    text(what),
    v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, `${what} must be lower-case words joined by -`),
  );

/**
 * Prices by site, whole minor units (e.g. 150000 paise = ₹1,500). Every site needs one, here or
 * through its site file's price rule (`prices.from`): catalogue/index.ts fills and checks them.
 */
const Prices = v.record(
  siteKey('prices keys'),
  v.pipe(
    v.number("prices must be numbers (minor units of the site's currency)"),
    v.integer('prices must be whole numbers of minor units (no decimals)'),
    v.minValue(100, 'prices must be at least 100 minor units'),
    v.maxValue(1_000_000_000_000, 'a price is implausibly large'),
  ),
);

export const PlanSchema = v.strictObject({
  id: slug('plans[].id'),
  label: Texts('plans[].label'),
  /** Days the service stays active after payment; null for a one-off service (a level). */
  durationDays: v.nullable(
    v.pipe(
      v.number(),
      v.integer('durationDays must be whole days'),
      v.minValue(1),
      v.maxValue(730),
    ),
  ),
  prices: Prices,
});

export const ServiceSchema = v.strictObject({
  slug: slug('slug'),
  tag: v.nullable(
    v.picklist(SERVICE_TAGS, `tag must be null or one of ${SERVICE_TAGS.join(', ')}`),
  ),
  flags: v.array(v.picklist(PROFILE_FLAGS, `flags[] must be one of ${PROFILE_FLAGS.join(', ')}`)),
  title: Texts('title'),
  summary: Texts('summary'),
  description: Texts('description'),
  benefits: v.pipe(v.array(Texts('benefits[]')), v.minLength(1, 'benefits needs at least one')),
  plans: v.pipe(v.array(PlanSchema), v.minLength(1, 'plans needs at least one plan')),
  addOns: v.array(slug('addOns[]')),
});

export const AddOnSchema = v.strictObject({
  id: slug('addOns[].id'),
  title: Texts('addOns[].title'),
  description: Texts('addOns[].description'),
  prices: Prices,
});

/** A tax a site's prices include (e.g. India's GST): receipts show the part of the total it is. */
export const TaxSchema = v.strictObject({
  label: Texts('taxes.<site>.label'),
  percent: v.pipe(
    v.number('taxes.<site>.percent must be a number'),
    v.integer('taxes.<site>.percent must be a whole number'),
    v.minValue(1),
    v.maxValue(50),
  ),
});
export type Tax = v.InferOutput<typeof TaxSchema>;

export const CatalogueSchema = v.strictObject({
  services: v.pipe(v.array(ServiceSchema), v.minLength(1)),
  addOns: v.array(AddOnSchema),
  /** Taxes included in the prices, by site (sites without one show none). */
  taxes: v.optional(v.record(siteKey('taxes keys'), TaxSchema), {}),
  /** Payment modes by site; a site without an entry takes cards. */
  paymentModes: v.record(
    siteKey('paymentModes keys'),
    v.pipe(
      v.array(
        v.picklist(PAYMENT_MODES, `paymentModes[] must be one of ${PAYMENT_MODES.join(', ')}`),
      ),
      v.minLength(1, 'paymentModes needs at least one mode for a site it lists'),
    ),
  ),
});

export type Catalogue = v.InferOutput<typeof CatalogueSchema>;
export type CareerService = v.InferOutput<typeof ServiceSchema>;
export type ServicePlan = v.InferOutput<typeof PlanSchema>;
export type AddOn = v.InferOutput<typeof AddOnSchema>;
export type Texts = CareerService['title'];

const isoDate = (what: string) =>
  v.pipe(
    v.string(`${what} must be a date`),
    v.isoTimestamp(
      `${what} must be an ISO date and time with its offset, e.g. 2026-01-01T00:00:00+05:30`,
    ),
    v.transform((s) => new Date(s)),
  );

/** catalogue/promo-codes.json: the codes an editor offers; their use is counted in the database. */
export const PromoCodeSchema = v.pipe(
  v.strictObject({
    code: v.pipe(
      text('code'),
      v.regex(/^[A-Z0-9_-]{3,40}$/, 'code must be 3-40 capital letters, digits, _ or -'),
    ),
    site: siteKey('site'),
    percentOff: v.optional(
      v.pipe(
        v.number(),
        v.integer('percentOff must be a whole number'),
        v.minValue(1),
        v.maxValue(100),
      ),
    ),
    amountOffMinor: v.optional(
      v.pipe(v.number(), v.integer('amountOffMinor must be whole minor units'), v.minValue(1)),
    ),
    validFrom: isoDate('validFrom'),
    validUntil: isoDate('validUntil'),
    maxUses: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
    maxUsesPerUser: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
  }),
  v.check(
    (p) => (p.percentOff === undefined) !== (p.amountOffMinor === undefined),
    'give exactly one of percentOff and amountOffMinor',
  ),
  v.check((p) => p.validFrom < p.validUntil, 'validUntil must be after validFrom'),
);
export const PromoCodesSchema = v.strictObject({ codes: v.array(PromoCodeSchema) });
export type PromoCodeConfig = v.InferOutput<typeof PromoCodeSchema>;

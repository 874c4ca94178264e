/**
 * Id/value reference lists of SPEC §3 and the business constants of SPEC §9. Ids are stable:
 * they are stored in profiles and alerts, so never renumber an entry, only append.
 */
import { formatInr } from './format/inr';

export type RefItem = { id: number; value: string };

/** Builds an id/value list for a closed integer range. */
function range(from: number, to: number, step: number, label: (n: number) => string): RefItem[] {
  const items: RefItem[] = [];
  for (let n = from; n <= to; n += step) items.push({ id: n, value: label(n) });
  return items;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Notice period; the id is the number of days, except 0 (serving notice) and 1 (immediately). */
export const NOTICE_PERIODS: readonly RefItem[] = [
  { id: 0, value: 'Serving Notice Period' },
  { id: 1, value: 'Immediately available' },
  { id: 15, value: '15 days' },
  { id: 30, value: '30 days' },
  { id: 45, value: '45 days' },
  { id: 60, value: '2 Months' },
  { id: 90, value: '3 Months' },
  { id: 180, value: '6 Months' },
];

/** Years of experience 0 to 50: '0 Years', '1 Year', '2 Years', ... */
export const EXPERIENCE_YEARS: readonly RefItem[] = range(0, 50, 1, (n) =>
  plural(n, 'Year', 'Years'),
);

export const FRESHER_ID = 51;

/** Employment experience: the years list plus 'Fresher' (id 51). */
export const EMPLOYMENT_EXPERIENCE: readonly RefItem[] = [
  ...EXPERIENCE_YEARS,
  { id: FRESHER_ID, value: 'Fresher' },
];

/** Extra months of experience 0 to 11: '0 Months', '1 Month', ... */
export const MONTHS: readonly RefItem[] = range(0, 11, 1, (n) => plural(n, 'Month', 'Months'));

/** Salary steps in rupees (id = amount): 1-50 Lakh by 1 Lakh, then 55-100 Lakh by 5 Lakh. */
export const SALARY_STEPS: readonly RefItem[] = [
  ...range(100_000, 5_000_000, 100_000, (n) => formatInr(n)),
  ...range(5_500_000, 10_000_000, 500_000, (n) => formatInr(n)),
];

/** A percentage band; min inclusive, max exclusive except for the last band, which includes 100. */
export type PercentageBand = RefItem & { min: number; max: number };

/**
 * Percentage bands: 'Less than 40%', then 5-point bands '40-44.9%' … '95-100%'.
 * The id is the band's lower bound (0 for 'Less than 40%'), which keeps ids self-explaining.
 */
export const PERCENTAGE_BANDS: readonly PercentageBand[] = [
  { id: 0, value: 'Less than 40%', min: 0, max: 40 },
  ...range(40, 95, 5, (n) => (n === 95 ? '95-100%' : `${n}-${n + 4}.9%`)).map((item) => ({
    ...item,
    min: item.id,
    max: item.id + 5,
  })),
];

/** The band a percentage falls in, or undefined outside 0-100. */
export function percentageBandFor(percentage: number): PercentageBand | undefined {
  if (!(percentage >= 0 && percentage <= 100)) return undefined;
  return PERCENTAGE_BANDS.find((b) => percentage >= b.min && (percentage < b.max || b.max === 100));
}

/** Job functions (SPEC §3 names about 54 without listing them). */
export const JOB_FUNCTIONS: readonly RefItem[] = [
  'Accounting / Tax / Company Secretary / Audit',
  'Agent',
  'Airline / Reservations / Ticketing / Travel',
  'Analytics & Business Intelligence',
  'Anchoring / TV / Films / Production',
  'Architecture / Interior Design',
  'Art Director / Graphic / Web Designer',
  'Banking / Insurance',
  'Content / Editors / Journalists',
  'Corporate Planning / Consulting / Strategy',
  'Entrepreneur / Business Owner',
  'Export / Import',
  'Fashion Design / Merchandising',
  'Front Office / Secretarial / Computer Operator',
  'Hotels / Restaurant Management',
  'HR / Admin / Industrial Relations / Training',
  'ITES / BPO / Customer Service / Telecalling',
  'Legal / Law',
  'Medical Professional / Healthcare Practitioner',
  'Marketing / Advertising / PR / Media Planning',
  'Packaging Development',
  'Production / Manufacturing / Maintenance',
  'Project Management / Site Engineering',
  'Purchase / Supply Chain Management',
  'R&D / Engineering Design',
  'Sales / Business Development / Client Servicing',
  'Security Services',
  'Shipping / Marine',
  'Software Development',
  'IT Hardware / Networking',
  'Telecom Engineering',
  'Teaching / Education / Language Specialist',
  'Top Management',
  'Quality Assurance / Quality Control',
  'Logistics / Warehousing',
  'Finance / Treasury / Investment',
  'Data Science / Machine Learning',
  'Cyber Security',
  'Cloud / DevOps',
  'Product Management',
  'UI / UX Design',
  'Retail / Store Operations',
  'Beauty / Fitness / Wellness',
  'Pharmaceutical / Clinical Research',
  'Real Estate / Facility Management',
  'Environment / Health / Safety',
  'Event Management',
  'Social Work / NGO',
  'Government / Public Sector',
  'Aviation / Aerospace Engineering',
  'Mining / Oil & Gas Operations',
  'Agriculture / Dairy / Forestry',
  'Translation / Interpretation',
  'Others',
].map((value, i) => ({ id: i + 1, value }));

/** Industries (SPEC §3 names about 64 without listing them). */
export const INDUSTRIES: readonly RefItem[] = [
  'Accounting / Consulting / Taxation',
  'Advertising / Event Management / PR',
  'Agriculture / Dairy / Forestry / Fishing',
  'Airlines / Aviation / Aerospace',
  'Architecture / Interior Design',
  'Automotive / Ancillaries',
  'Banking / Financial Services',
  'BPO / ITES / Call Centre',
  'Broadcasting / Media',
  'Chemicals',
  'Construction / Civil Engineering',
  'Consumer Durables / Electronics',
  'Courier / Logistics / Freight',
  'Defence / Government / Public Sector',
  'E-commerce / Internet',
  'Education / Training / Teaching',
  'Electrical / Switchgear',
  'Employment / Recruitment / Staffing',
  'Engineering / Procurement / Construction (EPC)',
  'Entertainment / Gaming',
  'Facility Management',
  'Fashion / Apparel / Garments',
  'FMCG / Foods / Beverages',
  'Fertilisers / Pesticides',
  'Gems & Jewellery',
  'Glass / Ceramics',
  'Healthcare / Hospitals',
  'Hotels / Hospitality / Restaurants',
  'Industrial Machinery / Equipment',
  'Insurance',
  'IT / Computers - Hardware',
  'IT / Computers - Software',
  'Iron & Steel',
  'KPO / Research / Analytics',
  'Legal / Law Firms',
  'Leather',
  'Manufacturing',
  'Market Research',
  'Publishing / Printing',
  'Medical Devices / Equipment',
  'Metals / Mining',
  'NGO / Social Services',
  'Non-Ferrous Metals',
  'Office Equipment / Automation',
  'Oil & Gas / Petroleum',
  'Packaging',
  'Paper / Pulp',
  'Pharmaceuticals / Biotech / Life Sciences',
  'Plastics / Rubber',
  'Power / Energy',
  'Real Estate / Property',
  'Renewable Energy',
  'Retail',
  'Security / Law Enforcement',
  'Semiconductors',
  'Shipping / Marine',
  'Sports / Fitness / Wellness',
  'Telecom / ISP',
  'Textiles / Yarn / Fabrics',
  'Travel / Tourism',
  'Tyres',
  'Warehousing',
  'Water Treatment / Waste Management',
  'Others',
].map((value, i) => ({ id: i + 1, value }));

/** Profile score bands of SPEC §4, inclusive bounds. */
export const PROFILE_SCORE_BANDS = [
  { min: 0, max: 30, label: 'Very Poor' },
  { min: 31, max: 60, label: 'Poor' },
  { min: 61, max: 70, label: 'Average' },
  { min: 71, max: 90, label: 'Good' },
  { min: 91, max: 99, label: 'Very Good' },
  { min: 100, max: 100, label: 'Excellent' },
] as const;

export type ProfileScoreBand = (typeof PROFILE_SCORE_BANDS)[number];

/** The band of a profile score; fractions are rounded down, out-of-range scores clamped to 0-100. */
export function profileScoreBand(score: number): ProfileScoreBand {
  const s = Number.isFinite(score) ? Math.min(100, Math.max(0, Math.floor(score))) : 0;
  return PROFILE_SCORE_BANDS.find((b) => s >= b.min && s <= b.max) ?? PROFILE_SCORE_BANDS[0];
}

// SPEC §5 and §9 limits.
export const MAX_INDUSTRIES = 2;
export const MAX_PROFILES = 5;
export const ONE_CLICK_APPLY_LIMIT = { fresher: 5, experienced: 10 } as const;
export const RESUME_MAX_BYTES = 6 * 1024 * 1024;
/** The older 2MB limit SPEC §5 still mentions; kept for its message, not enforced by default. */
export const RESUME_MAX_BYTES_LEGACY = 2 * 1024 * 1024;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 30;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;

// App-download banner (SPEC §2, §9).
export const APP_BANNER_COOKIE = 'AD';
export const APP_BANNER_DISMISS_DAYS = 1;
export const APP_BANNER_DISMISS_MS = APP_BANNER_DISMISS_DAYS * 24 * 60 * 60 * 1000;
export const APP_STORE_FALLBACK_MS = 5000;
export const APP_BANNER_SLIDE_TRIGGER_PX = 30;

// Calls (SPEC §3, §7).
export const ISD_FETCH_DELAY_MS = 100;
export const REQUEST_TIMEOUT_MS = 60_000;
export const RESUME_UPLOAD_TIMEOUT_MS = 120_000;

// Defaults (SPEC §3, §9).
export const DEFAULT_COUNTRY = { abv: 'in', isoCode: 'IN' } as const;
export const DEFAULT_LANGUAGE_HEADER = 'EN';

/**
 * Places in a resume: the site's cities (src/server/reference/places) under their English names,
 * the older English names people still write, and the Hindi and Arabic names of the busiest
 * ones. A line made only of places is never a name or a skill; the city a resume gives is matched
 * back to the site's own spelling.
 */
import { SITE_PLACES } from '~/server/reference/places';

/**
 * Other names of a site city (old English, local spellings) -> the site's name; the Hindi and
 * Arabic names the sites give their cities (their search aliases) are added below, so they are
 * written once, in the site's places file.
 */
const OTHER_NAMES: Record<string, string> = {
  bangalore: 'Bengaluru',
  bombay: 'Mumbai',
  'new delhi': 'Delhi',
  gurgaon: 'Gurugram',
  madras: 'Chennai',
  calcutta: 'Kolkata',
  भोपाल: 'Bhopal',
  पटना: 'Patna',
  mysore: 'Mysuru',
  trivandrum: 'Thiruvananthapuram',
  cochin: 'Kochi',
  baroda: 'Vadodara',
  // South-East Asia: the short, local and older names addresses use.
  'ha noi': 'Hanoi',
  hcmc: 'Ho Chi Minh City',
  'hcm city': 'Ho Chi Minh City',
  'tp hcm': 'Ho Chi Minh City',
  tphcm: 'Ho Chi Minh City',
  'ho chi minh': 'Ho Chi Minh City',
  'thanh pho ho chi minh': 'Ho Chi Minh City',
  saigon: 'Ho Chi Minh City',
  'sai gon': 'Ho Chi Minh City',
  danang: 'Da Nang',
  'da nang city': 'Da Nang',
  georgetown: 'George Town',
  'george town penang': 'George Town',
  kl: 'Kuala Lumpur',
  'kuala lumpur city': 'Kuala Lumpur',
  'jakarta selatan': 'Jakarta',
  'jakarta pusat': 'Jakarta',
  'jakarta barat': 'Jakarta',
  'jakarta timur': 'Jakarta',
  'jakarta utara': 'Jakarta',
  'south jakarta': 'Jakarta',
  'central jakarta': 'Jakarta',
  'krung thep': 'Bangkok',
  'bangkok metropolis': 'Bangkok',
  'cebu city': 'Cebu City',
  'makati city': 'Makati',
  'quezon city': 'Quezon City',
  'pasig city': 'Pasig',
  'taguig city': 'Taguig',
};

/**
 * Regions and other spellings of countries: places, but not a city to pre-fill (the sites'
 * countries by their own names are added below).
 */
const REGIONS = [
  'uttar pradesh',
  'maharashtra',
  'karnataka',
  'tamil nadu',
  'telangana',
  'haryana',
  'gujarat',
  'rajasthan',
  'kerala',
  'west bengal',
  'punjab',
  'uae',
  'ksa',
  'u.a.e',
  'saudi arabia',
  'उत्तर प्रदेश',
  'महाराष्ट्र',
  'कर्नाटक',
  'हरियाणा',
  'भारत',
  'राजस्थान',
  'السعودية',
  'المملكة العربية السعودية',
  'الإمارات',
  'الإمارات العربية المتحدة',
  'قطر',
  'عمان',
  'الكويت',
  'البحرين',
  // States, provinces and regions of the South-East Asian sites, as addresses write them.
  'selangor',
  'johor',
  'penang',
  'pulau pinang',
  'sabah',
  'sarawak',
  'perak',
  'kedah',
  'negeri sembilan',
  'melaka',
  'pahang',
  'kelantan',
  'terengganu',
  'wilayah persekutuan',
  'metro manila',
  'ncr',
  'cebu',
  'davao del sur',
  'laguna',
  'cavite',
  'rizal',
  'bulacan',
  'pampanga',
  'dki jakarta',
  'jawa barat',
  'jawa tengah',
  'jawa timur',
  'west java',
  'central java',
  'east java',
  'bali',
  'banten',
  'chonburi',
  'nonthaburi',
  'phuket',
  'new territories',
  'kowloon',
  'hong kong island',
  'hong kong sar',
  'viet nam',
  'hong kong',
  'oman',
  'qatar',
  'kuwait',
  'bahrain',
];

export interface SiteCity {
  city: string;
  /** ISO code of its country. */
  country: string;
}

const key = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    // "Hà Nội", "Đà Nẵng": Latin letters without their marks (Devanagari and Arabic keep theirs).
    .replace(/đ/g, 'd')
    .replace(/[a-z\u00c0-\u024f\u1e00-\u1eff]+/g, (w) =>
      w.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
    )
    .replace(/[.\u200c\u200d]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const CITIES = new Map<string, SiteCity>();
const REGION_KEYS = new Set<string>(REGIONS.map(key));
for (const site of SITE_PLACES) {
  for (const country of site.countries) {
    REGION_KEYS.add(key(country.name));
    for (const city of country.cities) {
      if (!CITIES.has(key(city))) CITIES.set(key(city), { city, country: country.code });
    }
  }
}
// "Shatin", "Kwuntong": a two-word place name is often written closed up.
for (const [name, city] of [...CITIES]) {
  const closed = name.replace(/ /g, '');
  if (closed !== name && /^[a-z]{6,}$/.test(closed) && !CITIES.has(closed))
    CITIES.set(closed, city);
}
for (const [other, city] of Object.entries(OTHER_NAMES)) {
  const known = CITIES.get(key(city));
  CITIES.set(key(other), known ?? { city, country: 'IN' });
}
// The sites' own Hindi and Arabic names of a city (search's aliases: "नागपुर", "الفروانية").
for (const site of SITE_PLACES) {
  for (const country of site.countries) {
    for (const [other, cities] of Object.entries(country.aliases ?? {})) {
      const known = cities.length === 1 ? CITIES.get(key(cities[0]!)) : undefined;
      if (known && !/[a-z]/i.test(other) && !CITIES.has(key(other))) CITIES.set(key(other), known);
    }
  }
}

/** India's states and union territories, as its addresses write them after the city. */
const INDIAN_STATES = [
  'andhra pradesh',
  'arunachal pradesh',
  'assam',
  'bihar',
  'chhattisgarh',
  'goa',
  'gujarat',
  'haryana',
  'himachal pradesh',
  'jharkhand',
  'karnataka',
  'kerala',
  'madhya pradesh',
  'maharashtra',
  'manipur',
  'meghalaya',
  'mizoram',
  'nagaland',
  'odisha',
  'orissa',
  'punjab',
  'rajasthan',
  'sikkim',
  'tamil nadu',
  'telangana',
  'tripura',
  'uttar pradesh',
  'uttarakhand',
  'uttaranchal',
  'west bengal',
  'jammu and kashmir',
  'jammu & kashmir',
  'ladakh',
  'puducherry',
  'pondicherry',
  'उत्तर प्रदेश',
  'उत्तराखंड',
  'उत्तराखण्ड',
  'बिहार',
  'मध्य प्रदेश',
  'महाराष्ट्र',
  'राजस्थान',
  'हरियाणा',
  'पंजाब',
  'गुजरात',
  'झारखंड',
  'छत्तीसगढ़',
  'हिमाचल प्रदेश',
  'कर्नाटक',
  'ओडिशा',
  'पश्चिम बंगाल',
  'असम',
];
for (const state of INDIAN_STATES) REGION_KEYS.add(key(state));
/** A part that starts with a state's name; what follows it is captured. */
const STATE_FIRST = new RegExp(
  `^(?:${[...INDIAN_STATES].sort((a, b) => b.length - a.length).join('|')})(?![\\p{L}\\p{M}])(.*)$`,
  'iu',
);

/** A locality of an address, not its city ("Vasant Vihar", "Rajendra Nagar", "Sector 15"). */
const LOCALITY_WORD =
  /(?<![\p{L}])(?:vihar|nagar|colony|enclave|puram|layout|sector|phase|block|road|rd|marg|street|lane|chowk|bazar|bazaar|apartments?|society|mohalla|gali|village|post|tehsil|district|dist|नगर|विहार|कॉलोनी|मार्ग|रोड|सेक्टर|मोहल्ला|गली|ग्राम|पोस्ट|जिला|तहसील)(?![\p{L}])/iu;

/**
 * The city of an Indian address written "..., Locality, City, State - PIN" (or "City (State)
 * PIN"): the part just before a state that a six-digit PIN follows, though the city is not one
 * of the site's. Null when that part is a locality, a number or a known region.
 */
export function cityBeforeState(text: string): SiteCity | null {
  const pin =
    /^\s*\)?\s*[-–,:]?\s*(?:pin(?:\s*code)?\s*[-:]?\s*)?(?:\d{3}\s?\d{3}|[०-९]{6})(?!\d)/iu;
  const parts = text.split(/\s*[,،|(]\s*/).filter(Boolean);
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i]!;
    const state = STATE_FIRST.exec(part);
    // The state's own words, then the PIN ("Uttarakhand - 248006").
    if (!state || (!pin.test(state[1]!) && !pin.test(parts[i + 1] ?? ''))) continue;
    const city = parts[i - 1]!.replace(/[\s.]+$/, '').trim();
    if (
      !/^[\p{L}\p{M}]+(?:\s[\p{L}\p{M}]+){0,2}$/u.test(city) ||
      LOCALITY_WORD.test(city) ||
      REGION_KEYS.has(key(city))
    )
      continue;
    return cityOf(city) ?? { city, country: 'IN' };
  }
  return null;
}

/** The site city a piece of text names ("Bangalore", "नोएडा", "الرياض"), or null. */
export function cityOf(text: string): SiteCity | null {
  return CITIES.get(key(text)) ?? null;
}

/** True when every part of a line ("Noida, Uttar Pradesh", "الرياض، السعودية") is a place. */
export function isPlaceLine(line: string): boolean {
  const parts = line
    .split(/\s*[,،|\-–/]\s*|\s+(?=india$)/i)
    .map(key)
    .filter((p) => p && !/^\d{5,6}$/.test(p));
  return parts.length > 0 && parts.every((p) => CITIES.has(p) || REGION_KEYS.has(p));
}

/**
 * The site city an address or contact line names anywhere in it: each part between separators
 * (e-mails, web addresses and numbers left out), read as windows of one to four words, the
 * longest first ("Blk 231 Jurong East St 21" -> Jurong East, "Cầu Giấy, Hà Nội" -> Hanoi).
 */
export function cityInLine(line: string): SiteCity | null {
  const cleaned = line
    .replace(/\S+@\S+|(?:https?:\/\/|www\.)\S+|linkedin\.com\S*/gi, ' | ')
    .replace(/\+?\d[\d\s().-]{5,}\d/g, ' | ');
  for (const part of cleaned.split(/\s*[|,،•·;:()]\s*|\s+[-–—]\s+/)) {
    const words = part.split(/\s+/).filter(Boolean);
    for (let size = Math.min(4, words.length); size >= 1; size--) {
      for (let i = 0; i + size <= words.length; i++) {
        const found = cityOf(words.slice(i, i + size).join(' '));
        if (found) return found;
      }
    }
  }
  return null;
}

/** The first site city named in the lines (whole part of a line, after a label or not). */
export function findCity(lines: readonly string[]): SiteCity | null {
  for (const line of lines) {
    const value = line.replace(/^[^:]{2,30}:\s*/, '');
    for (const part of value.split(/\s*[,،|\-–/]\s*/)) {
      const found = cityOf(part);
      if (found) return found;
    }
  }
  return null;
}

/**
 * A site city named inside a line whose cells ran together ("الدوحةالمدينة" from a right-to-left
 * table): the longest city name found in it, for lines that carry a city label.
 */
export function cityInside(line: string): SiteCity | null {
  const text = key(line);
  let best: { name: string; city: SiteCity } | null = null;
  for (const [name, city] of CITIES) {
    if (name.length >= 4 && text.includes(name) && (!best || name.length > best.name.length)) {
      best = { name, city };
    }
  }
  return best?.city ?? null;
}

/**
 * Places for search: which region (state, emirate, province...) a city is in, other names of
 * cities (Bangalore, Bombay, دبي, मुंबई), and the country names a Gulf seeker may type. Used to
 * read the search box's location, the jobStates filter and facet, and voice search.
 *
 * The city lists are the cities of each site (src/server/reference/places/) and the usual other
 * spellings; a city missing here still matches by its own name, it only has no region.
 */
import { SITE_PLACES } from '~/server/reference/places';

/** Region of each city, per ISO country code. */
const REGIONS: Record<string, Record<string, string>> = {
  IN: {
    Bengaluru: 'Karnataka',
    Mumbai: 'Maharashtra',
    Hyderabad: 'Telangana',
    Pune: 'Maharashtra',
    Chennai: 'Tamil Nadu',
    Delhi: 'Delhi',
    Gurugram: 'Haryana',
    Noida: 'Uttar Pradesh',
    Kolkata: 'West Bengal',
    Ahmedabad: 'Gujarat',
    Jaipur: 'Rajasthan',
    Kochi: 'Kerala',
    Chandigarh: 'Chandigarh',
    Coimbatore: 'Tamil Nadu',
    Indore: 'Madhya Pradesh',
    Lucknow: 'Uttar Pradesh',
    Nagpur: 'Maharashtra',
    Thiruvananthapuram: 'Kerala',
    Vadodara: 'Gujarat',
    Bhubaneswar: 'Odisha',
    Visakhapatnam: 'Andhra Pradesh',
    Mysuru: 'Karnataka',
    Surat: 'Gujarat',
    'Navi Mumbai': 'Maharashtra',
    Thane: 'Maharashtra',
  },
  AE: {
    Dubai: 'Dubai',
    'Abu Dhabi': 'Abu Dhabi',
    'Al Ain': 'Abu Dhabi',
    Sharjah: 'Sharjah',
    Ajman: 'Ajman',
    'Ras Al Khaimah': 'Ras Al Khaimah',
    Fujairah: 'Fujairah',
  },
  SA: {
    Riyadh: 'Riyadh Province',
    Jeddah: 'Makkah Province',
    Mecca: 'Makkah Province',
    Medina: 'Madinah Province',
    Dammam: 'Eastern Province',
    'Al Khobar': 'Eastern Province',
    Jubail: 'Eastern Province',
    Tabuk: 'Tabuk Province',
  },
  QA: {
    Doha: 'Doha',
    Lusail: 'Al Daayen',
    'Al Wakrah': 'Al Wakrah',
    Mesaieed: 'Al Wakrah',
    'Al Rayyan': 'Al Rayyan',
  },
  OM: {
    Muscat: 'Muscat Governorate',
    Sohar: 'North Al Batinah',
    Salalah: 'Dhofar',
    Nizwa: 'Ad Dakhiliyah',
    Sur: 'South Ash Sharqiyah',
  },
  KW: {
    'Kuwait City': 'Capital Governorate (Kuwait)',
    Hawalli: 'Hawalli Governorate',
    Salmiya: 'Hawalli Governorate',
    Farwaniya: 'Farwaniya Governorate',
    'Al Ahmadi': 'Ahmadi Governorate',
  },
  BH: {
    Manama: 'Capital Governorate (Bahrain)',
    Sitra: 'Capital Governorate (Bahrain)',
    Muharraq: 'Muharraq Governorate',
    Riffa: 'Southern Governorate',
    'Isa Town': 'Southern Governorate',
  },
  HK: {
    Central: 'Hong Kong Island',
    'Wan Chai': 'Hong Kong Island',
    'Causeway Bay': 'Hong Kong Island',
    'Quarry Bay': 'Hong Kong Island',
    Kowloon: 'Kowloon',
    'Tsim Sha Tsui': 'Kowloon',
    'Kwun Tong': 'Kowloon',
    'Sha Tin': 'New Territories',
    'Tsuen Wan': 'New Territories',
    'Tuen Mun': 'New Territories',
  },
  SG: {
    Singapore: 'Central Region',
    'Jurong East': 'West Region',
    Tuas: 'West Region',
    Tampines: 'East Region',
    Changi: 'East Region',
    'Paya Lebar': 'East Region',
    Woodlands: 'North Region',
    'Ang Mo Kio': 'North-East Region',
  },
  PH: {
    Makati: 'Metro Manila',
    Taguig: 'Metro Manila',
    'Quezon City': 'Metro Manila',
    Pasig: 'Metro Manila',
    Manila: 'Metro Manila',
    Mandaluyong: 'Metro Manila',
    'Cebu City': 'Central Visayas',
    'Davao City': 'Davao Region',
    'Iloilo City': 'Western Visayas',
    Bacolod: 'Western Visayas',
    'Angeles City': 'Central Luzon',
  },
  TH: {
    Bangkok: 'Bangkok',
    Chonburi: 'Chonburi',
    Pattaya: 'Chonburi',
    'Chiang Mai': 'Chiang Mai',
    Nonthaburi: 'Nonthaburi',
    'Samut Prakan': 'Samut Prakan',
    Rayong: 'Rayong',
    Phuket: 'Phuket',
    'Khon Kaen': 'Khon Kaen',
    'Hat Yai': 'Songkhla',
  },
  VN: {
    'Ho Chi Minh City': 'Ho Chi Minh City',
    Hanoi: 'Hanoi',
    'Da Nang': 'Da Nang',
    'Hai Phong': 'Hai Phong',
    'Binh Duong': 'Binh Duong',
    'Dong Nai': 'Dong Nai',
    'Can Tho': 'Can Tho',
    'Bac Ninh': 'Bac Ninh',
    'Nha Trang': 'Khanh Hoa',
  },
  ID: {
    Jakarta: 'DKI Jakarta',
    Surabaya: 'East Java',
    Bandung: 'West Java',
    Bekasi: 'West Java',
    Tangerang: 'Banten',
    Medan: 'North Sumatra',
    Semarang: 'Central Java',
    Batam: 'Riau Islands',
    Denpasar: 'Bali',
    Yogyakarta: 'Yogyakarta',
    Makassar: 'South Sulawesi',
  },
  MY: {
    'Kuala Lumpur': 'Kuala Lumpur',
    'Petaling Jaya': 'Selangor',
    'Shah Alam': 'Selangor',
    Cyberjaya: 'Selangor',
    'Subang Jaya': 'Selangor',
    'George Town': 'Penang',
    'Johor Bahru': 'Johor',
    Putrajaya: 'Putrajaya',
    Ipoh: 'Perak',
    'Kota Kinabalu': 'Sabah',
    Kuching: 'Sarawak',
    Melaka: 'Melaka',
  },
};

/**
 * Other names of cities (lower case, English, Hindi and Arabic) → the names the jobs use.
 * A name may stand for several cities (Delhi NCR).
 */
const ALIASES: Record<string, readonly string[]> = {
  bangalore: ['Bengaluru'],
  bengaluru: ['Bengaluru'],
  banglore: ['Bengaluru'],
  bombay: ['Mumbai'],
  gurgaon: ['Gurugram'],
  calcutta: ['Kolkata'],
  madras: ['Chennai'],
  mysore: ['Mysuru'],
  trivandrum: ['Thiruvananthapuram'],
  cochin: ['Kochi'],
  ernakulam: ['Kochi'],
  'new delhi': ['Delhi'],
  'delhi ncr': ['Delhi', 'Gurugram', 'Noida'],
  ncr: ['Delhi', 'Gurugram', 'Noida'],
  vizag: ['Visakhapatnam'],
  baroda: ['Vadodara'],
  poona: ['Pune'],
  'new bombay': ['Navi Mumbai'],
  saigon: ['Ho Chi Minh City'],
  hcmc: ['Ho Chi Minh City'],
  'ho chi minh': ['Ho Chi Minh City'],
  kl: ['Kuala Lumpur'],
  pj: ['Petaling Jaya'],
  penang: ['George Town'],
  makkah: ['Mecca'],
  madinah: ['Medina'],
  khobar: ['Al Khobar'],
  rak: ['Ras Al Khaimah'],
  abudhabi: ['Abu Dhabi'],
  // City codes people type (airport and number-plate codes)
  hyd: ['Hyderabad'],
  blr: ['Bengaluru'],
  dxb: ['Dubai'],
  auh: ['Abu Dhabi'],
  shj: ['Sharjah'],
  ruh: ['Riyadh'],
  jed: ['Jeddah'],
  // Hindi
  मुंबई: ['Mumbai'],
  मुम्बई: ['Mumbai'],
  दिल्ली: ['Delhi'],
  'नई दिल्ली': ['Delhi'],
  बेंगलुरु: ['Bengaluru'],
  बेंगलूरु: ['Bengaluru'],
  बैंगलोर: ['Bengaluru'],
  पुणे: ['Pune'],
  हैदराबाद: ['Hyderabad'],
  चेन्नई: ['Chennai'],
  कोलकाता: ['Kolkata'],
  अहमदाबाद: ['Ahmedabad'],
  जयपुर: ['Jaipur'],
  नोएडा: ['Noida'],
  गुड़गांव: ['Gurugram'],
  गुरुग्राम: ['Gurugram'],
  लखनऊ: ['Lucknow'],
  इंदौर: ['Indore'],
  नागपुर: ['Nagpur'],
  कोच्चि: ['Kochi'],
  चंडीगढ़: ['Chandigarh'],
  सूरत: ['Surat'],
  ठाणे: ['Thane'],
  वडोदरा: ['Vadodara'],
  कोयंबटूर: ['Coimbatore'],
  भुवनेश्वर: ['Bhubaneswar'],
  दुबई: ['Dubai'],
  'अबू धाबी': ['Abu Dhabi'],
  शारजाह: ['Sharjah'],
  रियाद: ['Riyadh'],
  जेद्दा: ['Jeddah'],
  दोहा: ['Doha'],
  मस्कट: ['Muscat'],
  // Arabic
  دبي: ['Dubai'],
  أبوظبي: ['Abu Dhabi'],
  ابوظبي: ['Abu Dhabi'],
  'أبو ظبي': ['Abu Dhabi'],
  'ابو ظبي': ['Abu Dhabi'],
  الشارقة: ['Sharjah'],
  عجمان: ['Ajman'],
  'رأس الخيمة': ['Ras Al Khaimah'],
  'راس الخيمة': ['Ras Al Khaimah'],
  العين: ['Al Ain'],
  الفجيرة: ['Fujairah'],
  الرياض: ['Riyadh'],
  جدة: ['Jeddah'],
  جده: ['Jeddah'],
  الدمام: ['Dammam'],
  الخبر: ['Al Khobar'],
  مكة: ['Mecca'],
  'مكة المكرمة': ['Mecca'],
  'المدينة المنورة': ['Medina'],
  الجبيل: ['Jubail'],
  تبوك: ['Tabuk'],
  الدوحة: ['Doha'],
  لوسيل: ['Lusail'],
  الوكرة: ['Al Wakrah'],
  الريان: ['Al Rayyan'],
  مسقط: ['Muscat'],
  صحار: ['Sohar'],
  صلالة: ['Salalah'],
  نزوى: ['Nizwa'],
  'مدينة الكويت': ['Kuwait City'],
  حولي: ['Hawalli'],
  السالمية: ['Salmiya'],
  الفروانية: ['Farwaniya'],
  الأحمدي: ['Al Ahmadi'],
  المنامة: ['Manama'],
  المحرق: ['Muharraq'],
  الرفاع: ['Riffa'],
  'مدينة عيسى': ['Isa Town'],
  سترة: ['Sitra'],
};

/** Country names a seeker may type on a multi-country site (Gulf), lower case → ISO code. */
const COUNTRY_NAMES: Record<string, string> = {
  uae: 'AE',
  'u.a.e': 'AE',
  'u.a.e.': 'AE',
  'united arab emirates': 'AE',
  emirates: 'AE',
  الإمارات: 'AE',
  الامارات: 'AE',
  saudi: 'SA',
  'saudi arabia': 'SA',
  ksa: 'SA',
  السعودية: 'SA',
  qatar: 'QA',
  قطر: 'QA',
  oman: 'OM',
  عمان: 'OM',
  عُمان: 'OM',
  kuwait: 'KW',
  الكويت: 'KW',
  bahrain: 'BH',
  البحرين: 'BH',
};

export const placeKey = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

interface SitePlaces {
  /** ISO codes of the site's countries. */
  countries: string[];
  /** City key → city name. */
  cities: Map<string, string>;
  /** City key → region. */
  regionOfCity: Map<string, string>;
  /** Region key → city names. */
  citiesOfRegion: Map<string, string[]>;
  /** Region key → region name. */
  regions: Map<string, string>;
}

const bySite = new Map<string, SitePlaces>();

function sitePlaces(siteContext: string): SitePlaces {
  let places = bySite.get(siteContext);
  if (places) return places;
  const demo = SITE_PLACES.find((s) => s.context === siteContext);
  const countries = demo ? demo.countries.map((c) => c.code) : [];
  places = {
    countries,
    cities: new Map(),
    regionOfCity: new Map(),
    citiesOfRegion: new Map(),
    regions: new Map(),
  };
  for (const code of countries) {
    const demoCities = demo?.countries.find((c) => c.code === code)?.cities ?? [];
    for (const city of demoCities) places.cities.set(placeKey(city), city);
    for (const [city, region] of Object.entries(REGIONS[code] ?? {})) {
      places.cities.set(placeKey(city), city);
      places.regionOfCity.set(placeKey(city), region);
      places.regions.set(placeKey(region), region);
      const list = places.citiesOfRegion.get(placeKey(region)) ?? [];
      list.push(city);
      places.citiesOfRegion.set(placeKey(region), list);
    }
  }
  bySite.set(siteContext, places);
  return places;
}

/** The region (state, emirate, province...) of a city of the site, or null when unknown. */
export function regionOf(siteContext: string, city: string): string | null {
  return sitePlaces(siteContext).regionOfCity.get(placeKey(city)) ?? null;
}

/** The cities of the site in a region (case-insensitive); [] when the region is unknown. */
export function citiesOfRegion(siteContext: string, region: string): string[] {
  return sitePlaces(siteContext).citiesOfRegion.get(placeKey(region)) ?? [];
}

/** What a typed location stands for: cities (as lower-case keys) and/or whole countries. */
export interface ResolvedLocation {
  cityKeys: string[];
  countryCodes: string[];
}

/**
 * Reads the search box's location: comma-separated places, each a city (or another name of
 * one), a region of the site (all its cities) or, on a multi-country site, a country. Anything
 * else is taken as a city name as typed, so it matches jobs in a city spelt that way.
 * The site's own country name ("India" on the India site) adds no condition.
 */
export function resolveLocation(siteContext: string, text: string): ResolvedLocation {
  const places = sitePlaces(siteContext);
  const cityKeys = new Set<string>();
  const countryCodes = new Set<string>();
  let anything = false;
  for (const part of text.split(',')) {
    const key = placeKey(part);
    if (key === '') continue;
    const alias = ALIASES[key];
    const country = COUNTRY_NAMES[key];
    if (alias) {
      for (const city of alias) cityKeys.add(placeKey(city));
    } else if (places.cities.has(key)) {
      cityKeys.add(key);
    } else if (places.citiesOfRegion.has(key)) {
      for (const city of places.citiesOfRegion.get(key) ?? []) cityKeys.add(placeKey(city));
    } else if (country && places.countries.includes(country)) {
      if (places.countries.length > 1) countryCodes.add(country);
      else continue; // the site's only country: anywhere on the site
    } else if (places.countries.length === 1 && isCountryName(key, places.countries[0])) {
      continue;
    } else {
      cityKeys.add(key);
    }
    anything = true;
  }
  if (!anything) return { cityKeys: [], countryCodes: [] };
  return { cityKeys: [...cityKeys], countryCodes: [...countryCodes] };
}

function isCountryName(key: string, code: string | undefined): boolean {
  if (!code) return false;
  const demo = SITE_PLACES.flatMap((s) => s.countries).find((c) => c.code === code);
  return demo !== undefined && placeKey(demo.name) === key;
}

/** Expands jobStates filter values (regions) to the city keys they cover. */
export function regionCityKeys(siteContext: string, regions: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const region of regions) {
    for (const city of citiesOfRegion(siteContext, region)) keys.add(placeKey(city));
  }
  return [...keys];
}

/**
 * Names a voice query may use for the site's cities, longest first, each with the city it
 * means: the cities themselves, their other names (Hindi and Arabic included), and regions
 * are left out (a spoken "Maharashtra" is rare and ambiguous).
 */
export function spokenCityNames(siteContext: string): { name: string; city: string }[] {
  const places = sitePlaces(siteContext);
  const out: { name: string; city: string }[] = [];
  for (const [key, city] of places.cities) out.push({ name: key, city });
  for (const [name, cities] of Object.entries(ALIASES)) {
    const city = cities[0];
    if (city && places.cities.has(placeKey(city)) && cities.length === 1)
      out.push({ name: placeKey(name), city });
  }
  for (const [name, code] of Object.entries(COUNTRY_NAMES)) {
    if (places.countries.length > 1 && places.countries.includes(code)) {
      const country = SITE_PLACES.flatMap((s) => s.countries).find((c) => c.code === code);
      if (country) out.push({ name: placeKey(name), city: country.name });
    }
  }
  return out.sort((a, b) => b.name.length - a.name.length);
}

/**
 * Every name of a place the site's location box understands, as a key (lower case, single
 * spaces) → the place's own name: its cities, their other names (Hindi and Arabic included),
 * its regions and, on a multi-country site, its countries. What search reads out of a keyword
 * box and corrects a location's typos towards (understand.ts).
 */
export function sitePlaceNames(siteContext: string): ReadonlyMap<string, string> {
  const cached = placeNamesBySite.get(siteContext);
  if (cached) return cached;
  const places = sitePlaces(siteContext);
  const out = new Map<string, string>();
  for (const [key, city] of places.cities) out.set(key, city);
  for (const [key, region] of places.regions) if (!out.has(key)) out.set(key, region);
  for (const [name, cities] of Object.entries(ALIASES)) {
    const city = cities[0];
    if (city && places.cities.has(placeKey(city))) out.set(placeKey(name), city);
  }
  if (places.countries.length > 1) {
    for (const [name, code] of Object.entries(COUNTRY_NAMES)) {
      const country = SITE_PLACES.flatMap((s) => s.countries).find((c) => c.code === code);
      if (country && places.countries.includes(code)) out.set(placeKey(name), country.name);
    }
  }
  placeNamesBySite.set(siteContext, out);
  return out;
}

const placeNamesBySite = new Map<string, Map<string, string>>();

/** The site's regions, each with the keys of its cities (the jobStates filter's values). */
export function siteRegions(siteContext: string): { name: string; cityKeys: string[] }[] {
  const places = sitePlaces(siteContext);
  return [...places.regions].map(([key, name]) => ({
    name,
    cityKeys: (places.citiesOfRegion.get(key) ?? []).map(placeKey),
  }));
}

/** The cities another name of a place stands for (Bombay, पुणे, دبي); [] when none. */
export const citiesNamed = (name: string): readonly string[] => ALIASES[placeKey(name)] ?? [];

/** The company sectors that hire for the job families, and the words of recruitment agencies. */
import type { Sector, SectorInfo } from './types';

export const SECTORS: Record<Sector, SectorInfo> = {
  tech: {
    words: [
      'Infotech',
      'Softlabs',
      'Technologies',
      'Digital',
      'Systems',
      'Cloudworks',
      'Data Labs',
    ],
    industries: [
      'IT / Computers - Software',
      'E-commerce / Internet',
      'KPO / Research / Analytics',
    ],
    about: [
      '{name} builds software products and digital platforms for banks, retailers and healthcare providers, with engineering teams in {city} and three other cities.',
      '{name} is a product engineering company that helps enterprises move their core systems to the cloud. It was founded in {city} and now serves clients on four continents.',
      '{name} runs a fast-growing online marketplace and the technology behind it, built by an in-house team based in {city}.',
    ],
    weight: 16,
  },
  bpo: {
    words: ['Business Services', 'CX Solutions', 'Global Services', 'Contact Solutions'],
    industries: ['BPO / ITES / Call Centre', 'KPO / Research / Analytics'],
    about: [
      '{name} delivers customer experience, back-office and technical support services for international brands from its delivery centres in {city}.',
      '{name} is a business process outsourcing company with more than 3,000 associates supporting telecom, travel and retail clients around the clock from {city}.',
    ],
    weight: 9,
  },
  finance: {
    words: ['Finserv', 'Capital', 'Financial Services', 'Credit', 'Assurance'],
    industries: ['Banking / Financial Services', 'Insurance', 'Accounting / Consulting / Taxation'],
    about: [
      '{name} offers retail loans, deposits and wealth management to individuals and small businesses through a network of branches headquartered in {city}.',
      '{name} is a regulated financial services group providing insurance, credit and investment products, with its head office in {city}.',
    ],
    weight: 9,
  },
  manufacturing: {
    words: ['Industries', 'Engineering Works', 'Auto Components', 'Polymers', 'Precision Tools'],
    industries: [
      'Manufacturing',
      'Automotive / Ancillaries',
      'Industrial Machinery / Equipment',
      'Chemicals',
      'FMCG / Foods / Beverages',
      'Pharmaceuticals / Biotech / Life Sciences',
    ],
    about: [
      '{name} manufactures components and finished products for automotive and industrial customers at two ISO-certified plants near {city}.',
      '{name} is a manufacturer of packaged foods and home-care products sold across the region, with its main plant and R&D centre in {city}.',
    ],
    weight: 10,
  },
  construction: {
    words: [
      'Constructions',
      'Infra Projects',
      'Contracting',
      'Builders',
      'Engineering & Contracting',
    ],
    industries: [
      'Construction / Civil Engineering',
      'Engineering / Procurement / Construction (EPC)',
      'Real Estate / Property',
      'Oil & Gas / Petroleum',
      'Power / Energy',
    ],
    about: [
      '{name} is a building and infrastructure contractor delivering residential towers, roads and utilities projects from its base in {city}.',
      '{name} provides engineering, procurement and construction services for energy and industrial projects, with a project office in {city}.',
    ],
    weight: 8,
  },
  health: {
    words: ['Hospitals', 'Healthcare', 'Medical Centre', 'Diagnostics', 'Pharma'],
    industries: [
      'Healthcare / Hospitals',
      'Pharmaceuticals / Biotech / Life Sciences',
      'Medical Devices / Equipment',
    ],
    about: [
      '{name} runs multi-speciality hospitals and day-care clinics, including a 300-bed tertiary care hospital in {city}.',
      '{name} operates a chain of diagnostic laboratories and pharmacies serving over a million patients a year from {city}.',
    ],
    weight: 7,
  },
  hospitality: {
    words: ['Hotels & Resorts', 'Hospitality', 'Foods', 'Restaurants'],
    industries: [
      'Hotels / Hospitality / Restaurants',
      'Travel / Tourism',
      'FMCG / Foods / Beverages',
    ],
    about: [
      '{name} owns and manages business hotels and beach resorts, with its flagship property in {city}.',
      '{name} runs a group of casual-dining restaurants and a central kitchen in {city}, and is opening new outlets every quarter.',
    ],
    weight: 6,
  },
  retail: {
    words: ['Retail', 'Mart', 'Lifestyle Stores', 'Trading'],
    industries: [
      'Retail',
      'Fashion / Apparel / Garments',
      'Consumer Durables / Electronics',
      'E-commerce / Internet',
    ],
    about: [
      '{name} is a retail chain selling groceries, fashion and electronics through more than 80 stores and an online shop, headquartered in {city}.',
      '{name} distributes consumer electronics and home appliances to retailers and runs its own showrooms across {city} and nearby cities.',
    ],
    weight: 8,
  },
  logistics: {
    words: ['Logistics', 'Freight', 'Express', 'Supply Chain'],
    industries: ['Courier / Logistics / Freight', 'Warehousing', 'Shipping / Marine'],
    about: [
      '{name} provides freight forwarding, warehousing and last-mile delivery for e-commerce and industrial clients from its hub in {city}.',
      '{name} is a third-party logistics company operating bonded warehouses and a fleet of 400 trucks, with its head office in {city}.',
    ],
    weight: 7,
  },
  education: {
    words: ['Academy', 'International School', 'Learning', 'EduTech'],
    industries: ['Education / Training / Teaching'],
    about: [
      '{name} runs K-12 schools following international curricula, with campuses in {city} and two other cities.',
      '{name} is an education company offering test preparation, professional courses and online learning, based in {city}.',
    ],
    weight: 5,
  },
  consulting: {
    words: ['Consulting', 'Advisory', 'Partners'],
    industries: ['Accounting / Consulting / Taxation', 'Legal / Law Firms', 'Market Research'],
    about: [
      '{name} is a professional services firm offering audit, tax, risk and management consulting to mid-sized companies from its office in {city}.',
      '{name} advises businesses on strategy, regulation and transactions, with a practice of 250 professionals in {city}.',
    ],
    weight: 6,
  },
  media: {
    words: ['Media', 'Creative Studio', 'Communications'],
    industries: [
      'Advertising / Event Management / PR',
      'Broadcasting / Media',
      'Entertainment / Gaming',
    ],
    about: [
      '{name} is an integrated marketing agency creating campaigns, content and digital experiences for consumer brands from its studio in {city}.',
    ],
    weight: 4,
  },
};

/** Recruitment agencies: they post jobs of every family for their clients. */
export const CONSULTANT_WORDS = [
  'Staffing Solutions',
  'Manpower Consultants',
  'Talent Partners',
  'HR Consultants',
  'Recruitment Services',
  'Placement Services',
] as const;

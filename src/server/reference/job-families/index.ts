/**
 * Job families: what a job of a given function looks like (titles, skills, duties,
 * qualifications), and the company sectors that hire for it. The resume parser's skills
 * vocabulary (reference/vocabulary.ts) is built from their skills; the demo generator makes jobs
 * and companies from all of it. Function and industry names must be
 * entries of JOB_FUNCTIONS / INDUSTRIES in src/lib/reference-lists.ts (checked by a test).
 *
 * The families are in files by field of work (technology, business, operations, services), the
 * sectors in sectors.ts; this file puts them together.
 */
import type { JobFamily } from './types';
import {
  accounting,
  banking,
  customerService,
  frontOffice,
  humanResources,
  legal,
  marketing,
  sales,
} from './business';
import { logistics, production, siteEngineering, supplyChain } from './operations';
import { healthcare, hospitality, retail, teaching } from './services';
import {
  analytics,
  cloudDevOps,
  cyberSecurity,
  dataScience,
  design,
  itHardware,
  qualityAssurance,
  softwareDevelopment,
} from './technology';

export type { JobFamily, JobFamilyTitle, Sector, SectorInfo } from './types';
export { CONSULTANT_WORDS, SECTORS } from './sectors';

/** Every family. The demo generator draws from them in this order: keep it. */
export const JOB_FAMILIES: readonly JobFamily[] = [
  softwareDevelopment,
  dataScience,
  analytics,
  cloudDevOps,
  itHardware,
  customerService,
  sales,
  marketing,
  accounting,
  banking,
  humanResources,
  production,
  siteEngineering,
  healthcare,
  hospitality,
  logistics,
  supplyChain,
  teaching,
  retail,
  design,
  qualityAssurance,
  legal,
  cyberSecurity,
  frontOffice,
];

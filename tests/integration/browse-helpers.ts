/** JobPosting lines for the browse pages' tests: employers, functions, industries, salaries. */
import type { Db } from '~/server/db/client';
import { importJobLines } from '~/server/jobs/import';

export const NOW = new Date('2026-03-01T12:00:00Z');

export interface PostingSpec {
  id: string;
  title?: string;
  company: string;
  logo?: string;
  website?: string;
  city?: string;
  country?: string;
  industry?: string;
  category?: string;
  salary?: { min: number; max: number; currency?: string; unit?: string };
  months?: number;
  walkin?: boolean;
}

export function posting(s: PostingSpec): Record<string, unknown> {
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    identifier: { '@type': 'PropertyValue', name: 'feed', value: s.id },
    title: s.title ?? `Java Developer ${s.id}`,
    description: '<p>Build services.</p>',
    datePosted: '2026-02-20',
    validThrough: '2026-12-30T00:00',
    employmentType: 'FULL_TIME',
    hiringOrganization: {
      '@type': 'Organization',
      name: s.company,
      ...(s.website ? { sameAs: s.website } : {}),
      ...(s.logo ? { logo: s.logo } : {}),
    },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: s.city ?? 'Pune',
        addressCountry: s.country ?? 'IN',
      },
    },
    ...(s.salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: s.salary.currency ?? 'INR',
            value: {
              '@type': 'QuantitativeValue',
              minValue: s.salary.min,
              maxValue: s.salary.max,
              unitText: s.salary.unit ?? 'YEAR',
            },
          },
        }
      : {}),
    skills: 'Java, Spring',
    industry: s.industry ?? 'IT / Computers - Software',
    occupationalCategory: s.category ?? 'Software Development',
    ...(s.months !== undefined
      ? {
          experienceRequirements: {
            '@type': 'OccupationalExperienceRequirements',
            monthsOfExperience: s.months,
          },
        }
      : {}),
  };
}

export async function importPostings(db: Db, specs: PostingSpec[]): Promise<void> {
  const summary = await importJobLines(
    db,
    specs.map((s) => JSON.stringify(posting(s))),
    { now: NOW },
  );
  if (summary.skipped > 0) throw new Error(JSON.stringify(summary.errors));
}

/**
 * schema.org JobPosting for a job page, as Google's job search reads it
 * (https://developers.google.com/search/docs/appearance/structured-data/job-posting):
 * required title, description (HTML), datePosted, hiringOrganization, jobLocation (with
 * address.addressCountry); recommended validThrough, employmentType, baseSalary (only when the
 * employer shows it), identifier, directApply.
 */
import { INDUSTRIES } from '~/lib/reference-lists';
import type { JobType, SalaryPeriod } from '~/server/jobs/service';
import type { JobWithCompany } from '~/server/jobs/service';

/** Google's employmentType values for our job types. */
export const EMPLOYMENT_TYPES: Record<JobType, string> = {
  full_time: 'FULL_TIME',
  part_time: 'PART_TIME',
  contract: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  internship: 'INTERN',
  freelance: 'CONTRACTOR',
  volunteer: 'VOLUNTEER',
  other: 'OTHER',
};

const UNIT_TEXT: Record<SalaryPeriod, string> = {
  hour: 'HOUR',
  day: 'DAY',
  week: 'WEEK',
  month: 'MONTH',
  year: 'YEAR',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The plain-text description (paragraphs split by blank lines, bullet lines "- ") as the HTML
 * Google asks for: <p> per paragraph, <ul><li> for bullet lines, text escaped.
 */
export function descriptionHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const lines = p.split('\n').map((l) => l.trim());
      const items = lines.filter((l) => l.startsWith('- '));
      if (items.length === 0) return `<p>${escapeHtml(lines.join(' '))}</p>`;
      const lead = lines.filter((l) => !l.startsWith('- '));
      return `${lead.length ? `<p>${escapeHtml(lead.join(' '))}</p>` : ''}<ul>${items
        .map((l) => `<li>${escapeHtml(l.slice(2))}</li>`)
        .join('')}</ul>`;
    })
    .join('');
}

const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

export interface JobPostingOptions {
  /** Absolute canonical URL of the job page. */
  url: string;
  /** The portal's brand name (the identifier's namespace). */
  brandName: string;
}

export function jobPostingJsonLd(job: JobWithCompany, options: JobPostingOptions): object {
  const places = job.locations.length > 0 ? job.locations : [null];
  const showSalary = !job.salaryHidden && (job.salaryMin !== null || job.salaryMax !== null);
  const industry = INDUSTRIES.find((i) => i.id === job.industryId)?.value;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: descriptionHtml(job.description),
    datePosted: iso(job.postedAt),
    ...(job.expiresAt ? { validThrough: iso(job.expiresAt) } : {}),
    employmentType: EMPLOYMENT_TYPES[job.jobType] ?? 'OTHER',
    hiringOrganization: {
      '@type': 'Organization',
      name: job.companyName,
      ...(job.company.websiteUrl ? { sameAs: job.company.websiteUrl } : {}),
      ...(job.company.logoUrl ? { logo: job.company.logoUrl } : {}),
    },
    jobLocation: places.map((city) => ({
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(city ? { addressLocality: city } : {}),
        addressCountry: job.countryCode,
      },
    })),
    ...(showSalary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: job.salaryCurrency,
            value: {
              '@type': 'QuantitativeValue',
              ...(job.salaryMin !== null ? { minValue: job.salaryMin } : {}),
              ...(job.salaryMax !== null ? { maxValue: job.salaryMax } : {}),
              ...(job.salaryPeriod ? { unitText: UNIT_TEXT[job.salaryPeriod] } : {}),
            },
          },
        }
      : {}),
    identifier: { '@type': 'PropertyValue', name: options.brandName, value: String(job.id) },
    directApply: true,
    url: options.url,
    ...(job.experienceMin !== null && job.experienceMin > 0
      ? {
          experienceRequirements: {
            '@type': 'OccupationalExperienceRequirements',
            monthsOfExperience: job.experienceMin * 12,
          },
        }
      : {}),
    ...(job.skills.length > 0 ? { skills: job.skills.join(', ') } : {}),
    ...(industry ? { industry } : {}),
  };
}

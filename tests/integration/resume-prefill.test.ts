/**
 * An uploaded resume pre-fills the registration steps with the fields the parser is sure of
 * (labelled city, notice period and salary in the site's currency) and only suggests the others.
 */
import type { APIContext } from 'astro';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskStorage, type StorageAdapter } from '~/server/adapters/storage';
import { ensureCountries } from '~/server/db/countries';
import { users } from '~/server/db/schema';
import { createResumeUploadRoute, GUEST_COOKIE } from '~/server/resumes/http';
import {
  educationPrefill,
  employmentPrefill,
  personalPrefill,
  preferencePrefill,
} from '~/server/resumes/prefill';
import { claimGuestResumes, latestResume } from '~/server/resumes/service';
import { backends, useFreshDb } from './db';

const UPLOAD_URL =
  'http://rexmonster.localhost/api/falcon/api/public/users/v1/upload-and-parse-resume';
const INDIA = { context: 'rexmonster', currency: 'INR' };

const SURE = `Asha Rao
asha.rao@example.com | +91 98450 12345
Current Location: Bangalore
Notice Period: 30 days
Current CTC: 18 LPA
Expected CTC: 24 LPA

Work Experience
Area Sales Manager | Hindustan Unilever Limited | Jul 2016 - Present

Education
MBA, Symbiosis Institute of Business Management, 2016

Key Skills
Trade Marketing, FMCG Sales, Distribution`;

// The same facts, but nothing labelled: offered as suggestions only.
const UNSURE = `Asha Rao
Bangalore | asha.rao@example.com
Available to join after a notice period of 60 days; drawing a CTC of 18 LPA.

Work Experience
Area Sales Manager | Hindustan Unilever Limited | Jul 2016 - Present`;

describe.each(backends)('resume pre-fill of registration (%s)', (backend) => {
  const t = useFreshDb(backend);
  let root: string;
  let storage: StorageAdapter;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'jp-prefill-'));
    storage = diskStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Uploads as a guest, registers, claims the upload: the user's latest resume as the steps read it. */
  async function uploadAndRegister(text: string, email: string) {
    const jar = new Map<string, string>();
    const form = new FormData();
    form.append('file', new File([new TextEncoder().encode(text)], 'resume.txt'));
    const request = new Request(UPLOAD_URL, { method: 'POST', body: form });
    const route = createResumeUploadRoute({
      db: t.db,
      storage,
      rule: { name: 'resume-upload:prefill-test', limit: 100, windowSeconds: 3600 },
    });
    const response = await route({
      request,
      url: new URL(request.url),
      cookies: {
        get: (name: string) => (jar.has(name) ? { value: jar.get(name)! } : undefined),
        set: (name: string, value: string) => void jar.set(name, value),
      },
      locals: {
        user: null,
        site: { context: 'rexmonster', country: { defaultCountryCode: '91' } },
      },
      clientAddress: '203.0.113.9',
    } as unknown as APIContext);
    const body = (await response.json()) as { data: { parsed: Record<string, unknown> } };
    await ensureCountries(t.db);
    const [user] = await t.db
      .insert(users)
      .values({ email, siteContext: 'rexmonster' })
      .returning();
    await claimGuestResumes(jar.get(GUEST_COOKIE)!, user!.id, { db: t.db });
    return {
      answer: body.data.parsed,
      parsed: (await latestResume(user!.id, { db: t.db }))!.parsed,
    };
  }

  it('fills employment, education, personal and preference steps with the sure fields', async () => {
    const { answer, parsed } = await uploadAndRegister(SURE, 'asha@example.com');
    // The upload answer keeps its fields and adds the new ones.
    expect(answer).toMatchObject({
      name: 'Asha Rao',
      email: 'asha.rao@example.com',
      city: { city: 'Bengaluru', country: 'IN' },
      noticePeriod: { days: 30 },
      salary: { amount: 1_800_000, currency: 'INR', mode: 'annual' },
    });
    expect(employmentPrefill(parsed, INDIA)).toEqual({
      values: {
        designation: 'Area Sales Manager',
        company: 'Hindustan Unilever Limited',
        noticePeriod: '30',
        currentSalary: '1800000',
        salaryMode: 'annually',
      },
      suggestions: {},
    });
    expect(personalPrefill(parsed, INDIA)).toEqual({
      values: { currentLocation: 'Bengaluru' },
      suggestions: {},
    });
    expect(educationPrefill(parsed).values).toEqual({
      institute: 'Symbiosis Institute of Business Management',
      passingYear: '2016',
    });
    expect(preferencePrefill(parsed, INDIA).values).toEqual({
      skills: 'Trade Marketing, FMCG Sales, Distribution',
      preferredLocations: 'Bengaluru',
    });
  });

  it('only suggests what the resume does not state plainly, or what is not of the site', async () => {
    const { parsed } = await uploadAndRegister(UNSURE, 'asha2@example.com');
    const employment = employmentPrefill(parsed, INDIA);
    expect(employment.values).not.toHaveProperty('noticePeriod');
    expect(employment.values).not.toHaveProperty('currentSalary');
    expect(employment.suggestions).toEqual({
      noticePeriod: '60',
      currentSalary: 'INR 1800000',
      salaryMode: 'annually',
    });
    expect(personalPrefill(parsed, INDIA)).toEqual({
      values: {},
      suggestions: { currentLocation: 'Bengaluru' },
    });
    // A Gulf site never takes an Indian city or an INR salary into its own fields.
    const gulf = { context: 'monstergulf', currency: 'AED' };
    expect(personalPrefill(parsed, gulf).values).toEqual({});
    expect(employmentPrefill(parsed, gulf).values).not.toHaveProperty('currentSalary');
  });
});

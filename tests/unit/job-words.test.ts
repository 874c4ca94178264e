/**
 * Job words in the page's language (lib/format/job-words.ts, decision 0087): titles, skills,
 * functions and industries by the names the portal has for them, the rest as written; and the
 * list a page check looks for, which every job family title belongs to.
 */
import { describe, expect, it } from 'vitest';
import { jobWord, namedJobWords } from '~/lib/format/job-words';
import { TITLE_NAMES } from '~/lib/names';
import { INDUSTRIES, JOB_FUNCTIONS } from '~/lib/reference-lists';
import { JOB_FAMILIES } from '~/server/reference/job-families';
import { getT, type Translate } from '~/lib/i18n';
import { filterValueLabel } from '~/lib/search/labels';
import type { FilterKey } from '~/lib/search/state';
import type { Lang } from '~/lib/sites/schema';
import { siteByKey } from '../../sites/index';

const india = siteByKey('india')!;
const gulf = siteByKey('gulf')!;

describe('jobWord', () => {
  it('names titles, skills, functions and industries in Hindi and Arabic', () => {
    expect(jobWord('Sales Executive', 'hi')).toBe('सेल्स एग्जीक्यूटिव');
    expect(jobWord('Sales Executive', 'ar')).toBe('مندوب مبيعات');
    expect(jobWord('Tax Consultant', 'ar')).toBe('مستشار ضرائب');
    expect(jobWord('Tally', 'hi')).toBe('टैली');
    expect(jobWord('Communication Skills', 'hi')).toBe('संचार कौशल');
    expect(jobWord('ITES / BPO / Customer Service / Telecalling', 'ar')).toBe(
      'خدمات تقنية المعلومات / التعهيد / خدمة العملاء / الاتصال الهاتفي',
    );
    expect(jobWord('Banking / Financial Services', 'hi')).not.toBe('Banking / Financial Services');
  });

  it('names a seniority before a named title, in the order of the language', () => {
    expect(jobWord('Senior Node.js Developer', 'hi')).toBe('सीनियर नोड जेएस डेवलपर');
    expect(jobWord('Senior Accountant', 'ar')).toBe(`${jobWord('Accountant', 'ar')} أول`);
    expect(jobWord('Junior Data Entry Operator', 'hi')).toBe(
      `जूनियर ${jobWord('Data Entry Operator', 'hi')}`,
    );
    expect(jobWord('Data Entry Operator Intern', 'ar')).toBe(
      `${jobWord('Data Entry Operator', 'ar')} متدرب`,
    );
    expect(jobWord('Senior Kubernetes Wizard', 'ar')).toBe('Senior Kubernetes Wizard');
    expect(jobWord('Intern', 'hi')).toBe('Intern');
    expect(jobWord('Senior', 'hi')).toBe('Senior');
  });

  it('reads the data as it is spelt, case and spaces aside', () => {
    expect(jobWord('java  developer ', 'hi')).toBe('जावा डेवलपर');
    expect(jobWord('JAVA DEVELOPER', 'ar')).toBe('مطور جافا');
  });

  it('leaves English, words it has no name for and employers\u2019 own titles as written', () => {
    expect(jobWord('Sales Executive', 'en')).toBe('Sales Executive');
    expect(jobWord('Kubernetes', 'hi')).toBe('Kubernetes');
    expect(jobWord('Senior Sales Executive - Dubai Mall', 'ar')).toBe(
      'Senior Sales Executive - Dubai Mall',
    );
    expect(jobWord('', 'ar')).toBe('');
  });

  it('has a name for every job family title, function and industry in both languages', () => {
    for (const lang of ['hi', 'ar'] as const) {
      const named = new Set(namedJobWords(lang));
      const titles = JOB_FAMILIES.flatMap((f) => f.titles.map((t) => t.title));
      const missing = [...titles, ...JOB_FUNCTIONS, ...INDUSTRIES]
        .map((x) => (typeof x === 'string' ? x : x.value))
        .filter((w) => !named.has(w));
      expect(missing, lang).toEqual([]);
      expect(named.has('Kubernetes')).toBe(false);
    }
    expect(TITLE_NAMES.length).toBeGreaterThan(100);
  });
});

describe('qualifications and filter values', () => {
  it('has a Hindi and an Arabic name for every qualification jobs ask for', () => {
    const quals = new Set(JOB_FAMILIES.flatMap((f) => [...f.qualIndia, ...f.qualIntl]));
    for (const lang of ['hi', 'ar'] as const) {
      const missing = [...quals].filter((q) => jobWord(q, lang) === q);
      expect(missing, lang).toEqual([]);
    }
    expect(jobWord('B.Com', 'hi')).toBe('बी.कॉम');
    expect(jobWord('MBA/PGDM (Finance)', 'ar')).toBe('ماجستير إدارة أعمال (مالية)');
  });

  it('labels facet and chip values that are job words in the page language', () => {
    const hi = {
      t: getT('hi') as unknown as Translate,
      page: { lang: 'hi' as Lang, site: india },
    };
    const ar = { t: getT('ar') as unknown as Translate, page: { lang: 'ar' as Lang, site: gulf } };
    const label = (p: typeof hi, key: FilterKey, value: string, facetLabel?: string) =>
      filterValueLabel(p.t, key, value, facetLabel, p.page);
    expect(label(hi, 'roles', 'Tax Consultant')).toBe(jobWord('Tax Consultant', 'hi'));
    expect(label(ar, 'roles', 'Customer Service Executive')).toBe('ممثل خدمة العملاء');
    expect(label(hi, 'skills', 'Tally')).toBe('टैली');
    expect(label(ar, 'designations', 'Sales Executive')).toBe('مندوب مبيعات');
    expect(label(hi, 'qualifications', 'B.Com')).toBe('बी.कॉम');
    expect(label(ar, 'industries', '30', 'Insurance')).toBe('التأمين');
    expect(label(hi, 'jobCities', 'Pune')).toBe('पुणे');
    // What employers wrote and words without a name stay as written.
    expect(label(ar, 'companies', 'Gulf Sales LLC')).toBe('Gulf Sales LLC');
    expect(label(ar, 'skills', 'Kubernetes')).toBe('Kubernetes');
  });
});

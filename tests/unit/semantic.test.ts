import { describe, expect, it } from 'vitest';
import { siteByContext } from '../../sites';
import { asciiDigits, extractSemantic } from '~/server/search/semantic';

const india = siteByContext('rexmonster')!;
const gulf = siteByContext('monstergulf')!;

describe('extractSemantic', () => {
  it('splits an English request into keywords, city and years', () => {
    expect(
      extractSemantic('find me java developer jobs in Pune with 3 years experience', india),
    ).toEqual({ keywords: 'java developer', location: 'Pune', experience: 3 });
    expect(extractSemantic('Show sales executive jobs near Navi Mumbai 5 yrs', india)).toEqual({
      keywords: 'sales executive',
      location: 'Navi Mumbai',
      experience: 5,
    });
  });

  it('reads fresher and entry level as no experience', () => {
    expect(extractSemantic('fresher accountant jobs in Chennai', india)).toEqual({
      keywords: 'accountant',
      location: 'Chennai',
      experience: 0,
    });
    expect(extractSemantic('entry level data analyst', india).experience).toBe(0);
  });

  it('knows other names of cities and gives back the one jobs use', () => {
    expect(extractSemantic('python jobs in bangalore', india).location).toBe('Bengaluru');
    expect(extractSemantic('nurse vacancies in gurgaon', india).location).toBe('Gurugram');
  });

  it('caps experience at 50 and takes the first number of a range', () => {
    expect(extractSemantic('manager 60 years', india).experience).toBe(50);
    expect(extractSemantic('team lead 3-5 years', india).experience).toBe(3);
  });

  it('handles Hindi words and Devanagari digits', () => {
    expect(extractSemantic('मुंबई में अकाउंटेंट नौकरी ३ साल अनुभव', india)).toEqual({
      keywords: 'अकाउंटेंट',
      location: 'Mumbai',
      experience: 3,
    });
  });

  it('handles Arabic words, Arabic-Indic digits and clitics on city names', () => {
    expect(extractSemantic('وظائف محاسب في دبي خبرة ٥ سنوات', gulf)).toEqual({
      keywords: 'محاسب',
      location: 'Dubai',
      experience: 5,
    });
    expect(extractSemantic('ممرضة بالرياض', gulf).location).toBe('Riyadh');
    expect(extractSemantic('ممرضة بدبي', gulf).location).toBe('Dubai');
  });

  it('knows the Gulf countries on the Gulf site only', () => {
    expect(extractSemantic('engineer jobs in saudi arabia', gulf).location).toBe('Saudi Arabia');
    expect(extractSemantic('engineer jobs in saudi arabia', india).location).toBe('');
  });

  it('leaves keywords empty when only filler was said', () => {
    expect(extractSemantic('find me jobs please', india)).toEqual({
      keywords: '',
      location: '',
      experience: null,
    });
  });
});

describe('asciiDigits', () => {
  it('turns Devanagari and Arabic digits into ASCII', () => {
    expect(asciiDigits('१२३ ٤٥٦ ۷۸۹ 0')).toBe('123 456 789 0');
  });
});

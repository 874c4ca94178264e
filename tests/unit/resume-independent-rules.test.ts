/**
 * Layouts the independent corpus (tests/fixtures/resumes/independent) showed the parser missing:
 * Arabic commas between job title and employer and in a qualification, a Devanagari M.Com, a
 * city line joined by a dash, and a city whose own name has the word "City".
 */
import { describe, expect, it } from 'vitest';
import { parseResumeText } from '~/server/resumes/parse';

const NOW = new Date('2026-11-21T10:00:00Z');

describe('rules from the independent corpus', () => {
  it('splits a job line and a qualification at Arabic commas', () => {
    const parsed = parseResumeText(
      [
        'نورة سالم العنزي',
        'الخبرة المهنية',
        'أخصائي موارد بشرية، بنك الكويت الوطني',
        'مارس 2021 - حتى الآن',
        'المؤهل العلمي',
        'بكالوريوس إدارة الأعمال، جامعة الكويت، 2017',
      ].join('\n'),
      { now: NOW },
    );
    expect(parsed.designation).toBe('أخصائي موارد بشرية');
    expect(parsed.company).toBe('بنك الكويت الوطني');
    expect(parsed.education[0]).toEqual({
      degree: 'بكالوريوس إدارة الأعمال',
      institute: 'جامعة الكويت',
      year: 2017,
    });
  });

  it('reads a master of commerce written in Devanagari', () => {
    const parsed = parseResumeText('पूजा शर्मा\n\nशैक्षणिक योग्यता\nएम.कॉम, राजस्थान विश्वविद्यालय, 2018', {
      now: NOW,
    });
    expect(parsed.education[0]).toEqual({
      degree: 'एम.कॉम',
      institute: 'राजस्थान विश्वविद्यालय',
      year: 2018,
    });
  });

  it('finds the city on a line joined by a dash, and one whose name has "City" in it', () => {
    expect(parseResumeText('سالم خميس البلوشي\nمسقط - سلطنة عمان').city?.city).toBe('Muscat');
    expect(
      parseResumeText('JOCELYN BAUTISTA\nQuezon City, Metro Manila\njb@mail.test').city?.city,
    ).toBe('Quezon City');
  });
});

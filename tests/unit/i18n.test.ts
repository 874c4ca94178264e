import { describe, expect, it } from 'vitest';
import { dirOf, getT, localeCode } from '~/lib/i18n';
import { compareWithEnglish, keysOf, resources } from '~/lib/i18n/resources';
import { ALERT_MESSAGES } from '~/lib/validation/alerts';
import { COMMERCE_MESSAGES } from '~/lib/validation/commerce';
import { keyOfMessage } from '~/lib/validation/messages';

describe('translations', () => {
  it('give Hindi and Arabic every English key and no other', () => {
    expect(compareWithEnglish('hi', false)).toEqual([]);
    expect(compareWithEnglish('ar', false)).toEqual([]);
  });

  it('name a Hindi or Arabic key that English no longer has', () => {
    const messages = resources.hi?.alerts?.messages as Record<string, string>;
    messages.retiredKey = 'पुराना संदेश';
    try {
      expect(compareWithEnglish('hi', false)).toEqual([
        'locales/hi/alerts.json has "messages.retiredKey", which English lacks',
      ]);
    } finally {
      delete messages.retiredKey;
    }
  });

  it('give a counted text every CLDR plural form: six in Arabic, two in Hindi', () => {
    const saved = (lang: 'ar' | 'hi', count: number) =>
      getT(lang)('mydata:saved.dashboard', { count });
    expect([0, 1, 2, 3, 11, 100].map((n) => saved('ar', n))).toEqual([
      'لا وظائف محفوظة',
      'وظيفة محفوظة واحدة',
      'وظيفتان محفوظتان',
      '3 وظائف محفوظة',
      '11 وظيفة محفوظة',
      '100 وظيفة محفوظة',
    ]);
    // 110 is 'few' in Arabic (its last two digits are 3-10): وظائف, as in 3.
    const total = (count: number) =>
      getT('ar')('search:results.count', { count, total: count, from: 1, to: 20 });
    expect(total(110)).toBe('عرض 1–20 من أصل 110 وظائف');
    expect(total(111)).toBe('عرض 1–20 من أصل 111 وظيفة');
    expect([0, 1, 2, 5].map((n) => saved('hi', n))).toEqual([
      '0 सेव की गई नौकरी',
      '1 सेव की गई नौकरी',
      '2 सेव की गई नौकरियाँ',
      '5 सेव की गई नौकरियाँ',
    ]);
    // Waits and limits of the account services count too.
    expect(getT('ar')('account:errors.otpCooldown', { seconds: 2, count: 2 })).toBe(
      'يرجى الانتظار ثانيتين قبل طلب رمز جديد.',
    );
  });

  it("name a counted text that lacks one of its language's plural forms", () => {
    const saved = resources.ar?.mydata?.saved as Record<string, string>;
    const few = saved.dashboard_few!;
    delete saved.dashboard_few;
    try {
      expect(compareWithEnglish('ar', false)).toEqual([
        'locales/ar/mydata.json lacks "saved.dashboard_few"',
      ]);
      // Hindi has no 'few': the same key there is one English lacks.
      (resources.hi?.mydata?.saved as Record<string, string>).dashboard_few = 'x';
      expect(compareWithEnglish('hi', false)).toEqual([
        'locales/hi/mydata.json has "saved.dashboard_few", which English lacks',
      ]);
    } finally {
      saved.dashboard_few = few;
      delete (resources.hi?.mydata?.saved as Record<string, string>).dashboard_few;
    }
  });

  it('find a form message by its key, whatever its English text says', () => {
    // The page's key comes from the catalogue the schema's English is written in.
    for (const [key, english] of Object.entries(ALERT_MESSAGES)) {
      expect(keyOfMessage(ALERT_MESSAGES, english)).toBe(key);
    }
    const edited = { ...COMMERCE_MESSAGES, promoInvalid: 'That promo code is not valid.' };
    const key = keyOfMessage(edited, 'That promo code is not valid.');
    expect(key).toBe('promoInvalid');
    expect(getT('hi')(`commerce:validation.${key ?? 'promoInvalid'}`)).toBe(
      resources.hi?.commerce?.validation &&
        (resources.hi.commerce.validation as Record<string, string>).promoInvalid,
    );
    expect(keyOfMessage(COMMERCE_MESSAGES, 'Some other text')).toBeUndefined();
  });

  it('type every key, so a misspelled one fails astro check', () => {
    const t = getT('en');
    // @ts-expect-error: no such key; were keys plain strings again, this line would not compile
    expect(t('header.logn')).toBe('header.logn');
    // @ts-expect-error: a key of another namespace needs its prefix
    expect(t('messages.choiceInvalid')).toBe('messages.choiceInvalid');
    expect(t('alerts:messages.choiceInvalid')).toBe(ALERT_MESSAGES.choiceInvalid);
  });

  it('are real translations, not English copies', () => {
    for (const lang of ['hi', 'ar'] as const) {
      const english = resources.en?.common ?? {};
      const own = resources[lang]?.common ?? {};
      const same = keysOf(english).filter((key) => {
        const read = (tree: object) =>
          key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)?.[k], tree);
        return read(english) === read(own);
      });
      // Product names (social networks, the Aspire section) stay as they are; the rest differs.
      expect(same.filter((k) => !k.startsWith('footer.social.') && k !== 'nav.aspire')).toEqual([]);
    }
  });

  it('lets the newer brand override brand texts only', () => {
    expect(compareWithEnglish('en-dm', true)).toEqual([]);
    const classic = getT('en');
    const dm = getT('en', 'dm');
    expect(dm('brand:tagline')).not.toBe(classic('brand:tagline'));
    expect(dm('header.login')).toBe(classic('header.login'));
    expect(getT('ar', 'dm')('header.login')).toBe(getT('ar')('header.login'));
  });

  it('reads each language and direction', () => {
    expect(getT('hi')('header.login')).toBe('लॉगिन');
    expect(getT('ar')('notFound.heading')).not.toBe(getT('en')('notFound.heading'));
    expect(dirOf('ar')).toBe('rtl');
    expect(dirOf('hi')).toBe('ltr');
    expect(localeCode('hi', 'dm')).toBe('hi-dm');
    expect(localeCode('en', '')).toBe('en');
  });

  it('fills in plurals and values', () => {
    expect(getT('en')('search.experienceYears', { count: 1 })).toBe('1 year');
    expect(getT('en')('search.experienceYears', { count: 5 })).toBe('5 years');
    expect(getT('en')('footer.copyright', { year: 2026, brand: 'JobHarbor' })).toBe(
      '© 2026 JobHarbor. All rights reserved.',
    );
  });
});

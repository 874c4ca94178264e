/**
 * i18next's own typed resources: every `t('ns:key')` is checked against the English files, so
 * `astro check` (and so `npm run check`) fails on a key that does not exist. Hindi and Arabic are
 * checked against English by `tests/unit/i18n.test.ts`.
 */
import type common from '../../../locales/en/common.json';
import type pages from '../../../locales/en/pages.json';
import type brand from '../../../locales/en/brand.json';
import type advice from '../../../locales/en/advice.json';
import type search from '../../../locales/en/search.json';
import type account from '../../../locales/en/account.json';
import type resume from '../../../locales/en/resume.json';
import type profile from '../../../locales/en/profile.json';
import type engagement from '../../../locales/en/engagement.json';
import type commerce from '../../../locales/en/commerce.json';
import type chrome from '../../../locales/en/chrome.json';
import type builder from '../../../locales/en/builder.json';
import type content from '../../../locales/en/content.json';
import type ops from '../../../locales/en/ops.json';
import type alerts from '../../../locales/en/alerts.json';
import type browse from '../../../locales/en/browse.json';
import type mydata from '../../../locales/en/mydata.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      pages: typeof pages;
      brand: typeof brand;
      advice: typeof advice;
      search: typeof search;
      account: typeof account;
      resume: typeof resume;
      profile: typeof profile;
      engagement: typeof engagement;
      commerce: typeof commerce;
      chrome: typeof chrome;
      builder: typeof builder;
      content: typeof content;
      ops: typeof ops;
      alerts: typeof alerts;
      browse: typeof browse;
      mydata: typeof mydata;
    };
  }
}

/** SPEC §3 tracking event payload: every field rule of src/lib/tracking/payload.ts. */
import { describe, expect, it } from 'vitest';
import {
  buildPageView,
  buildPayload,
  loginUserProperty,
  platformOf,
  referralSourceOf,
  referrerOf,
  type PayloadInput,
} from '~/lib/tracking/payload';
import { analyticsTagFor } from '~/lib/tracking/analytics';
import { pageTrackingData } from '~/lib/tracking/page-data';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const base: PayloadInput = {
  pageName: 'results',
  search: '?q=java',
  channelId: 2,
  subchannelId: 2,
  userAgent: DESKTOP,
  documentReferrer: '',
  currentHref: 'https://www.jobharbor.ae/search/results?q=java',
  loggedIn: false,
  now: new Date('2026-03-01T10:20:30.000Z'),
};

describe('tracking payload', () => {
  it('names the page from the route table, language prefix and query ignored', () => {
    const site = { channelId: 2, subchannelId: 2 };
    const nameOf = (path: string) => pageTrackingData(path, site, null).pageName;
    expect(nameOf('/search/results')).toBe('results');
    expect(nameOf('/ar/')).toBe('home');
    expect(nameOf('/hi/job/java-dev-12')).toBe('job-detail');
    expect(nameOf('/trex/')).toBe('home');
    expect(nameOf('/jobs-in-dubai')).toBe('seo-results');
    expect(buildPayload({ ...base, pageName: nameOf('/srp/applied-success') }).page_name).toBe(
      'applied-success',
    );
  });

  it('renders the page facts with the channel ids and, for a seeker, the user property', () => {
    const data = pageTrackingData(
      '/seeker/dashboard',
      { channelId: 4, subchannelId: 7 },
      {
        email: null,
        mobile: '9171234567',
        isdCode: '63',
      },
    );
    expect(data).toEqual({
      pageName: 'dashboard',
      channelId: 4,
      subchannelId: 7,
      loggedIn: true,
      userProperty: { phone: '+639171234567' },
    });
    expect(pageTrackingData('/', { channelId: 1, subchannelId: 1 }, null)).toMatchObject({
      loggedIn: false,
      userProperty: null,
    });
  });

  it('takes campaign_name from spl, empty by default', () => {
    expect(buildPayload(base).campaign_name).toBe('');
    expect(buildPayload({ ...base, search: '?spl=diwali-mailer&q=x' }).campaign_name).toBe(
      'diwali-mailer',
    );
  });

  it('carries the site channel and sub-channel ids and an ISO date_time', () => {
    const p = buildPayload({ ...base, channelId: 4, subchannelId: 9 });
    expect(p.channel_id).toBe(4);
    expect(p.sub_channel_id).toBe(9);
    expect(p.date_time).toBe('2026-03-01T10:20:30.000Z');
  });

  it('says Mobile for phones and tablets, Desktop otherwise', () => {
    expect(platformOf(ANDROID)).toBe('Mobile');
    expect(platformOf(IPAD)).toBe('Mobile');
    expect(platformOf(DESKTOP)).toBe('Desktop');
    expect(buildPayload({ ...base, userAgent: ANDROID }).platform).toBe('Mobile');
  });

  it('uses the document referrer, or the current address when it is empty', () => {
    expect(referrerOf('', base.currentHref)).toBe(base.currentHref);
    expect(referrerOf('  ', base.currentHref)).toBe(base.currentHref);
    expect(buildPayload({ ...base, documentReferrer: 'https://www.google.com/' }).referrer).toBe(
      'https://www.google.com/',
    );
    expect(buildPayload(base).referrer).toBe(base.currentHref);
  });

  it('is guest or user by the login state', () => {
    expect(buildPayload(base).user_type).toBe('guest');
    expect(buildPayload({ ...base, loggedIn: true }).user_type).toBe('user');
  });

  it('adds the five UTM fields to page views only, empty when absent', () => {
    const view = buildPageView({
      ...base,
      search: '?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=java',
    });
    expect(view).toMatchObject({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      utm_term: 'java',
      utm_content: '',
    });
    expect(buildPayload(base)).not.toHaveProperty('utm_source');
  });

  it('classifies search engine referrers, other sites and direct visits', () => {
    expect(referralSourceOf('https://www.google.co.in/search?q=jobs')).toBe('google');
    expect(referralSourceOf('https://in.search.yahoo.com/')).toBe('yahoo');
    expect(referralSourceOf('https://www.bing.com/')).toBe('bing');
    expect(referralSourceOf('https://duckduckgo.com/')).toBe('duckduckgo');
    expect(referralSourceOf('https://www.baidu.com/s')).toBe('baidu');
    expect(referralSourceOf('https://yandex.ru/')).toBe('yandex');
    expect(referralSourceOf('https://news.example.com/a')).toBe('referral');
    expect(referralSourceOf('https://www.jobharbor.ae/x', 'www.jobharbor.ae')).toBe('internal');
    expect(referralSourceOf('not a url')).toBe('direct');
    expect(buildPayload(base).referral_source).toBe('direct');
    expect(
      buildPayload({ ...base, documentReferrer: 'https://www.google.ae/' }).referral_source,
    ).toBe('google');
  });

  it('sends the login user property as email, else phone with its code, none for guests', () => {
    expect(loginUserProperty(null)).toBeNull();
    expect(loginUserProperty({ email: 'a@b.in', mobile: '9876543210', isdCode: '91' })).toEqual({
      email: 'a@b.in',
    });
    expect(loginUserProperty({ email: null, mobile: '501234567', isdCode: '971' })).toEqual({
      phone: '+971501234567',
    });
    // Stored in E.164 (decision 0037): the code is not added twice.
    expect(loginUserProperty({ email: null, mobile: '+6591234567', isdCode: '65' })).toEqual({
      phone: '+6591234567',
    });
  });
});

describe('analytics tag per site', () => {
  it('loads nothing when the site has no tag configured', () => {
    expect(analyticsTagFor('india', {})).toBeNull();
    expect(analyticsTagFor('india', { ga4Ids: { gulf: 'G-ABCD1234' } })).toBeNull();
    expect(analyticsTagFor('india', { matomoSiteIds: { india: '3' } })).toBeNull();
  });

  it('picks GA4 by measurement id, else Matomo by URL and site id', () => {
    expect(analyticsTagFor('gulf', { ga4Ids: { gulf: 'G-ABCD1234' } })).toMatchObject({
      kind: 'ga4',
      scriptUrl: 'https://www.googletagmanager.com/gtag/js?id=G-ABCD1234',
    });
    expect(
      analyticsTagFor('india', {
        matomoUrl: 'https://stats.example.com/',
        matomoSiteIds: { india: '3' },
      }),
    ).toMatchObject({
      kind: 'matomo',
      siteId: '3',
      scriptUrl: 'https://stats.example.com/matomo.js',
      origins: ['https://stats.example.com'],
    });
  });
});

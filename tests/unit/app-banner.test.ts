/** SPEC §2 app-download banner rules and the A/B variant hashing. */
import { describe, expect, it } from 'vitest';
import { appBannerFor, appBannerLabel, deepLink, storeFor } from '~/lib/chrome/app-banner';
import { fnv1a, pickVariant } from '~/lib/chrome/ab';
import { ROUTE_TABLE, pageNameFromPath } from '~/lib/page-name';

const none = new URLSearchParams();
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36';

describe('app banner', () => {
  it('shows on home, results, dashboard, SEO search and applied-success with their labels', () => {
    expect(appBannerLabel(pageNameFromPath('/'))).toBe('Home_Screen');
    expect(appBannerLabel(pageNameFromPath('/search/results'))).toBe('SRP');
    expect(appBannerLabel(pageNameFromPath('/seeker/dashboard'))).toBe('Recommended jobs');
    expect(appBannerLabel(pageNameFromPath('/java-jobs-in-pune'))).toBe('SEO_SRP');
    expect(appBannerLabel(pageNameFromPath('/srp/applied-success'))).toBe('Apply success');
  });

  it('hides on registration steps, premium services, job detail and every other page', () => {
    for (const path of [
      '/seeker/registration',
      '/seeker/personal',
      '/seeker/job-preference',
      '/career-services',
      '/job/java-developer-acme-123',
      '/seeker/job-details',
      '/seeker/profile',
      '/rio/login',
    ]) {
      expect(appBannerLabel(pageNameFromPath(path)), path).toBeNull();
    }
    const shown = ROUTE_TABLE.filter((r) => appBannerLabel(r.page) !== null).map((r) => r.page);
    expect(new Set(shown)).toEqual(
      new Set(['home', 'dashboard', 'results', 'walkin', 'applied-success']),
    );
  });

  it('hides with app=true and while the AD cookie lives', () => {
    expect(
      appBannerFor({ page: 'home', search: none, closedCookie: undefined, userAgent: PHONE }),
    ).toBe('Home_Screen');
    expect(
      appBannerFor({
        page: 'home',
        search: new URLSearchParams('app=true'),
        closedCookie: undefined,
        userAgent: PHONE,
      }),
    ).toBeNull();
    expect(
      appBannerFor({
        page: 'home',
        search: new URLSearchParams('app=TRUE'),
        closedCookie: undefined,
        userAgent: PHONE,
      }),
    ).toBeNull();
    expect(
      appBannerFor({ page: 'home', search: none, closedCookie: '1', userAgent: PHONE }),
    ).toBeNull();
    expect(
      appBannerFor({
        page: 'results',
        search: new URLSearchParams('app=false'),
        closedCookie: undefined,
        userAgent: PHONE,
      }),
    ).toBe('SRP');
  });

  it('is the mobile web prompt: never on a desktop', () => {
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
    expect(
      appBannerFor({ page: 'home', search: none, closedCookie: undefined, userAgent: desktop }),
    ).toBeNull();
    expect(
      appBannerFor({
        page: 'home',
        search: none,
        closedCookie: undefined,
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
      }),
    ).toBe('Home_Screen');
  });

  it('builds the deep link from path, query and the optional email', () => {
    expect(deepLink('jobharbor', '/search/results', '?q=java&app=true')).toBe(
      'jobharbor://open/search/results?q=java',
    );
    expect(deepLink('jobharbor', '/', '', 'a+b@x.in')).toBe('jobharbor://open/?email=a%2Bb%40x.in');
  });

  it('falls back to the store of Android or iOS only', () => {
    expect(storeFor('Mozilla/5.0 (Linux; Android 14)')).toBe('android');
    expect(storeFor('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(storeFor('Mozilla/5.0 (X11; Linux x86_64)')).toBeNull();
  });
});

describe('A/B variants', () => {
  const spec = {
    variants: [
      { name: 'A', weight: 1 },
      { name: 'B', weight: 1 },
    ],
  };

  it('gives a visitor the same variant every time, per experiment', () => {
    const first = pickVariant('visitor-1234567890abcdef', 'home-hero', spec);
    for (let i = 0; i < 5; i++)
      expect(pickVariant('visitor-1234567890abcdef', 'home-hero', spec)).toBe(first);
    expect(fnv1a('home-hero:x')).toBe(fnv1a('home-hero:x'));
    expect(fnv1a('a')).not.toBe(fnv1a('b'));
  });

  it('splits visitors roughly by weight', () => {
    const counts = { A: 0, B: 0 } as Record<string, number>;
    for (let i = 0; i < 4000; i++) counts[pickVariant(`v${i}-abcdefghijklmnop`, 'exp', spec)]! += 1;
    expect(counts.A).toBeGreaterThan(1700);
    expect(counts.B).toBeGreaterThan(1700);
    const weighted = {
      variants: [
        { name: 'A', weight: 9 },
        { name: 'B', weight: 1 },
      ],
    };
    let b = 0;
    for (let i = 0; i < 4000; i++)
      if (pickVariant(`v${i}-abcdefghijklmnop`, 'exp', weighted) === 'B') b++;
    expect(b).toBeGreaterThan(250);
    expect(b).toBeLessThan(650);
  });
});

/** The first-visit splash screen's rules: phones only, once a day, never crawlers or audits. */
import { describe, expect, it } from 'vitest';
import { showSplash } from '~/lib/chrome/splash';

const PHONE =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const LIGHTHOUSE = `${PHONE} Chrome-Lighthouse`;
const GOOGLEBOT =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('showSplash', () => {
  it('shows on a phone on a site with a splash, the first time that day', () => {
    expect(showSplash({ enabled: true, cookie: undefined, userAgent: PHONE })).toBe(true);
  });

  it('stays away once shown, on desktops, on sites without one, and for crawlers and audits', () => {
    expect(showSplash({ enabled: true, cookie: '1', userAgent: PHONE })).toBe(false);
    expect(showSplash({ enabled: true, cookie: undefined, userAgent: DESKTOP })).toBe(false);
    expect(showSplash({ enabled: false, cookie: undefined, userAgent: PHONE })).toBe(false);
    expect(showSplash({ enabled: true, cookie: undefined, userAgent: LIGHTHOUSE })).toBe(false);
    expect(showSplash({ enabled: true, cookie: undefined, userAgent: GOOGLEBOT })).toBe(false);
  });
});

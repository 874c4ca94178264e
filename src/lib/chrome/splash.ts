/**
 * The first-visit splash screen's rules: a phone's first page of the day on a site that has a
 * splash (site.app.splash), never for crawlers or audits (they get the page as it is), never again
 * that day once shown (the SPL cookie, set when it is shown), and closable without script (a
 * <dialog> closed by its own form).
 */
import { platformOf } from '~/lib/tracking/payload';

/** Set when the splash is shown: it stays away for a day. */
export const SPLASH_COOKIE = 'SPL';
export const SPLASH_HIDE_SECONDS = 24 * 60 * 60;

/** Crawlers, previews and audits (Lighthouse) see the page itself. */
const ROBOT = /bot|crawl|spider|slurp|lighthouse|pagespeed|headless|preview|facebookexternalhit/i;

export interface SplashRequest {
  /** The site configures a splash screen. */
  enabled: boolean;
  /** Value of the SPL cookie, if any. */
  cookie: string | undefined;
  userAgent: string;
}

export function showSplash({ enabled, cookie, userAgent }: SplashRequest): boolean {
  if (!enabled || cookie) return false;
  if (ROBOT.test(userAgent)) return false;
  return platformOf(userAgent) === 'Mobile';
}

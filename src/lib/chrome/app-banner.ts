/**
 * The app-download banner's rules (SPEC §2, §9), shared by the server (which decides whether to
 * render it, so there is no flash) and the banner's small browser script (deep link, store).
 */
import type { PageName } from '~/lib/page-name';
import { platformOf } from '~/lib/tracking/payload';

/** Cookie set when the banner is closed; while it lives the banner stays hidden. */
export const APP_BANNER_COOKIE = 'AD';
/** SPEC §9: hidden for 1 day once closed. */
export const APP_BANNER_HIDE_SECONDS = 24 * 60 * 60;
/** SPEC §9: store fallback after 5 seconds; slide within 30 px of the page bottom. */
export const STORE_FALLBACK_MS = 5000;
export const SLIDE_TRIGGER_PX = 30;

/** Tracking labels of the pages that show the banner (SPEC §2); every other page hides it. */
const LABELS: Partial<Record<PageName, string>> = {
  home: 'Home_Screen',
  results: 'SRP',
  walkin: 'SRP',
  dashboard: 'Recommended jobs',
  'seo-results': 'SEO_SRP',
  'applied-success': 'Apply success',
};

/** The banner's tracking label for a page, or null when the page never shows it. */
export function appBannerLabel(page: PageName): string | null {
  return LABELS[page] ?? null;
}

export interface BannerRequest {
  page: PageName;
  /** The request's query string (app=true hides the banner). */
  search: URLSearchParams;
  /** Value of the AD cookie, if any. */
  closedCookie: string | undefined;
  /** The banner is the mobile web's prompt (SPEC §1): desktops never get it. */
  userAgent: string;
}

/** The label to render the banner with, or null when it must not be shown on this request. */
export function appBannerFor({
  page,
  search,
  closedCookie,
  userAgent,
}: BannerRequest): string | null {
  if (closedCookie) return null;
  if (platformOf(userAgent) !== 'Mobile') return null;
  if (search.get('app')?.toLowerCase() === 'true') return null;
  return appBannerLabel(page);
}

/**
 * The deep link into the app for the current page: scheme://open + path + query, with the
 * seeker's email added as an `email` parameter when known (SPEC §2). app=true is dropped so the
 * app's own web views don't loop back.
 */
export function deepLink(scheme: string, path: string, query: string, email?: string): string {
  const params = new URLSearchParams(query);
  params.delete('app');
  if (email) params.set('email', email);
  const qs = params.toString();
  return `${scheme}://open${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

/** The store for a user agent: android, ios, or null for desktops (no store fallback). */
export function storeFor(userAgent: string): 'android' | 'ios' | null {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return null;
}

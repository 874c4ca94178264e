/**
 * The browser's analytics queue (SPEC §3: events go to a third-party analytics queue). Events
 * wait in `window.jpq`; the analytics tag configured for the site (GA4 or Matomo) drains it, and
 * with none configured they simply stay in the page. The page's fixed facts (channel ids, login
 * state, the login user property) come from the JSON block the page shell renders.
 */
import { buildPageView, buildPayload, type PayloadInput } from './payload';
import { TRACKING_DATA_ID, type PageTrackingData } from './page-data';
import { hasSignedInHint } from '~/lib/auth/signed-in-hint';

export interface QueuedEvent {
  event: string;
  [field: string]: unknown;
}

declare global {
  interface Window {
    jpq?: QueuedEvent[];
  }
}

function pageData(): PageTrackingData {
  const node = document.getElementById(TRACKING_DATA_ID);
  try {
    return JSON.parse(node?.textContent ?? '{}') as PageTrackingData;
  } catch {
    return { pageName: 'not-found', channelId: 0, subchannelId: 0, loggedIn: false };
  }
}

function inputFromPage(data: PageTrackingData): PayloadInput {
  return {
    pageName: data.pageName,
    search: location.search,
    channelId: data.channelId,
    subchannelId: data.subchannelId,
    userAgent: navigator.userAgent,
    documentReferrer: document.referrer,
    currentHref: location.href,
    loggedIn: data.loggedIn ?? hasSignedInHint(),
  };
}

function queue(): QueuedEvent[] {
  window.jpq ??= [];
  return window.jpq;
}

/** Queues an event with the SPEC §3 fields and its own. */
export function track(event: string, fields: Record<string, unknown> = {}): void {
  queue().push({ event, ...buildPayload(inputFromPage(pageData())), ...fields });
}

/** Queues the page view (with UTM fields) and, for a logged-in seeker, the login user property. */
export function trackPageView(): void {
  const data = pageData();
  queue().push({ event: 'page_view', ...buildPageView(inputFromPage(data)) });
  if (data.userProperty) queue().push({ event: 'user_property', ...data.userProperty });
}

/**
 * The tracking event payload of SPEC §3, as plain functions the server and the browser share.
 * Events go to the browser's analytics queue (see queue.ts), never to a product endpoint.
 * The page name is worked out on the server (page-data.ts), so the route table stays out of the
 * browser's script.
 */
import type { PageName } from '~/lib/page-name';

export const UTM_FIELDS = [
  'utm_campaign',
  'utm_medium',
  'utm_source',
  'utm_content',
  'utm_term',
] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

export type Platform = 'Mobile' | 'Desktop';
export type UserType = 'guest' | 'user';

export interface TrackingPayload {
  page_name: PageName;
  campaign_name: string;
  channel_id: number;
  sub_channel_id: number;
  date_time: string;
  platform: Platform;
  referrer: string;
  user_type: UserType;
  /** Where the visitor came from: a search engine's name, 'referral', or 'direct'. */
  referral_source: string;
}

export type PageViewPayload = TrackingPayload & Record<UtmField, string>;

/** SPEC §3: Mobile for a phone or tablet user agent, else Desktop. */
export function platformOf(userAgent: string): Platform {
  return /android|iphone|ipad|ipod|mobile|tablet|silk|kindle|blackberry|opera mini|iemobile/i.test(
    userAgent,
  )
    ? 'Mobile'
    : 'Desktop';
}

/** SPEC §3: the document referrer, or the current address when it is empty. */
export function referrerOf(documentReferrer: string, currentHref: string): string {
  return documentReferrer.trim() !== '' ? documentReferrer : currentHref;
}

/** Search engines counted as referral sources (SPEC §3), by a host label they use. */
export const SEARCH_ENGINES = [
  'google',
  'bing',
  'yahoo',
  'duckduckgo',
  'baidu',
  'yandex',
  'ecosia',
  'naver',
  'seznam',
  'ask',
  'aol',
  'qwant',
  'startpage',
  'sogou',
  'so',
] as const;

/**
 * The search engine a referrer belongs to (google for www.google.co.in, yahoo for
 * in.search.yahoo.com), 'referral' for another site, 'internal' for this host, 'direct' for
 * none or an unreadable one.
 */
export function referralSourceOf(referrer: string, ownHost?: string): string {
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return 'direct';
  }
  if (!host) return 'direct';
  if (ownHost && host === ownHost.toLowerCase().replace(/:\d+$/, '')) return 'internal';
  const labels = host.split('.');
  for (const engine of SEARCH_ENGINES) if (labels.includes(engine)) return engine;
  return 'referral';
}

export interface PayloadInput {
  /** The page's name in the route table: pageNameFromPath of its path (see page-data.ts). */
  pageName: PageName;
  /** The query string of the page (spl and utm_* are read from it). */
  search: string;
  channelId: number;
  subchannelId: number;
  userAgent: string;
  documentReferrer: string;
  currentHref: string;
  loggedIn: boolean;
  now?: Date;
}

/** The fields every event carries (SPEC §3). */
export function buildPayload(input: PayloadInput): TrackingPayload {
  const query = new URLSearchParams(input.search);
  const referrer = referrerOf(input.documentReferrer, input.currentHref);
  let ownHost: string | undefined;
  try {
    ownHost = new URL(input.currentHref).hostname;
  } catch {
    ownHost = undefined;
  }
  return {
    page_name: input.pageName,
    campaign_name: query.get('spl') ?? '',
    channel_id: input.channelId,
    sub_channel_id: input.subchannelId,
    date_time: (input.now ?? new Date()).toISOString(),
    platform: platformOf(input.userAgent),
    referrer,
    user_type: input.loggedIn ? 'user' : 'guest',
    referral_source: input.documentReferrer.trim()
      ? referralSourceOf(input.documentReferrer, ownHost)
      : 'direct',
  };
}

/** A page-view event: the common fields plus the UTM fields of the query string. */
export function buildPageView(input: PayloadInput): PageViewPayload {
  const query = new URLSearchParams(input.search);
  const utm = Object.fromEntries(UTM_FIELDS.map((f) => [f, query.get(f) ?? ''])) as Record<
    UtmField,
    string
  >;
  return { ...buildPayload(input), ...utm };
}

/**
 * The login user property (SPEC §3): the seeker's email when there is one, else the phone
 * number with its dialling code; null for a guest or an account with neither.
 */
export function loginUserProperty(
  user: { email: string | null; mobile: string | null; isdCode: string | null } | null,
): { email: string } | { phone: string } | null {
  if (!user) return null;
  if (user.email) return { email: user.email };
  // Stored in E.164; rows of before hold the national digits beside the code.
  if (user.mobile?.startsWith('+')) return { phone: user.mobile };
  if (user.mobile) return { phone: `${user.isdCode ? `+${user.isdCode}` : ''}${user.mobile}` };
  return null;
}

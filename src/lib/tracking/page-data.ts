/**
 * The page's fixed tracking facts, rendered as JSON by the page shell for the browser's queue:
 * the page name from the route table (SPEC §2), the site's channel ids, the login state and the
 * login user property.
 */
import { pageNameFromPath, type PageName } from '~/lib/page-name';
import { loginUserProperty } from './payload';

export const TRACKING_DATA_ID = 'jp-tracking';

export interface PageTrackingData {
  pageName: PageName;
  channelId: number;
  subchannelId: number;
  /** null on a shared (cached) page: the browser tells from the signed-in hint cookie. */
  loggedIn: boolean | null;
  /** SPEC §3 login user property: { email } or { phone }; only on a logged-in seeker's pages. */
  userProperty?: { email: string } | { phone: string } | null;
}

export function pageTrackingData(
  pathname: string,
  site: { channelId: number; subchannelId: number },
  user: { email: string | null; mobile: string | null; isdCode: string | null } | null,
  sharedPage = false,
): PageTrackingData {
  return {
    pageName: pageNameFromPath(pathname),
    channelId: site.channelId,
    subchannelId: site.subchannelId,
    loggedIn: sharedPage ? null : user !== null,
    userProperty: sharedPage ? null : loginUserProperty(user),
  };
}

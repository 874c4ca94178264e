/**
 * GET thor/api/public/apps/v1/download-link (registry `appDownloadLink`, SPEC §7): the site's
 * app store links and deep-link scheme (sites/<site>.json "app"); `site` picks another site.
 */
import * as v from 'valibot';
import { siteByContext } from '../../../../../../../../sites';
import { storeFor } from '~/lib/chrome/app-banner';
import { endpoint, HttpError, NOT_FOUND, ok, parseQuery } from '~/server/api/envelope';

export const prerender = false;

const Query = v.object({ site: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))) });

export const GET = endpoint(async (context) => {
  const q = await parseQuery(Query, context.url);
  const site = q.site ? siteByContext(q.site) : context.locals.site;
  if (!site) throw new HttpError(404, NOT_FOUND);
  const store = storeFor(context.request.headers.get('user-agent') ?? '');
  return ok({
    android: site.app.androidUrl,
    ios: site.app.iosUrl,
    deepLinkScheme: site.app.deepLinkScheme,
    /** The link for this device: its store, or the Android one for desktops. */
    link: store === 'ios' ? site.app.iosUrl : site.app.androidUrl,
  });
});

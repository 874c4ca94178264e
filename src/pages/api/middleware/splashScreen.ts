/**
 * GET middleware/splashScreen (registry `splashScreen`, SPEC §7, sent with credentials): what the
 * app's splash shows: the brand, the site's store links, and for a logged-in seeker their name
 * and profile score.
 */
import { endpoint, ok } from '~/server/api/envelope';
import { getProfile, scoreOf } from '~/server/profiles/service';

export const prerender = false;

export const GET = endpoint(async (context) => {
  const { site, brand, user, t } = context.locals;
  let seeker: { name: string; profileScore: number } | null = null;
  if (user) {
    const score = scoreOf(await getProfile(user.id));
    seeker = { name: user.name, profileScore: score.score };
  }
  return ok({
    brand: { name: brand.name, logo: brand.logo, themeColor: brand.themeColor },
    tagline: t('brand:tagline'),
    site: site.context,
    app: { android: site.app.androidUrl, ios: site.app.iosUrl },
    loggedIn: user !== null,
    seeker,
  });
});

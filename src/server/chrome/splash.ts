/**
 * What the splash screen shows (GET middleware/splashScreen answers it, the splash island renders
 * it): the brand, the site's app store links and, for a logged-in seeker, their name and profile
 * score.
 */
import { getProfile, scoreOf } from '~/server/profiles/service';

export interface SplashData {
  brand: { name: string; logo: string; themeColor: string };
  tagline: string;
  site: string;
  app: { android: string; ios: string };
  loggedIn: boolean;
  seeker: { name: string; profileScore: number } | null;
}

export async function splashData(locals: App.Locals): Promise<SplashData> {
  const { site, brand, user, t } = locals;
  let seeker: SplashData['seeker'] = null;
  if (user) {
    const score = scoreOf(await getProfile(user.id));
    seeker = { name: user.name, profileScore: score.score };
  }
  return {
    brand: { name: brand.name, logo: brand.logo, themeColor: brand.themeColor },
    tagline: t('brand:tagline'),
    site: site.context,
    app: { android: site.app.androidUrl, ios: site.app.iosUrl },
    loggedIn: user !== null,
    seeker,
  };
}

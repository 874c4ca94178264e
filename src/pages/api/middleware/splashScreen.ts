/**
 * GET middleware/splashScreen (registry `splashScreen`, SPEC §7, sent with credentials): what the
 * app's splash shows: the brand, the site's store links, and for a logged-in seeker their name
 * and profile score (server/chrome/splash.ts; the web's first-visit splash shows the same).
 */
import { endpoint, ok } from '~/server/api/envelope';
import { splashData } from '~/server/chrome/splash';

export const prerender = false;

export const GET = endpoint(async (context) => ok(await splashData(context.locals)));

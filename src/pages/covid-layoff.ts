/**
 * POST /covid-layoff (the home page's COVID-19 section without JavaScript): sets the seeker's
 * covid layoff flag through the profile's own action (as middleware/editCovidLayoffFlag does) and
 * goes back to the section. Guests are sent to the login page.
 */
import type { APIRoute } from 'astro';
import { localizedPath } from '~/lib/sites/links';
import { loginUrl } from '~/server/accounts/http';
import { backTo, withParam } from '~/server/chrome/http';
import { runAction } from '~/server/profiles/http';

export const prerender = false;

export const POST: APIRoute = async (context) => {
  const { user, lang, site, t } = context.locals;
  let form: FormData | null = null;
  try {
    form = await context.request.formData();
  } catch {
    form = null;
  }
  const back = backTo(context, form?.get('returnUrl'), localizedPath(lang, '/'));
  if (!user) return context.redirect(loginUrl(lang, `${back}#covid`), 303);
  const value = form?.get('covidLayoff');
  const outcome = await runAction(
    'covidLayoff',
    user.id,
    { covidLayoff: value === 'true' ? 'true' : '' },
    site.currency.code,
    t,
  );
  return context.redirect(withParam(back, 'covid', outcome.ok ? 'saved' : 'error', '#covid'), 303);
};

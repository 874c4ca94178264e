/**
 * GET trex/poll-results (registry `pollResults`, SPEC §7 "poll results"): the site's poll with
 * its vote counts and shares, and the option this visitor chose (null when not voted).
 */
import * as v from 'valibot';
import type { Lang } from '~/lib/sites/schema';
import { LANGS } from '~/lib/sites/schema';
import { endpoint, HttpError, NOT_FOUND, ok, parseQuery } from '~/server/api/envelope';
import { visitorId } from '~/server/chrome/http';
import { pollFor, pollResults, votedOption } from '~/server/chrome/poll';

export const prerender = false;

const Query = v.object({ lang: v.optional(v.picklist(LANGS), 'en') });

export const GET = endpoint(async (context) => {
  const { lang } = await parseQuery(Query, context.url);
  const { site, user } = context.locals;
  const poll = pollFor(site.key, lang as Lang);
  const results = await pollResults(site.key);
  if (!poll || !results) throw new HttpError(404, NOT_FOUND);
  const voted = await votedOption(site.key, {
    userId: user?.id ?? null,
    browserId: user ? null : visitorId(context.cookies),
  });
  return ok({ poll, results, voted });
});

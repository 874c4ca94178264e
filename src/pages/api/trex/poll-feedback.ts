/**
 * POST trex/poll-feedback {option} (registry `pollFeedback`, SPEC §7): the visitor's poll vote,
 * once per user or browser. JSON callers get the envelope with the results; a plain form post
 * (no JavaScript) is sent back to the page it came from, at the poll.
 */
import * as v from 'valibot';
import { endpoint, HttpError, ok, parseBody } from '~/server/api/envelope';
import { backTo, ensureVisitorId, isFormPost, limitByIp, withParam } from '~/server/chrome/http';
import { PollError, SELECT_OPTION_FOR_VOTE, pollResults, vote } from '~/server/chrome/poll';

export const prerender = false;

const VoteBody = v.object({
  option: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, SELECT_OPTION_FOR_VOTE))),
  returnUrl: v.optional(v.string()),
});
/** Votes one client address may post per hour (each browser counts once anyway). */
const VOTES_PER_HOUR = { name: 'poll:ip', limit: 60, windowSeconds: 3600 } as const;

export const POST = endpoint(async (context) => {
  const form = isFormPost(context.request);
  const body = await parseBody(VoteBody, context.request);
  const { site, user } = context.locals;
  const back = (outcome: string) =>
    context.redirect(
      withParam(backTo(context, body.returnUrl, '/'), 'poll', outcome, '#poll'),
      303,
    );
  await limitByIp(context, VOTES_PER_HOUR);
  const voter = {
    userId: user?.id ?? null,
    browserId: user ? null : ensureVisitorId(context),
  };
  try {
    const result = await vote(site, body.option || undefined, voter);
    if (form) return back(result.counted ? 'voted' : 'again');
    return ok({ ...result, results: await pollResults(site.key) });
  } catch (error) {
    if (!(error instanceof PollError)) throw error;
    if (form && error.status === 422) return back('select');
    throw new HttpError(error.status, error.message, [{ field: 'option', message: error.message }]);
  }
});

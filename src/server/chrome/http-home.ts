/**
 * What the home page's per-visitor sections need: the poll (with this visitor's vote and the
 * results once voted) and the seeker's COVID-19 layoff flag.
 */
import type { APIContext } from 'astro';
import { getPrivateFlags } from '~/server/profiles/service';
import { visitorId } from './http';
import { pollFor, pollResults, votedOption, type Poll, type PollResults } from './poll';

export interface HomeVisitorState {
  poll: Poll | null;
  voted: string | null;
  results: PollResults | null;
  pollOutcome: string | null;
  /** undefined for guests. */
  covidLayoff: boolean | undefined;
  covidSaved: boolean;
}

export async function homeVisitorState(
  context: Pick<APIContext, 'locals' | 'cookies' | 'url'>,
): Promise<HomeVisitorState> {
  const { site, lang, user } = context.locals;
  const poll = pollFor(site.key, lang);
  const voter = { userId: user?.id ?? null, browserId: user ? null : visitorId(context.cookies) };
  const [voted, flags] = await Promise.all([
    poll ? votedOption(site.key, voter) : null,
    user ? getPrivateFlags(user.id) : null,
  ]);
  const outcome = context.url.searchParams.get('poll');
  return {
    poll,
    voted,
    results: voted ? await pollResults(site.key) : null,
    pollOutcome: outcome && ['voted', 'again', 'select'].includes(outcome) ? outcome : null,
    covidLayoff: flags ? flags.covidLayoff : undefined,
    covidSaved: context.url.searchParams.get('covid') === 'saved',
  };
}

/**
 * The home page poll (SPEC §2, §7 trex/poll-feedback and poll results): one question per site,
 * worded per language, from src/content/polls/polls.json ("*" is for sites without their own).
 * A voter (the user, or a guest's first-party browser id) votes once per poll; the unique index
 * on (poll, voter) decides, so double posts are harmless.
 */
import { and, count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import pollsFile from '../../content/polls/polls.json' with { type: 'json' };
import type { Lang } from '~/lib/sites/schema';
import { sha256Hex } from '~/server/tokens';
import { getDb, type Queryable } from '~/server/db/client';
import { pollVotes } from '~/server/db/schema-chrome';

/** SPEC §5. */
export const SELECT_OPTION_FOR_VOTE = 'Please select option for vote';

const Texts = v.object({ en: v.string(), hi: v.string(), ar: v.string() });
const PollSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)),
  question: Texts,
  options: v.pipe(
    v.array(v.object({ id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)), label: Texts })),
    v.minLength(2),
  ),
});
const polls = v.parse(v.record(v.string(), PollSchema), pollsFile);
type PollData = v.InferOutput<typeof PollSchema>;

export interface Poll {
  id: string;
  question: string;
  options: { id: string; label: string }[];
}

function pollDataFor(siteKey: string): PollData | null {
  return polls[siteKey] ?? polls['*'] ?? null;
}

/** The site's poll in a language; null when none is configured. */
export function pollFor(siteKey: string, lang: Lang): Poll | null {
  const data = pollDataFor(siteKey);
  if (!data) return null;
  return {
    id: data.id,
    question: data.question[lang],
    options: data.options.map((o) => ({ id: o.id, label: o.label[lang] })),
  };
}

export interface Voter {
  userId: string | null;
  /** A guest's first-party browser id (only its hash is stored). */
  browserId: string | null;
}

function voterKey(voter: Voter): string | null {
  if (voter.userId) return `u:${voter.userId}`;
  if (voter.browserId) return `b:${sha256Hex(voter.browserId)}`;
  return null;
}

export interface PollResults {
  total: number;
  options: { id: string; votes: number; percent: number }[];
}

export async function pollResults(siteKey: string, db?: Queryable): Promise<PollResults | null> {
  const data = pollDataFor(siteKey);
  if (!data) return null;
  const handle = db ?? (await getDb());
  const rows = await handle
    .select({ optionId: pollVotes.optionId, votes: count() })
    .from(pollVotes)
    .where(eq(pollVotes.pollId, data.id))
    .groupBy(pollVotes.optionId);
  const byOption = new Map(rows.map((r) => [r.optionId, Number(r.votes)]));
  const total = data.options.reduce((sum, o) => sum + (byOption.get(o.id) ?? 0), 0);
  return {
    total,
    options: data.options.map((o) => {
      const votes = byOption.get(o.id) ?? 0;
      return { id: o.id, votes, percent: total ? Math.round((votes * 100) / total) : 0 };
    }),
  };
}

/** The option this voter chose in the site's poll, or null. */
export async function votedOption(
  siteKey: string,
  voter: Voter,
  db?: Queryable,
): Promise<string | null> {
  const data = pollDataFor(siteKey);
  const key = voterKey(voter);
  if (!data || !key) return null;
  const handle = db ?? (await getDb());
  const [row] = await handle
    .select({ optionId: pollVotes.optionId })
    .from(pollVotes)
    .where(and(eq(pollVotes.pollId, data.id), eq(pollVotes.voterKey, key)))
    .limit(1);
  return row?.optionId ?? null;
}

export class PollError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PollError';
  }
}

/**
 * Records a vote; a second vote by the same voter keeps the first (returns counted: false).
 * Throws PollError 422 with SELECT_OPTION_FOR_VOTE for a missing or unknown option.
 */
export async function vote(
  site: { key: string; context: string },
  optionId: string | undefined,
  voter: Voter,
  db?: Queryable,
): Promise<{ counted: boolean; optionId: string }> {
  const data = pollDataFor(site.key);
  if (!data) throw new PollError('Not found', 404);
  if (!optionId || !data.options.some((o) => o.id === optionId))
    throw new PollError(SELECT_OPTION_FOR_VOTE, 422);
  const key = voterKey(voter);
  if (!key) throw new PollError(SELECT_OPTION_FOR_VOTE, 422);
  const handle = db ?? (await getDb());
  const inserted = await handle
    .insert(pollVotes)
    .values({
      pollId: data.id,
      siteContext: site.context,
      optionId,
      voterKey: key,
      userId: voter.userId,
    })
    .onConflictDoNothing({ target: [pollVotes.pollId, pollVotes.voterKey] })
    .returning({ id: pollVotes.id });
  if (inserted.length > 0) return { counted: true, optionId };
  return { counted: false, optionId: (await votedOption(site.key, voter, handle)) ?? optionId };
}

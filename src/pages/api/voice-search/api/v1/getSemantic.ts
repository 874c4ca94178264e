/**
 * Voice search (SPEC §7 voice-search/api/v1/getSemantic, registry `getSemantic`): the
 * transcript of a spoken search, split into the search box's fields by extractSemantic
 * (src/server/search/semantic.ts): keywords, one of the site's cities, years of experience.
 *
 *   POST { "text": "java developer jobs in Pune with 3 years experience", "lang": ["en"] }
 *   → data: { keywords: 'java developer', location: 'Pune', experience: 3 }
 */
import * as v from 'valibot';
import { endpoint, ok, parseBody } from '~/server/api/envelope';
import {
  extractSemantic,
  SEMANTIC_TEXT_REQUIRED,
  SEMANTIC_TEXT_TOO_LONG,
} from '~/server/search/semantic';

export const prerender = false;

const Body = v.object({
  text: v.pipe(
    v.string(SEMANTIC_TEXT_REQUIRED),
    v.trim(),
    v.nonEmpty(SEMANTIC_TEXT_REQUIRED),
    v.maxLength(500, SEMANTIC_TEXT_TOO_LONG),
  ),
  /** The recogniser's language(s); accepted, the rules know every portal language. */
  lang: v.optional(v.union([v.string(), v.array(v.string())])),
});

export const POST = endpoint(async ({ request, locals }) => {
  const { text } = await parseBody(Body, request);
  return ok(extractSemantic(text, locals.site));
});

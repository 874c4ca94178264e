/**
 * POST middleware/resolveABVariant {experiment} (registry `resolveABVariant`, SPEC §7): the
 * visitor's sticky variant, from a hash of their first-party id (set now if missing) and the
 * experiment. The exposure is stored as a tracking event and returned for the analytics queue.
 */
import * as v from 'valibot';
import { pickVariant } from '~/lib/chrome/ab';
import { EXPERIMENTS } from '~/lib/chrome/experiments';
import { endpoint, HttpError, ok, parseBody } from '~/server/api/envelope';
import { storeEvent } from '~/server/chrome/events';
import { ensureVisitorId, limitByIp } from '~/server/chrome/http';

export const prerender = false;

const Body = v.object({
  experiment: v.pipe(
    v.string('experiment is required'),
    v.trim(),
    v.minLength(1, 'experiment is required'),
    v.maxLength(60, 'experiment is unknown'),
  ),
});
const PER_MINUTE = { name: 'ab:ip', limit: 120, windowSeconds: 60 } as const;

export const POST = endpoint(async (context) => {
  const { experiment } = await parseBody(Body, context.request);
  const spec = Object.hasOwn(EXPERIMENTS, experiment) ? EXPERIMENTS[experiment] : undefined;
  if (!spec)
    throw new HttpError(422, 'experiment is unknown', [
      { field: 'experiment', message: 'experiment is unknown' },
    ]);
  await limitByIp(context, PER_MINUTE);
  const variant = pickVariant(ensureVisitorId(context), experiment, spec);
  const { site, user } = context.locals;
  const exposure = {
    event: 'ab_exposure',
    experiment,
    variant,
    user_type: user ? 'user' : 'guest',
  };
  await storeEvent('ab-exposure', {
    name: 'ab_exposure',
    siteContext: site.context,
    userId: user?.id ?? null,
    payload: exposure,
  });
  return ok({ experiment, variant, exposure });
});

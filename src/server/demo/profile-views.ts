/**
 * Demo recruiter activity: profile views and search appearances spread over the last 90 days
 * for every seeker already in the database, so the dashboard's chart and My Profile Performance
 * show something on a demo install. Recorded through the alerts service, as an employer system
 * would through POST /api/internal/profile-events.
 */
import type { Queryable } from '~/server/db/client';
import { listSeekersAfter } from '~/server/accounts/users';
import { recordProfileEvent } from '~/server/alerts/engagement';
import { hashSeed, Rng } from './random';

const DAY_MS = 86_400_000;
const VIEWERS = ['Acme Talent', 'Northwind Hiring', 'Globex Recruiting', 'Initech HR'];

/** Records about `perSeeker` views (and three times as many search appearances) per seeker. */
export async function seedProfileViews(
  db: Queryable,
  options: { perSeeker: number; seed: number; now?: Date },
): Promise<{ seekers: number; events: number }> {
  const now = options.now ?? new Date();
  let after = '00000000-0000-0000-0000-000000000000';
  let seekers = 0;
  let events = 0;
  for (;;) {
    const page = await listSeekersAfter(after, 200, { db });
    if (page.length === 0) return { seekers, events };
    after = page[page.length - 1]!.id;
    for (const seeker of page) {
      const rng = new Rng(hashSeed(options.seed, seeker.id));
      seekers++;
      for (const [kind, count] of [
        ['view', options.perSeeker],
        ['appearance', options.perSeeker * 3],
      ] as const) {
        for (let i = 0; i < count; i++) {
          // More recent days are busier, as a profile's views usually are.
          const daysAgo = Math.floor(90 * rng.next() * rng.next());
          const at = new Date(now.getTime() - daysAgo * DAY_MS - Math.floor(rng.next() * DAY_MS));
          const viewer = VIEWERS[Math.floor(rng.next() * VIEWERS.length)]!;
          await recordProfileEvent({ userId: seeker.id, kind, viewer, at }, db);
          events++;
        }
      }
    }
  }
}

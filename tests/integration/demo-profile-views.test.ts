/**
 * The demo seeder's recruiter activity (src/server/demo/profile-views.ts): every seeker gets the
 * asked-for views and three times as many search appearances within the last 90 days, the same
 * ones for the same seed, and the dashboard's daily counts add up to them.
 */
import { describe, expect, it } from 'vitest';
import { countEvents, dailyCounts } from '~/server/alerts/engagement';
import { ensureCountries } from '~/server/db/countries';
import { profileEvents, users } from '~/server/db/schema';
import { seedProfileViews } from '~/server/demo/profile-views';
import { backends, useFreshDb } from './db';

const NOW = new Date('2026-11-20T12:00:00Z');

describe.each(backends)('demo profile views (%s)', (backend) => {
  const t = useFreshDb(backend);

  it('gives every seeker views and search appearances over the last 90 days', async () => {
    await ensureCountries(t.db);
    const [asha, ravi] = await t.db
      .insert(users)
      .values([
        { email: 'asha@example.com', siteContext: 'rexmonster' },
        { email: 'ravi@example.com', siteContext: 'monstergulf' },
      ])
      .returning();

    const result = await seedProfileViews(t.db, { perSeeker: 12, seed: 7, now: NOW });
    expect(result).toEqual({ seekers: 2, events: 2 * (12 + 36) });

    for (const seeker of [asha!, ravi!]) {
      expect(await countEvents(seeker.id, 'view', undefined, t.db)).toBe(12);
      expect(await countEvents(seeker.id, 'appearance', undefined, t.db)).toBe(36);
      const days = await dailyCounts(seeker.id, 'view', 90, { db: t.db, now: NOW });
      expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(12);
    }

    // The same seed draws the same days again.
    const first = (await t.db.select().from(profileEvents)).map((e) => e.occurredAt.getTime());
    await t.db.delete(profileEvents);
    await seedProfileViews(t.db, { perSeeker: 12, seed: 7, now: NOW });
    const again = (await t.db.select().from(profileEvents)).map((e) => e.occurredAt.getTime());
    expect(again.sort()).toEqual(first.sort());
  });
});

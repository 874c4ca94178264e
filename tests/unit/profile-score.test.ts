/** Profile score: weights, the SPEC §4 band at every boundary, pending actions. */
import { describe, expect, it } from 'vitest';
import {
  forFresher,
  PROFILE_ITEMS,
  PROFILE_WEIGHTS,
  profileScore,
  scoreBand,
  type ProfileCompleteness,
  type ProfileItem,
} from '~/lib/profile/score';

const all = (value: boolean): ProfileCompleteness =>
  Object.fromEntries(PROFILE_ITEMS.map((item) => [item, value]));

/** A profile whose done items' weights add up to exactly `target` (weights total 100). */
function profileScoring(target: number): ProfileCompleteness {
  // Depth-first over the items, heaviest first; the weights include a 1, so every 0-100 is reachable.
  const items = [...PROFILE_ITEMS].sort((a, b) => PROFILE_WEIGHTS[b] - PROFILE_WEIGHTS[a]);
  const pick = (i: number, left: number): ProfileItem[] | null => {
    if (left === 0) return [];
    if (i >= items.length || left < 0) return null;
    const withIt = pick(i + 1, left - PROFILE_WEIGHTS[items[i]!]);
    if (withIt) return [items[i]!, ...withIt];
    return pick(i + 1, left);
  };
  const chosen = pick(0, target);
  if (!chosen) throw new Error(`no profile scores ${target}`);
  const out = all(false);
  for (const item of chosen) out[item] = true;
  return out;
}

describe('profileScore', () => {
  it('weights add up to 100', () => {
    expect(Object.values(PROFILE_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it.each([
    [0, 'Very Poor', 'veryPoor'],
    [30, 'Very Poor', 'veryPoor'],
    [31, 'Poor', 'poor'],
    [60, 'Poor', 'poor'],
    [61, 'Average', 'average'],
    [70, 'Average', 'average'],
    [71, 'Good', 'good'],
    [90, 'Good', 'good'],
    [91, 'Very Good', 'veryGood'],
    [99, 'Very Good', 'veryGood'],
    [100, 'Excellent', 'excellent'],
  ])('a profile scoring %i is %s', (target, label, key) => {
    const result = profileScore(profileScoring(target));
    expect(result.score).toBe(target);
    expect(result.band.label).toBe(label);
    expect(result.bandKey).toBe(key);
    expect(scoreBand(target).bandKey).toBe(key);
  });

  it('an empty profile is 0 with every item pending; a full one 100 with none', () => {
    expect(profileScore({})).toMatchObject({ score: 0, bandKey: 'veryPoor' });
    expect(profileScore({}).pending).toHaveLength(PROFILE_ITEMS.length);
    expect(profileScore(all(true))).toEqual({
      score: 100,
      band: { min: 100, max: 100, label: 'Excellent' },
      bandKey: 'excellent',
      pending: [],
    });
  });

  it('lists pending actions by gain, biggest first, and the gains add up to what is missing', () => {
    const result = profileScore({ name: true, email: true, mobile: true, education: true });
    expect(result.score).toBe(20);
    expect(result.pending.slice(0, 4).map((p) => p.item)).toEqual([
      'resume',
      'employment',
      'skills',
      'mobileVerified',
    ]);
    expect(result.pending[0]).toEqual({ item: 'resume', gain: 15 });
    expect(result.pending.reduce((sum, p) => sum + p.gain, 0)).toBe(100 - result.score);
    const gains = result.pending.map((p) => p.gain);
    expect([...gains].sort((a, b) => b - a)).toEqual(gains);
  });

  it('leaves out what does not apply to a fresher, and rounds down so only complete is 100', () => {
    const fresher = forFresher({ ...all(true), employment: false, experience: false });
    expect(profileScore(fresher)).toMatchObject({ score: 100, pending: [] });
    const almost = forFresher({ ...all(true), emailVerified: false });
    // 73 of 74 applicable points: 98.6% rounds down to 98, not up to 99 or 100.
    expect(profileScore(almost)).toMatchObject({ score: 98, bandKey: 'veryGood' });
    expect(profileScore(almost).pending).toEqual([{ item: 'emailVerified', gain: 2 }]);
  });

  it("ignores the completeness of items marked 'n/a' and treats missing keys as not done", () => {
    expect(profileScore({ resume: true }).score).toBe(15);
    expect(profileScore({ resume: true, photo: 'n/a' }).score).toBe(15);
    expect(profileScore(Object.fromEntries(PROFILE_ITEMS.map((i) => [i, 'n/a'])))).toMatchObject({
      score: 100,
    });
  });
});

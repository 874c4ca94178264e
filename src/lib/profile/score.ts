/**
 * Profile score (SPEC §1 "profile score", "pending actions"; §4 bands): how complete a seeker's
 * profile is, 0-100, with the SPEC §4 band and the actions that would raise it, biggest gain
 * first. Pure and framework-free: the dashboard and profile pages build the input from the
 * profile services and render the result with ProfileScoreGauge.
 *
 * Weights (ours; SPEC gives the bands, not the formula) add up to 100. What the recruiters who
 * search profiles look at first weighs most: the resume, then employment, education and skills.
 * The work permit weighs more than its neighbours because SPEC §1 credits an updated work permit
 * status with a 93% higher chance of a call.
 *
 * Items that do not apply to a seeker (`applicable: false`, e.g. current salary and notice period
 * for a fresher) leave the total: the score is the share of the applicable weight that is done,
 * rounded down, so 100 means every applicable item is done and nothing less rounds up to it.
 */
import { profileScoreBand, PROFILE_SCORE_BANDS } from '~/lib/reference-lists';

export const PROFILE_ITEMS = [
  'name',
  'email',
  'emailVerified',
  'mobile',
  'mobileVerified',
  'resume',
  'employment',
  'education',
  'skills',
  'experience',
  'currentLocation',
  'preferredLocations',
  'currentSalary',
  'noticePeriod',
  'workPermit',
  'linkedIn',
  'photo',
] as const;
export type ProfileItem = (typeof PROFILE_ITEMS)[number];

/** Points each item is worth when done; they add up to 100. */
export const PROFILE_WEIGHTS: Readonly<Record<ProfileItem, number>> = {
  name: 4,
  email: 3,
  emailVerified: 1,
  mobile: 3,
  mobileVerified: 6,
  resume: 15,
  employment: 10,
  education: 10,
  skills: 10,
  experience: 6,
  currentLocation: 5,
  preferredLocations: 5,
  currentSalary: 5,
  noticePeriod: 5,
  workPermit: 6,
  linkedIn: 4,
  photo: 2,
};

/**
 * Which items the profile has: true (done), false (missing), or 'n/a' (does not apply to this
 * seeker and is left out of the score). Missing keys count as not done.
 */
export type ProfileCompleteness = Partial<Record<ProfileItem, boolean | 'n/a'>>;

/** Items that do not apply to a fresher (SPEC §4 career stage: student or never worked). */
export const FRESHER_NOT_APPLICABLE: readonly ProfileItem[] = [
  'employment',
  'experience',
  'currentSalary',
  'noticePeriod',
];

/** A fresher's completeness: the given items, with the ones that don't apply marked 'n/a'. */
export function forFresher(items: ProfileCompleteness): ProfileCompleteness {
  const out: ProfileCompleteness = { ...items };
  for (const item of FRESHER_NOT_APPLICABLE) out[item] = 'n/a';
  return out;
}

export type ScoreBandKey = 'veryPoor' | 'poor' | 'average' | 'good' | 'veryGood' | 'excellent';

const BAND_KEYS: Record<(typeof PROFILE_SCORE_BANDS)[number]['label'], ScoreBandKey> = {
  'Very Poor': 'veryPoor',
  Poor: 'poor',
  Average: 'average',
  Good: 'good',
  'Very Good': 'veryGood',
  Excellent: 'excellent',
};

export interface PendingAction {
  item: ProfileItem;
  /** Points the score would gain (on the 0-100 scale) if this item were done. */
  gain: number;
}

export interface ProfileScore {
  /** 0-100, whole. */
  score: number;
  /** SPEC §4 band, e.g. { min: 71, max: 90, label: 'Good' }. */
  band: (typeof PROFILE_SCORE_BANDS)[number];
  /** Translation key of the band (resume:score.bands.<key>). */
  bandKey: ScoreBandKey;
  /** Missing items, biggest gain first (ties in PROFILE_ITEMS order). */
  pending: PendingAction[];
}

/** The SPEC §4 band of a score and its translation key. */
export function scoreBand(score: number): { band: ProfileScore['band']; bandKey: ScoreBandKey } {
  const band = profileScoreBand(score);
  return { band, bandKey: BAND_KEYS[band.label] };
}

/** The score of a profile from what it has (see the module comment for the formula). */
export function profileScore(items: ProfileCompleteness): ProfileScore {
  const applicable = PROFILE_ITEMS.filter((item) => items[item] !== 'n/a');
  const total = applicable.reduce((sum, item) => sum + PROFILE_WEIGHTS[item], 0);
  const done = applicable
    .filter((item) => items[item] === true)
    .reduce((sum, item) => sum + PROFILE_WEIGHTS[item], 0);
  const missing = applicable.filter((item) => items[item] !== true);
  const score = total === 0 ? 100 : missing.length === 0 ? 100 : Math.floor((done * 100) / total);
  const pending = missing
    .map((item) => ({
      item,
      // What the score would become minus what it is, so gains add up to what is missing.
      gain: Math.floor(((done + PROFILE_WEIGHTS[item]) * 100) / total) - score,
    }))
    .sort(
      (a, b) =>
        b.gain - a.gain ||
        PROFILE_WEIGHTS[b.item] - PROFILE_WEIGHTS[a.item] ||
        PROFILE_ITEMS.indexOf(a.item) - PROFILE_ITEMS.indexOf(b.item),
    );
  return { score, ...scoreBand(score), pending };
}

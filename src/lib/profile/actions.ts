/**
 * Where each pending action of the profile score (./score.ts) is done: a section of the
 * /seeker/profile page (paths without the language prefix), for ProfileScoreGauge's actionHrefs.
 */
import type { ProfileItem } from './score';

export const PROFILE_ACTION_HREFS: Partial<Record<ProfileItem, string>> = {
  mobile: '/seeker/profile#mobile',
  // Verification by OTP is in Settings (send the code, enter it).
  mobileVerified: '/seeker/settings#mobile-verification',
  resume: '/seeker/profile#resume',
  employment: '/seeker/profile#employment',
  education: '/seeker/profile#education',
  skills: '/seeker/profile#skills',
  experience: '/seeker/profile#experience',
  currentLocation: '/seeker/profile#locations',
  preferredLocations: '/seeker/profile#preferredLocations',
  photo: '/seeker/profile#photo',
  currentSalary: '/seeker/profile#salary',
  noticePeriod: '/seeker/profile#noticePeriod',
  workPermit: '/seeker/profile#visa',
  linkedIn: '/seeker/profile#linkedIn',
  emailVerified: '/seeker/settings#email-verification',
  name: '/seeker/settings',
  email: '/seeker/settings',
};

/**
 * The user menu of SPEC §2: every entry and where it leads. Logout is a POST form (it changes
 * state) and is rendered last; Employer Login leaves the site (its link comes from sites/).
 */
import type { Brand, Site } from '~/lib/sites/schema';

export const USER_MENU = [
  ['/seeker/dashboard', 'userMenu.dashboard'],
  ['/seeker/recommended-jobs', 'userMenu.recommendedJobs'],
  ['/seeker/profile', 'userMenu.profile'],
  ['/seeker/subscriptions', 'userMenu.subscriptions'],
  ['/seeker/career-services', 'userMenu.careerServices'],
  ['/seeker/job-alert-list', 'userMenu.manageJobAlert'],
  ['/seeker/profile-performance', 'userMenu.profilePerformance'],
  ['/seeker/assessment', 'userMenu.assessment'],
  ['/seeker/settings', 'userMenu.settings'],
  ['/seeker/change-password', 'userMenu.changePassword'],
  ['/feedback', 'userMenu.feedback'],
  ['/seeker/auto-apply', 'userMenu.autoApply'],
  ['/search/results', 'userMenu.jobSearch'],
  ['/career-services', 'userMenu.buyOnline'],
  ['/connect-with-us', 'userMenu.connectWithUs'],
] as const;

/** The site's employer login under the default brand; the newer brand has its own. */
export function employerLoginUrl(site: Pick<Site, 'employerLoginUrl'>, brand: Brand): string {
  return brand.id === 'classic' ? site.employerLoginUrl : brand.employerLoginUrl;
}

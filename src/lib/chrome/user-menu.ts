/**
 * The user menu of SPEC §2: every entry and where it leads. Logout is a POST form (it changes
 * state) and is rendered last; Employer Login leaves the site (its link comes from sites/).
 */
import type { TranslationKey } from '~/lib/i18n';
import type { Brand, Site } from '~/lib/sites/schema';

/** The header's main navigation (also answered by thor/api/public/sites/v1/load-module). */
export const MAIN_NAV = [
  ['/search/results', 'nav.jobs'],
  ['/search/walkin-jobs', 'nav.walkinJobs'],
  ['/career-services', 'nav.careerServices'],
  ['/career-advice', 'nav.careerAdvice'],
  ['/aspire', 'nav.aspire'],
] as const;

export const USER_MENU = [
  ['/seeker/dashboard', 'userMenu.dashboard'],
  ['/seeker/recommended-jobs', 'userMenu.recommendedJobs'],
  ['/seeker/profile', 'userMenu.profile'],
  ['/seeker/saved-jobs', 'userMenu.savedJobs'],
  ['/seeker/applications', 'userMenu.applications'],
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

export interface MenuLink {
  label: string;
  href: string;
}

/**
 * The header's links and the user menu for a site, language and brand, as load-module answers
 * them: the same lists the header renders, translated, with language-prefixed paths.
 */
export function menuLinks(
  t: (key: TranslationKey) => string,
  localize: (path: string) => string,
  site: Pick<Site, 'employerLoginUrl'>,
  brand: Brand,
): { nav: MenuLink[]; userMenu: MenuLink[]; employerLogin: MenuLink; logout: MenuLink } {
  const link = ([path, key]: readonly [string, TranslationKey]) => ({
    label: t(key),
    href: localize(path),
  });
  return {
    nav: MAIN_NAV.map(link),
    userMenu: USER_MENU.map(link),
    employerLogin: { label: t('userMenu.employerLogin'), href: employerLoginUrl(site, brand) },
    logout: { label: t('userMenu.logout'), href: localize('/rio/sign-out') },
  };
}

/** The site's employer login under the default brand; the newer brand has its own. */
export function employerLoginUrl(site: Pick<Site, 'employerLoginUrl'>, brand: Brand): string {
  return brand.id === 'classic' ? site.employerLoginUrl : brand.employerLoginUrl;
}

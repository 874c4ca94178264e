/**
 * Which analytics tag a site loads (GA4 or Matomo, from environment variables) and what the
 * page's security policy must then allow. No configuration: nothing third-party loads.
 */
export type AnalyticsTag =
  | { kind: 'ga4'; measurementId: string; scriptUrl: string; origins: string[] }
  | { kind: 'matomo'; baseUrl: string; siteId: string; scriptUrl: string; origins: string[] };

export function analyticsTagFor(
  siteKey: string,
  env: {
    ga4Ids?: Record<string, string> | undefined;
    matomoUrl?: string | undefined;
    matomoSiteIds?: Record<string, string> | undefined;
  },
): AnalyticsTag | null {
  const ga4 = env.ga4Ids?.[siteKey];
  if (ga4) {
    return {
      kind: 'ga4',
      measurementId: ga4,
      scriptUrl: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ga4)}`,
      origins: [
        'https://www.googletagmanager.com',
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
      ],
    };
  }
  const matomoId = env.matomoSiteIds?.[siteKey];
  if (env.matomoUrl && matomoId) {
    const origin = new URL(env.matomoUrl).origin;
    return {
      kind: 'matomo',
      baseUrl: env.matomoUrl,
      siteId: matomoId,
      scriptUrl: `${env.matomoUrl}matomo.js`,
      origins: [origin],
    };
  }
  return null;
}

import { describe, it, expect } from 'vitest';
import { pageNameFromPath, ROUTE_TABLE, type PageName } from '~/lib/page-name';

describe('pageNameFromPath', () => {
  it.each(ROUTE_TABLE.map((r) => [r.path, r.page] as const))('%s is %s', (path, page) => {
    expect(pageNameFromPath(path)).toBe(page);
  });

  it('covers every page name except not-found in ROUTE_TABLE', () => {
    const pages = new Set(ROUTE_TABLE.map((r) => r.page));
    const all: PageName[] = [
      'home',
      'dashboard',
      'results',
      'walkin',
      'applied-success',
      'job-detail',
      'profile',
      'registration',
      'login',
      'sign-out',
      'free-job-alert',
      'job-alert-list',
      'job-alert-replace',
      'job-alert-success',
      'resume-builder',
      'aspire',
      'career-services',
      'career-advice',
    ];
    for (const page of all) expect(pages.has(page)).toBe(true);
    expect(pages.has('not-found')).toBe(false);
  });

  it('knows the browse pages', () => {
    expect(pageNameFromPath('/companies')).toBe('companies');
    expect(pageNameFromPath('/ar/company/acme-software')).toBe('company');
    expect(pageNameFromPath('/company')).toBe('not-found');
  });

  it.each(['en', 'hi', 'ar'])('strips the /%s/ language segment', (lang) => {
    for (const { path, page } of ROUTE_TABLE) {
      expect(pageNameFromPath(`/${lang}${path}`)).toBe(page);
    }
    expect(pageNameFromPath(`/${lang}`)).toBe('home');
    expect(pageNameFromPath(`/${lang}/`)).toBe('home');
  });

  it('does not strip other two-letter segments', () => {
    expect(pageNameFromPath('/fr/seeker/profile')).toBe('not-found');
    expect(pageNameFromPath('/hi/hi/seeker/profile')).toBe('not-found');
  });

  it('ignores query strings and hashes', () => {
    expect(pageNameFromPath('/search/results?query=java&location=delhi')).toBe('results');
    expect(pageNameFromPath('/seeker/profile#skills')).toBe('profile');
    expect(pageNameFromPath('/?app=true')).toBe('home');
    expect(pageNameFromPath('/hi/job/x-1?spl=abc#top')).toBe('job-detail');
    expect(pageNameFromPath('/seeker/job-details?id=42')).toBe('job-detail');
  });

  it('tolerates trailing and doubled slashes', () => {
    for (const { path, page } of ROUTE_TABLE) {
      expect(pageNameFromPath(path.endsWith('/') ? path : `${path}/`)).toBe(page);
    }
    expect(pageNameFromPath('/trex')).toBe('home');
    expect(pageNameFromPath('/career-services/')).toBe('career-services');
    expect(pageNameFromPath('//seeker//profile')).toBe('profile');
    expect(pageNameFromPath('')).toBe('home');
  });

  it('sends anything under /search/ or /srp/ to results', () => {
    expect(pageNameFromPath('/search')).toBe('results');
    expect(pageNameFromPath('/srp')).toBe('results');
    expect(pageNameFromPath('/search/jobs-in-mumbai')).toBe('results');
    expect(pageNameFromPath('/search/applied-success/extra')).toBe('results');
    expect(pageNameFromPath('/srp/walkin-jobs')).toBe('results');
    expect(pageNameFromPath('/search/walkin-jobs/delhi')).toBe('walkin');
  });

  it('matches sections with sub-paths', () => {
    expect(pageNameFromPath('/job')).toBe('job-detail');
    expect(pageNameFromPath('/aspire/')).toBe('aspire');
    expect(pageNameFromPath('/aspire/courses/data')).toBe('aspire');
    expect(pageNameFromPath('/career-advice')).toBe('career-advice');
    expect(pageNameFromPath('/career-advice/interview-tips.html')).toBe('career-advice');
  });

  it('maps SEO landing pages to seo-results, in every language', () => {
    for (const path of [
      '/jobs-in-pune',
      '/java-jobs',
      '/java-jobs-in-pune',
      '/c-plus-plus-jobs/',
    ]) {
      expect(pageNameFromPath(path), path).toBe('seo-results');
      expect(pageNameFromPath(`/ar${path}`), path).toBe('seo-results');
      expect(pageNameFromPath(`/hi${path}?page=2`), path).toBe('seo-results');
    }
    // Under /search/ and /srp/ the same shapes are ordinary results pages.
    expect(pageNameFromPath('/search/java-jobs-in-pune')).toBe('results');
    for (const path of [
      '/Java-jobs',
      '/jobs-in-',
      '/jobs',
      '/java-jobs/extra',
      '/jobs-in-pune.html',
    ]) {
      expect(pageNameFromPath(path), path).toBe('not-found');
    }
  });

  it('counts forgot password and its reset page as the login screen', () => {
    expect(pageNameFromPath('/rio/forgot-password')).toBe('login');
    expect(pageNameFromPath('/ar/rio/reset-password?token=x')).toBe('login');
  });

  it('answers not-found for unknown paths', () => {
    for (const path of [
      '/unknown',
      '/trex/other',
      '/seeker',
      '/seeker/unknown',
      '/seeker/profile/edit',
      '/seeker/constructor',
      '/seeker/toString',
      '/rio',
      '/rio/other',
      '/career-services/resume-writing',
      '/jobs/java',
      '/Search/results',
    ]) {
      expect(pageNameFromPath(path), path).toBe('not-found');
    }
  });
});

/**
 * readAlertForm (server/alerts/http.ts), the one reader of the job alert form's POST, with a
 * made-up request context: what a good form becomes, and a bad one's messages in the page's
 * language, by field, with the values typed kept for the form shown again.
 */
import { describe, expect, it } from 'vitest';
import { siteByKey } from '../../sites';
import { brands } from '../../sites';
import type { Lang } from '~/lib/sites/schema';
import { alertColumns, savedFormValues } from '~/lib/alerts/form';
import { readAlertForm } from '~/server/alerts/http';
import { setLanguage } from '~/server/http/language';

function context(fields: [string, string][], lang: Lang = 'en', siteKey = 'india') {
  const body = new URLSearchParams(fields);
  const request = new Request('http://rexmonster.localhost/seeker/free-job-alert', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const locals = { site: siteByKey(siteKey)!, brand: brands.classic } as App.Locals;
  setLanguage(locals, lang);
  return { request, url: new URL(request.url), locals };
}

const good: [string, string][] = [
  ['keywords', 'java developer'],
  ['location', 'Pune'],
  ['industries', '3'],
  ['industries', '7'],
  ['frequency', 'weekly'],
  ['name', 'Asha Rao'],
  ['email', 'asha@example.com'],
  ['mobile', '9876543210'],
];

describe('readAlertForm', () => {
  it('reads a good form into the alert it asks for', async () => {
    const read = await readAlertForm(context(good));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.form).toMatchObject({
      keywords: 'java developer',
      location: 'Pune',
      industries: ['3', '7'],
      frequency: 'weekly',
      name: 'Asha Rao',
      email: 'asha@example.com',
    });
    // The mobile is kept with the site's code, whatever way it was typed.
    expect(JSON.stringify(read.form)).toContain('9876543210');
  });

  it.each([
    ['hi', 'कृपया'],
    ['ar', 'يرجى'],
  ] as const)(
    'refuses missing keywords and a third industry in %s, keeping what was typed',
    async (lang, word) => {
      const fields: [string, string][] = [
        ...good.filter(([name]) => name !== 'keywords'),
        ['industries', '9'],
      ];
      const read = await readAlertForm(context(fields, lang));
      expect(read.ok).toBe(false);
      if (read.ok) return;
      const { t } = context([], lang).locals;
      expect(read.errors.keywords).toBe(t('alerts:messages.keywordsRequired'));
      expect(read.errors.keywords).toContain(word);
      expect(read.errors.industries).toBe(t('alerts:messages.maxIndustries'));
      expect(read.values).toMatchObject({ name: 'Asha Rao', industries: ['3', '7', '9'] });
    },
  );

  it('refuses a bad address and frequency in English, the field by field messages', async () => {
    const fields: [string, string][] = good.map(([name, value]) => [
      name,
      name === 'email' ? 'asha@' : name === 'frequency' ? 'hourly' : value,
    ]);
    const read = await readAlertForm(context(fields));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors).sort()).toEqual(['email', 'frequency']);
  });

  it('asks for the code of a Gulf mobile that is a number of two countries', async () => {
    const fields: [string, string][] = good.map(([name, value]) => [
      name,
      name === 'mobile' ? '050 123 4567' : value,
    ]);
    const read = await readAlertForm(context(fields, 'ar', 'gulf'));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    const { t } = context([], 'ar', 'gulf').locals;
    expect(read.errors.mobile).toBe(t('alerts:messages.mobileNeedsCode'));
  });

  it('gives back, from the row it writes, the form the seeker filled in (the edit form)', async () => {
    const read = await readAlertForm(context(good));
    if (!read.ok) throw new Error('the good form was refused');
    const row = { ...alertColumns(read.form), email: read.form.email };
    expect(savedFormValues(row)).toMatchObject({
      keywords: 'java developer',
      location: 'Pune',
      industries: ['3', '7'],
      frequency: 'weekly',
      name: 'Asha Rao',
      email: 'asha@example.com',
    });
  });

  it('reads a body that is not a form as an empty form', async () => {
    const ctx = context([]);
    const request = new Request(ctx.url, { method: 'POST', body: '{"keywords":1}' });
    const read = await readAlertForm({ ...ctx, request });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors.keywords).toBe(ctx.locals.t('alerts:messages.keywordsRequired'));
  });
});

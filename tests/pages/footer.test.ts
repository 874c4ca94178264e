/** The footer of every page, as a reader of each language sees it on a site. */
import { describe, expect, it } from 'vitest';
import Footer from '~/components/Footer.astro';
import { sites } from '../../sites';
import { siteName } from '~/lib/sites/names';
import { localsFor, render, textOf } from './render';

describe.each(['en', 'hi', 'ar'] as const)('the footer in %s', (lang) => {
  it("lists the site's numbers and every country site by its name in the page language", async () => {
    const html = await render(Footer, { site: 'india', lang });
    const { t, site } = localsFor('india', lang);
    const text = textOf(html);
    for (const heading of ['footer.contactUs', 'footer.followUs', 'footer.countries'] as const)
      expect(text).toContain(t(heading));
    expect(text).toContain(`${t('footer.tollFree')}: ${site.country.tollNumbers[0]!.number}`);
    expect(text).toContain(site.contact.infoEmail);
    const address = site.contact.address[lang] ?? site.contact.address.en;
    expect(text).toContain(address);
    for (const other of sites) {
      expect(text).toContain(siteName(other, lang));
    }
    // The reader's own site is the current one; its link keeps the page language.
    expect(html).toMatch(
      new RegExp(
        `href="https://${site.domain}${lang === 'en' ? '' : `/${lang}`}/" aria-current="true"`,
      ),
    );
  });
});

it('speaks Hindi and Arabic, not English, on those pages', async () => {
  const english = textOf(await render(Footer, { site: 'gulf', lang: 'en' }));
  for (const lang of ['hi', 'ar'] as const) {
    const text = textOf(await render(Footer, { site: 'gulf', lang }));
    expect(text).not.toContain(localsFor('gulf', 'en').t('footer.contactUs'));
    expect(text).not.toBe(english);
  }
});

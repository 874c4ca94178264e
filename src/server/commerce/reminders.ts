/**
 * One reminder mail for an abandoned cart: a logged-in seeker's cart with items, unchanged for 24
 * hours, gets exactly one mail through the mail adapter, in the language and brand of the site
 * where the cart was filled. The cart is claimed (reminded_at set, on
 * the condition that it is still unset and unchanged) before the mail goes, so two servers or two
 * runs never send it twice; a mail the adapter refuses gives the claim back for the next run. Any
 * change to the cart clears reminded_at, so a cart abandoned again later is reminded again.
 */
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { brands, siteByContext } from '../../../sites';
import { getT, isLang } from '~/lib/i18n';
import { localizedPath, siteOrigin } from '~/lib/sites/links';
import type { Lang, Site } from '~/lib/sites/schema';
import { config } from '~/server/config';
import type { Queryable } from '~/server/db/client';
import { cartItems, carts } from '~/server/db/schema-commerce';
import { getUser } from '~/server/accounts/users';
import { getMailSender, mailFrom } from '~/server/adapters/mail';
import { cartSkus } from './cart';
import { sellable } from './catalogue';

export const ABANDONED_AFTER_MS = 24 * 60 * 60_000;

export async function sendCartReminders(db: Queryable, now = new Date()): Promise<number> {
  const due = await db
    .select()
    .from(carts)
    .where(
      and(
        isNotNull(carts.userId),
        isNull(carts.remindedAt),
        lt(carts.updatedAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
        sql`exists (select 1 from ${cartItems} where ${cartItems.cartId} = ${carts.id})`,
      ),
    )
    .limit(200);
  let sent = 0;
  for (const cart of due) {
    // The owner's address comes from the accounts service; a seeker without one gets no mail
    // (the cart is still marked, so it isn't looked at again every hour).
    const owner = await getUser(cart.userId!, { db });
    // A deleted account (in its grace period) gets no mail.
    const email = owner?.closedAt ? null : owner?.email;
    const name = owner?.name;
    const [claimed] = await db
      .update(carts)
      .set({ remindedAt: now })
      .where(and(eq(carts.id, cart.id), isNull(carts.remindedAt), eq(carts.version, cart.version)))
      .returning({ id: carts.id });
    if (!claimed || !email) continue;
    const site = siteByContext(cart.siteContext);
    if (!site) continue;
    const { lang, brand } = filledIn(cart, site);
    const t = getT(lang, brand.localeSuffix);
    const items = (await cartSkus(db, cart.id))
      .map((sku) => sellable(sku, site))
      .filter((l) => l !== undefined)
      .map((l) => `- ${l.title[lang]}${l.planLabel ? ` (${l.planLabel[lang]})` : ''}`)
      .join('\n');
    try {
      await getMailSender().send({
        to: email,
        from: mailFrom(site.domainName),
        siteContext: site.context,
        subject: t('commerce:reminder.subject'),
        text: t('commerce:reminder.body', {
          name,
          brand: brand.name,
          items,
          link: `${siteOrigin(site, brand, new URL(`https://${site.domain}`), config.NEW_BRAND_MARKER ?? brands.marker)}${localizedPath(lang, '/career-services/cart')}`,
        }),
      });
      sent++;
    } catch (error) {
      await db.update(carts).set({ remindedAt: null }).where(eq(carts.id, cart.id));
      console.error(
        '[commerce] cart reminder not sent:',
        error instanceof Error ? error.message : error,
      );
    }
  }
  return sent;
}

/** The language and brand the cart was filled in (older carts: the site's first language). */
function filledIn(cart: { lang: string | null; brand: string | null }, site: Site) {
  const lang: Lang =
    cart.lang && isLang(cart.lang) && site.languages.includes(cart.lang)
      ? cart.lang
      : (site.languages[0] ?? 'en');
  return { lang, brand: cart.brand === 'dm' ? brands.dm : brands.classic };
}

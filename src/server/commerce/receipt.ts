/**
 * The receipt of a paid order: its lines, discount, eCash, the tax the site's prices include
 * (catalogue taxes), the payment reference and the order page's link, in the language and brand
 * the order was placed in. mailReceipt sends it once per order, with the invoice PDF attached:
 * the order is claimed (receipt_mailed_at set while still unset) before the mail goes, and a
 * refused mail gives the claim back for reconciliation (mailDueReceipts). A replayed callback
 * finds the claim taken and sends nothing.
 */
import { formatDateTime } from '~/lib/format/dates';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { brands, siteByContext } from '../../../sites';
import { catalogue } from '../../../catalogue';
import { getT, isLang, type Translate } from '~/lib/i18n';
import { formatExact } from '~/lib/commerce/money';
import { localizedPath, siteOrigin } from '~/lib/sites/links';
import type { Brand, Lang, Site } from '~/lib/sites/schema';
import type { SiteKey, Tax } from '~/lib/commerce/catalogue-schema';
import { config } from '~/server/config';
import type { Queryable } from '~/server/db/client';
import {
  orderItems,
  orders,
  paymentAttempts,
  paymentRefunds,
  type Order,
  type OrderItem,
  type PaymentRefund,
} from '~/server/db/schema-commerce';
import { getUser } from '~/server/accounts/users';
import { getMailSender, mailFrom } from '~/server/adapters/mail';
import { log } from '~/server/ops/logger';
import { renderInvoicePdf } from './invoice-pdf';

export interface Receipt {
  order: Order;
  items: OrderItem[];
  site: Site;
  brand: Brand;
  lang: Lang;
  t: Translate;
  buyer: { name: string; email: string | null };
  /** The gateway's reference of the payment (null: covered by discount and eCash). */
  reference: string | null;
  tax: { label: string; percent: number; amountMinor: number } | null;
  link: string;
  amount: (minor: number) => string;
  date: (d: Date) => string;
}

/** The part of a tax-inclusive total that is the tax (rounded down to the minor unit). */
export const includedTax = (totalMinor: number, percent: number) =>
  Math.floor((totalMinor * percent) / (100 + percent));

function pickLangBrand(order: Order, site: Site, lang?: Lang, brand?: Brand) {
  const saved = order.lang && isLang(order.lang) && site.languages.includes(order.lang);
  return {
    lang: lang ?? (saved ? (order.lang as Lang) : (site.languages[0] ?? 'en')),
    brand: brand ?? (order.brand === 'dm' ? brands.dm : brands.classic),
  };
}

/** A paid order's receipt; `as` gives the page's language and brand instead of the order's. */
export async function receiptOf(
  db: Queryable,
  orderId: string,
  as?: { lang: Lang; brand: Brand },
): Promise<Receipt | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const site = order ? siteByContext(order.siteContext) : undefined;
  if (!order || order.status !== 'paid' || !site) return undefined;
  const { lang, brand } = pickLangBrand(order, site, as?.lang, as?.brand);
  const t = getT(lang, brand.localeSuffix);
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.kind, orderItems.sku);
  const [paying] = await db
    .select({ reference: paymentAttempts.reference, gateway: paymentAttempts.gateway })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.status, 'paid')))
    .orderBy(paymentAttempts.updatedAt)
    .limit(1);
  // An erased account's order has no buyer left to name.
  const user = order.userId ? await getUser(order.userId, { db }) : null;
  const taxDef = (catalogue.taxes as Partial<Record<SiteKey, Tax>>)[site.key as SiteKey];
  const paidMinor = order.payableMinor + order.ecashMinor;
  const origin = siteOrigin(
    site,
    brand,
    new URL(`https://${site.domain}`),
    config.NEW_BRAND_MARKER ?? brands.marker,
  );
  return {
    order,
    items,
    site,
    brand,
    lang,
    t: (key, options = {}) => t(key, options),
    buyer: { name: user?.name ?? '', email: user?.email ?? null },
    reference: paying?.reference ? `${paying.gateway}: ${paying.reference}` : null,
    tax: taxDef
      ? {
          label: taxDef.label[lang],
          percent: taxDef.percent,
          amountMinor: includedTax(paidMinor, taxDef.percent),
        }
      : null,
    link: `${origin}${localizedPath(lang, `/seeker/career-services/${order.id}`)}`,
    amount: (minor) => formatExact(minor, order.currency, lang, site),
    // The payment's day and time in the site's time zone and the mail's language (zone shown).
    date: (d) => formatDateTime(d, lang, site),
  };
}

/** The receipt's lines as text (the mail's body; the PDF shows the same). */
export function receiptLines(r: Receipt): { label: string; value: string }[] {
  const { t, order } = r;
  const lines = r.items.map((i) => ({
    label: i.planLabel
      ? `${i.title[r.lang] ?? i.title.en} (${i.planLabel[r.lang] ?? i.planLabel.en})`
      : (i.title[r.lang] ?? i.title.en ?? i.sku),
    value: r.amount(i.priceMinor),
  }));
  lines.push({ label: t('commerce:totals.subtotal'), value: r.amount(order.subtotalMinor) });
  if (order.discountMinor > 0)
    lines.push({
      label: t('commerce:totals.discount', { code: order.promoCode ?? '' }),
      value: `−${r.amount(order.discountMinor)}`,
    });
  if (order.ecashMinor > 0)
    lines.push({ label: t('commerce:totals.ecash'), value: `−${r.amount(order.ecashMinor)}` });
  lines.push({ label: t('commerce:totals.paid'), value: r.amount(order.payableMinor) });
  if (r.tax)
    lines.push({
      label: t('commerce:receiptMail.tax', { label: r.tax.label, percent: r.tax.percent }),
      value: r.amount(r.tax.amountMinor),
    });
  return lines;
}

function receiptText(r: Receipt): string {
  const { t, order } = r;
  return [
    t('commerce:receiptMail.greeting', { name: r.buyer.name }),
    '',
    t('commerce:receiptMail.intro'),
    '',
    t('commerce:order.number', { number: order.number }),
    `${t('commerce:receipt.paidOn')}: ${r.date(order.paidAt ?? order.createdAt)}`,
    '',
    ...receiptLines(r).map((l) => `${l.label}: ${l.value}`),
    '',
    t('commerce:receiptMail.reference', {
      reference: r.reference ?? t('commerce:receiptMail.noGateway'),
    }),
    t('commerce:receiptMail.link', { link: r.link }),
    '',
    t('commerce:receiptMail.signoff', { brand: r.brand.name }),
  ].join('\n');
}

/** Sends a paid order's receipt with its invoice once (see the module doc); true when sent now. */
export async function mailReceipt(db: Queryable, orderId: string): Promise<boolean> {
  const [claimed] = await db
    .update(orders)
    .set({ receiptMailedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paid'), isNull(orders.receiptMailedAt)))
    .returning({ id: orders.id });
  if (!claimed) return false;
  try {
    const r = await receiptOf(db, orderId);
    // A buyer without an address gets no mail; the claim stays (nothing to retry).
    if (!r?.buyer.email) return false;
    await getMailSender().send({
      to: r.buyer.email,
      from: mailFrom(r.site.domainName),
      siteContext: r.site.context,
      subject: r.t('commerce:receiptMail.subject', { number: r.order.number }),
      text: receiptText(r),
      attachments: [
        {
          filename: `invoice-${r.order.number}.pdf`,
          contentType: 'application/pdf',
          content: await renderInvoicePdf(r),
        },
      ],
    });
    return true;
  } catch (error) {
    await db.update(orders).set({ receiptMailedAt: null }).where(eq(orders.id, orderId));
    log.error({ err: error, order: orderId }, 'receipt mail not sent; retried later');
    return false;
  }
}

/** Paid orders of the last week whose receipt did not go (a refused mail, a stopped server). */
export async function mailDueReceipts(db: Queryable, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        isNull(orders.receiptMailedAt),
        gt(orders.paidAt, new Date(now.getTime() - 7 * 86_400_000)),
      ),
    )
    .orderBy(desc(orders.paidAt))
    .limit(100);
  let sent = 0;
  for (const { id } of due) if (await mailReceipt(db, id)) sent++;
  return sent;
}

/** The buyer's mail about a refund (once per refund: buyer_mailed_at is claimed first). */
export async function mailRefundToBuyer(db: Queryable, refund: PaymentRefund): Promise<void> {
  const [claimed] = await db
    .update(paymentRefunds)
    .set({ buyerMailedAt: new Date() })
    .where(and(eq(paymentRefunds.id, refund.id), isNull(paymentRefunds.buyerMailedAt)))
    .returning({ id: paymentRefunds.id });
  if (!claimed) return;
  const [order] = await db.select().from(orders).where(eq(orders.id, refund.orderId));
  const site = order ? siteByContext(order.siteContext) : undefined;
  const user = order?.userId ? await getUser(order.userId, { db }) : null;
  if (!order || !site || !user?.email) return;
  const { lang, brand } = pickLangBrand(order, site);
  const t = getT(lang, brand.localeSuffix);
  const amount = formatExact(refund.amountMinor, refund.currency, lang, site);
  const link = `${siteOrigin(site, brand, new URL(`https://${site.domain}`), config.NEW_BRAND_MARKER ?? brands.marker)}${localizedPath(lang, `/seeker/career-services/${order.id}`)}`;
  try {
    await getMailSender().send({
      to: user.email,
      from: mailFrom(site.domainName),
      siteContext: site.context,
      subject: t('commerce:receiptMail.refundSubject', { number: order.number }),
      text: [
        t('commerce:receiptMail.greeting', { name: user.name }),
        '',
        t('commerce:receiptMail.refundBody', {
          amount,
          number: order.number,
          reason: t(`commerce:refunds.reason.${refund.reason}`),
        }),
        '',
        t('commerce:receiptMail.reference', {
          reference: `${refund.gateway}: ${refund.reference}`,
        }),
        t('commerce:receiptMail.link', { link }),
        '',
        t('commerce:receiptMail.signoff', { brand: brand.name }),
      ].join('\n'),
    });
  } catch (error) {
    await db
      .update(paymentRefunds)
      .set({ buyerMailedAt: null })
      .where(eq(paymentRefunds.id, refund.id));
    log.error({ err: error, refund: refund.id }, 'refund mail not sent');
  }
}

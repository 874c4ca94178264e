/**
 * A paid order's invoice as a PDF, with the resume builder's stack (pdfkit, its embedded fonts
 * and line layout, so Hindi and right-to-left Arabic come out shaped): the brand, the site's
 * address, the order, its lines and totals, the included tax and the payment reference.
 */
import { siteAddress } from '~/lib/sites/address';
import { openPdf, Writer } from '~/server/builder/pdf';
import { receiptLines, type Receipt } from './receipt';

export async function renderInvoicePdf(r: Receipt): Promise<Uint8Array> {
  const { t, order } = r;
  const title = t('commerce:receiptMail.invoiceTitle', { number: order.number });
  const { doc, done } = openPdf(r.lang, {
    Title: title,
    Author: r.brand.name,
    Subject: order.number,
  });
  const w = new Writer(doc, r.lang === 'ar');
  const muted = '#4b5563';
  w.paragraph(r.brand.name, { size: 20, weight: 700, color: '#0b4f9c' });
  w.paragraph(siteAddress(r.site, r.lang), { size: 9, color: muted });
  w.paragraph(r.site.contact.infoEmail, { size: 9, color: muted, after: 10 });
  w.paragraph(title, { size: 15, weight: 700 });
  w.rule('#0b4f9c');
  w.paragraph(t('commerce:order.number', { number: order.number }), { size: 10.5 });
  w.paragraph(`${t('commerce:receipt.paidOn')}: ${r.date(order.paidAt ?? order.createdAt)}`, {
    size: 10.5,
  });
  const billed = r.buyer.email ? `${r.buyer.name} · ${r.buyer.email}` : r.buyer.name;
  w.paragraph(`${t('commerce:receipt.billedTo')}: ${billed}`, { size: 10.5, after: 10 });
  for (const line of receiptLines(r))
    w.paragraph(`${line.label}: ${line.value}`, { size: 10.5, after: 2 });
  w.y += 8;
  w.rule('#d1d5db');
  w.paragraph(
    t('commerce:receiptMail.reference', {
      reference: r.reference ?? t('commerce:receiptMail.noGateway'),
    }),
    { size: 9.5, color: muted },
  );
  w.paragraph(r.link, { size: 9, color: muted });
  doc.end();
  return done;
}

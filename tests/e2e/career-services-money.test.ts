/**
 * Career services money paths on the built portal: a guest sent to log in from the cart who
 * registers instead comes back to the cart with their items; two tabs paying one order get one
 * gateway page and the paid order offers its invoice PDF, in English, Hindi and Arabic alike; a
 * wrong method on the API is a JSON 405.
 */
import { request } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFromServicePage } from './cart-helpers';
import { launchChromium, port, siteUrl } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const origin = () => siteUrl('rexmonster');

describe('career services money paths, India site', () => {
  let buyer: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    buyer = await browser.newContext();
    page = await buyer.newPage();
  });
  afterAll(async () => {
    await buyer?.close();
  });

  it("Register for free on the cart's login step comes back to the cart, the guest's items merged", async () => {
    await addFromServicePage(page, origin(), 'featured-profile/3-months');
    await page.locator('button[value=checkout]').click();
    await page.waitForURL(/\/rio\/login\?returnUrl=/);
    await page.getByRole('link', { name: 'Register for free' }).click();
    await page.waitForURL(/\/seeker\/registration\?returnUrl=%2Fcareer-services%2Fcart/);
    const n = `${Date.now()}`.slice(-8);
    await page.locator('input[name=careerStage][value=professional]').check();
    await page.locator('[name=name]').fill('Meera Iyer');
    await page.locator('[name=email]').fill(`money${n}@example.com`);
    await page.locator('[name=password]').fill('secret123pass');
    await page.locator('[name=mobile]').fill(`9${n}2`);
    await page.locator('#registration button[type=submit]').click();
    await page.waitForURL(/\/career-services\/cart$/);
    expect(await page.locator('.cs-lines li').first().textContent()).toContain('Featured Profile');
  });

  it('two tabs paying one order get one gateway page; the paid order offers its invoice PDF', async () => {
    await page.locator('button[value=checkout]').click();
    await page.waitForURL(/\/career-services\/checkout\//);
    const orderId = page.url().split('/').pop()!;
    const second = await buyer.newPage();
    await second.goto(page.url());
    const pay = (p: Page) =>
      p.evaluate(async (id) => {
        const res = await fetch('/api/trex/career-services/api/v1/makePayment', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ orderId: id }),
        });
        return (await res.json()).data.redirectUrl as string;
      }, orderId);
    const [a, b] = await Promise.all([pay(page), pay(second)]);
    expect(a).toMatch(/^\/career-services\/gateway\/tp_/);
    expect(b).toBe(a);
    await second.close();

    await page.goto(`${origin()}${a}`);
    await page.locator('button[value=paid]').click();
    await page.waitForURL(/\/seeker\/career-services\/.+\?payment=paid/);
    const link = page.getByRole('link', { name: 'Download the invoice (PDF)' });
    const href = await link.getAttribute('href');
    expect(href).toBe(`/seeker/career-services/${orderId}/invoice`);
    const pdfOf = (url: string) =>
      page.evaluate(async (u) => {
        const res = await fetch(u);
        const bytes = new Uint8Array(await res.arrayBuffer());
        return {
          type: res.headers.get('content-type'),
          head: String.fromCharCode(...bytes.slice(0, 5)),
        };
      }, url);
    expect(await pdfOf(href!)).toEqual({ type: 'application/pdf', head: '%PDF-' });
    // The order page's own link under /hi/ and /ar/ (a rewrite reaches the route without params).
    for (const lang of ['hi', 'ar']) {
      await page.goto(`${origin()}/${lang}/seeker/career-services/${orderId}`);
      const localized = await page.locator('a[href$="/invoice"]').getAttribute('href');
      expect(localized).toBe(`/${lang}/seeker/career-services/${orderId}/invoice`);
      expect(await pdfOf(localized!)).toEqual({ type: 'application/pdf', head: '%PDF-' });
    }
  });

  it('DELETE and PUT on a career services call answer the JSON envelope with 405 and Allow', async () => {
    const answers = await page.evaluate(async () =>
      Promise.all(
        ['DELETE', 'PUT'].map(async (method) => {
          const res = await fetch('/api/trex/career-services/api/v1/getCart', { method });
          return {
            status: res.status,
            allow: res.headers.get('allow'),
            body: await res.json(),
          };
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(405);
      expect(answer.allow).toBe('GET, HEAD, POST');
      expect(answer.body).toMatchObject({ success: false, data: null });
    }
    // Without a browser (no Origin): still the envelope, not the HTML 404 page.
    const bare = await new Promise<{ status: number; type: string | undefined }>(
      (resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: port(),
            path: '/api/trex/career-services/api/v1/getCart',
            method: 'DELETE',
            headers: { host: `rexmonster.localhost:${port()}` },
          },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(bare).toEqual({ status: 405, type: 'application/json; charset=utf-8' });
  });
});

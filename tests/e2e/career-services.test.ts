/**
 * Buying career services as a person would, on the built portal: a guest's cart survives
 * registration, an expired code is refused, a new user buys Career Booster on the India site with
 * a promo code through the test gateway and sees the paid order, its receipt and the active
 * subscription; the callback replayed pays once, a forged one is refused, a price sent by the
 * browser is ignored, and another user can read none of it. Then a server killed between the
 * payment and its callback loses no paid order.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFromServicePage } from './cart-helpers';
import { launchChromium, siteUrl } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

let seq = 0;
async function register(page: Page, origin: string): Promise<string> {
  const n = `${Date.now()}${++seq}`.slice(-8);
  const email = `buyer${n}@example.com`;
  await page.goto(`${origin}/seeker/registration`);
  await page.locator('input[name=careerStage][value=professional]').check();
  await page.locator('[name=name]').fill('Priya Sharma');
  await page.locator('[name=email]').fill(email);
  await page.locator('[name=password]').fill('secret123pass');
  await page.locator('[name=mobile]').fill(`9${n}1`);
  await page.locator('#registration button[type=submit]').click();
  await page.waitForURL(/\/seeker\/personal$/);
  return email;
}

async function addBooster(page: Page, origin: string) {
  await addFromServicePage(page, origin, 'career-booster/3-months');
}

async function applyCode(page: Page, code: string) {
  await page.locator('#promoCode').fill(code);
  await page.locator('form:has(#promoCode) button').click();
  await page.waitForLoadState();
}

const totalOf = async (page: Page) => (await page.locator('dd.cs-grand').textContent())?.trim();

describe('career services, India site', () => {
  let buyer: BrowserContext;
  let page: Page;
  let orderUrl = '';
  let callbackUrl = '';
  const origin = () => siteUrl('rexmonster');

  beforeAll(async () => {
    buyer = await browser.newContext();
    page = await buyer.newPage();
  });
  afterAll(async () => {
    await buyer?.close();
  });

  it("a guest's cart survives registration, and the header counts it", async () => {
    await addBooster(page, origin());
    await expect.poll(() => page.locator('.cart-badge').textContent()).toBe('1');
    await register(page, origin());
    await page.goto(`${origin()}/career-services/cart`);
    expect(await page.locator('.cs-lines li').first().textContent()).toContain('Career Booster');
    expect(await totalOf(page)).toBe('₹ 4,000');
  });

  it('an expired promo code gets a message and changes nothing', async () => {
    // The cart island answers in place (or the page reloads without JavaScript): wait for it.
    await applyCode(page, 'DIWALI25');
    await expect
      .poll(() => page.locator('#promo-error').textContent())
      .toContain('This promo code has expired.');
    expect(await totalOf(page)).toBe('₹ 4,000');
    await applyCode(page, 'WELCOME20');
    await expect.poll(() => totalOf(page)).toBe('₹ 3,200');
  });

  it('pays through the test gateway; prices sent by the browser are ignored', async () => {
    await page.locator('button[value=checkout]').click();
    await page.waitForURL(/\/career-services\/checkout\//);
    const orderId = page.url().split('/').pop()!;
    // A tampered request: the browser claims a price and a total of 1.
    const answer = await page.evaluate(async (id) => {
      const res = await fetch('/api/trex/career-services/api/v1/makePayment', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderId: id, amount: 1, total: 1, price: 1, payableMinor: 1 }),
      });
      return res.json();
    }, orderId);
    expect(answer.data.status).toBe('redirect');
    await page.goto(`${origin()}${answer.data.redirectUrl}`);
    expect(await page.locator('.cs-big').textContent()).toBe('₹ 3,200.00');

    page.on('response', (res) => {
      if (res.url().includes('/career-services/gateway/') && res.status() === 303)
        callbackUrl = new URL(res.headers().location!, origin()).href;
    });
    await page.locator('button[value=paid]').click();
    await page.waitForURL(/\/seeker\/career-services\/.+\?payment=paid/);
    orderUrl = page.url().split('?')[0]!;
    expect(orderUrl).toContain(orderId);
    expect(await page.locator('.cs-status').first().textContent()).toBe('Paid');
    expect(await page.locator('dd.cs-grand').textContent()).toBe('₹ 3,200');
    expect(await page.locator('h1').textContent()).toBe('Receipt');
  });

  it('shows the order, its receipt and the active subscription; the cart is empty', async () => {
    await page.goto(`${origin()}/seeker/career-services`);
    expect(await page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('tbody .cs-status').textContent()).toBe('Paid');
    await page.goto(`${origin()}/seeker/subscriptions`);
    const row = page.locator('tbody tr').first();
    expect(await row.textContent()).toContain('Career Booster');
    expect(await row.locator('.cs-status').textContent()).toBe('Active');
    await page.goto(`${origin()}/career-services/cart`);
    expect(await page.locator('.cs-panel p').first().textContent()).toBe('Your cart is empty.');
  });

  it('the same callback again pays once; a forged signature is refused', async () => {
    expect(callbackUrl).toContain('sig=');
    const again = await page.goto(callbackUrl);
    expect(again?.url()).toContain(orderUrl);
    const forged = new URL(callbackUrl);
    forged.searchParams.set('sig', 'x'.repeat(43));
    expect((await page.goto(forged.href))?.status()).toBe(400);
    const orders = await page.evaluate(async () =>
      (await fetch('/api/trex/career-services/api/v1/getOrders')).json(),
    );
    expect(orders.data).toHaveLength(1);
    expect(orders.data[0].status).toBe('paid');
  });

  it("another user can read none of the buyer's orders, receipts or cart", async () => {
    const other = await browser.newContext();
    const page2 = await other.newPage();
    await register(page2, origin());
    const orderId = orderUrl.split('/').pop()!;
    expect((await page2.goto(orderUrl))?.status()).toBe(404);
    expect((await page2.goto(`${origin()}/career-services/checkout/${orderId}`))?.status()).toBe(
      404,
    );
    const api = await page2.evaluate(
      async (id) =>
        (await fetch(`/api/trex/career-services/api/v1/getOrders?orderId=${id}`)).status,
      orderId,
    );
    expect(api).toBe(404);
    const cart = await page2.evaluate(async () =>
      (await fetch('/api/trex/career-services/api/v1/getCart')).json(),
    );
    expect(cart.data.count).toBe(0);
    await other.close();
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** A server of its own, so the test can kill it; what it printed is named if it never answers. */
async function startServer(dataDir: string, serverPort: number): Promise<ChildProcess> {
  const logFile = `${dataDir}.log`;
  const log = openSync(logFile, 'a');
  const child = spawn('npm', ['run', 'serve'], {
    env: {
      ...process.env,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_JOBS: '0',
      DATABASE_URL: '',
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${serverPort}/healthz`)).ok) return child;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
}

describe('a server killed between the payment and its callback', { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-kill-'));
  let killPort = 0;
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.log`, { force: true });
  });

  it('loses no paid order: the next start settles it', async () => {
    killPort = await freePort();
    child = await startServer(dataDir, killPort);
    const origin = `http://rexmonster.localhost:${killPort}`;
    const context = await browser.newContext();
    const page = await context.newPage();
    await register(page, origin);
    await addBooster(page, origin);
    await page.locator('button[value=checkout]').click();
    await page.waitForURL(/\/career-services\/checkout\//);
    const orderId = page.url().split('/').pop()!;
    await page.locator('.cs-actions button[type=submit]').click();
    await page.waitForURL(/\/career-services\/gateway\//);
    // The gateway takes the money; the payer's way back never reaches the shop.
    await page.route('**/career-services/payment/**', (route) => route.abort());
    await page
      .locator('button[value=paid]')
      .click()
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 500));
    process.kill(-child.pid!, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 1000));

    child = await startServer(dataDir, killPort);
    await page.unroute('**/career-services/payment/**');
    await expect
      .poll(
        async () => {
          await page.goto(`${origin}/seeker/career-services/${orderId}`);
          return page.locator('.cs-status').first().textContent();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe('Paid');
    await page.goto(`${origin}/seeker/subscriptions`);
    expect(await page.locator('tbody .cs-status').first().textContent()).toBe('Active');
    await context.close();
  });
});

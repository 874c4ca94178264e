/** Requests and contexts the chrome end-to-end tests share (phone browser, form posts, JSON calls). */
import { request } from 'node:http';
import { expect } from 'vitest';
import type { Browser, BrowserContext } from 'playwright';
import { islandUrls, port } from './helpers';

export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
};

/** A form POST from Node with the site's own Origin. */
export function postForm(
  context: string,
  pathname: string,
  values: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  const body = new URLSearchParams(values).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(),
        path: pathname,
        method: 'POST',
        headers: {
          host: `${context}.localhost:${port()}`,
          origin: `http://${context}.localhost:${port()}`,
          accept: 'text/html',
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A page's HTML as a phone browser gets it, with optional cookies. */
export function getAsPhone(
  context: string,
  pathname: string,
  cookie = '',
  userAgent = PHONE.userAgent,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(),
        path: pathname,
        headers: {
          host: `${context}.localhost:${port()}`,
          'user-agent': userAgent,
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve(body));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export const cookieValue = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []]
    .flat()
    .map((c) => new RegExp(`^${name}=([^;]*)`).exec(c)?.[1])
    .find(Boolean);

/** A JSON request from Node with the site's own Origin (cookies passed in and returned). */
export function callJson(
  context: string,
  method: 'GET' | 'POST',
  pathname: string,
  body?: unknown,
  cookie = '',
): Promise<{
  status: number;
  json: { success: boolean; data: Record<string, unknown> };
  setCookie: string[];
}> {
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(),
        path: pathname,
        method,
        headers: {
          host: `${context}.localhost:${port()}`,
          origin: `http://${context}.localhost:${port()}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (data += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            json: JSON.parse(data) as { success: boolean; data: Record<string, unknown> },
            setCookie: [res.headers['set-cookie'] ?? []].flat(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** A phone browser context logged in as a newly registered professional seeker. */
export async function loggedInContext(browser: Browser, context: string): Promise<BrowserContext> {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const answer = await postForm(context, '/seeker/registration', {
    careerStage: 'professional',
    name: 'Menu Tester',
    email: `menu-${run}@example.com`,
    password: `menu${run}pass`,
    isdCode: context === 'rexmonster' ? '91' : '971',
    // A mobile of the chosen code (the rule checks numbers by country): 98xxxxxxxx, 050xxxxxxx.
    mobile: `${context === 'rexmonster' ? '98' : '050'}${String(Math.floor(Math.random() * 1e7)).padStart(context === 'rexmonster' ? 8 : 7, '0')}`,
  });
  expect(answer.status).toBe(303);
  const session = cookieValue(answer.headers['set-cookie'], 'MSSOCLIENT');
  expect(session).toBeTruthy();
  const ctx = await browser.newContext(PHONE);
  await ctx.addCookies([
    { name: 'MSSOCLIENT', value: session!, domain: `${context}.localhost`, path: '/' },
  ]);
  return ctx;
}

/**
 * A page as a browser shows it once its server islands have arrived: the page's HTML followed by
 * each island's HTML, asked for with the same cookies and user agent.
 */
export async function withVisitorParts(
  context: string,
  pathname: string,
  cookie = '',
  userAgent = PHONE.userAgent,
): Promise<string> {
  const page = await getAsPhone(context, pathname, cookie, userAgent);
  const parts = await Promise.all(
    islandUrls(page).map((url) => getAsPhone(context, url, cookie, userAgent)),
  );
  return [page, ...parts].join('\n');
}

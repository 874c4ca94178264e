/**
 * From Node: forged cross-site POSTs refused (JSON, forms, text/plain, fetch metadata) while the
 * site's own go through; security headers, and Secure cookies and HSTS behind HTTPS.
 */
import { describe, expect, it } from 'vitest';
import { get, port, textOf } from './helpers';
import { account, form, originOf, post } from './accounts-helpers';

const fresher = account('fresher');

describe('request forgery and headers', () => {
  it('refuses cross-site POSTs whatever the body type', async () => {
    const evil = { origin: 'https://evil.example' };
    const json = await post('rexmonster.localhost', '/api/middleware/logout', '{}', {
      ...evil,
      'content-type': 'application/json',
    });
    expect(json.status).toBe(403);
    expect(JSON.parse(json.body)).toMatchObject({ success: false, status: 0 });
    expect(JSON.parse(json.body).error).toMatch(/did not come from this site/);

    const formPost = await post(
      'rexmonster.localhost',
      '/rio/login',
      form({ intent: 'password', email: fresher.email, password: fresher.password }),
      evil,
    );
    expect(formPost.status).toBe(403);
    expect(textOf(formPost.body, 'h1')).toBe('This request was refused');
    expect(formPost.headers['set-cookie']).toBeUndefined();

    const arabic = await post('monstergulf.localhost', '/ar/seeker/apply', 'jobIds=1', evil);
    expect(arabic.status).toBe(403);
    expect(textOf(arabic.body, 'h1')).toBe('تم رفض هذا الطلب');

    const textPlain = await post('rexmonster.localhost', '/seeker/registration', 'x=1', {
      'content-type': 'text/plain',
    });
    expect(textPlain.status).toBe(403);
    const fetchCrossSite = await post('rexmonster.localhost', '/api/middleware/logout', '{}', {
      'content-type': 'application/json',
      'sec-fetch-site': 'cross-site',
    });
    expect(fetchCrossSite.status).toBe(403);
    // The same POST from the site itself goes through.
    const own = await post('rexmonster.localhost', '/api/middleware/logout', '{}', {
      origin: originOf('rexmonster'),
      'content-type': 'application/json',
    });
    expect(own.status).toBe(200);
  });

  it('sends security headers, and Secure cookies and HSTS behind HTTPS', async () => {
    const page = await get('rexmonster.localhost', '/rio/login');
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(page.headers['content-security-policy']).toMatch(/script-src/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['strict-transport-security']).toBeUndefined();

    const https = account('https');
    const answer = await post(
      'rexmonster.localhost',
      '/seeker/registration',
      form({
        careerStage: 'fresher',
        name: https.name,
        email: https.email,
        password: https.password,
        isdCode: '91',
        mobile: https.mobile,
      }),
      { origin: `https://rexmonster.localhost:${port()}`, 'x-forwarded-proto': 'https' },
    );
    expect(answer.status).toBe(303);
    const cookie = String(answer.headers['set-cookie']);
    expect(cookie).toMatch(/^MSSOCLIENT=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/);
    expect(answer.headers['strict-transport-security']).toMatch(/max-age=/);
  });
});

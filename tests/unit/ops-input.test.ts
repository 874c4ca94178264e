import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { MAX_TEXT_LENGTH, TextTooLongError, cleanInput, cleanText } from '~/lib/validation/clean';
import { formToObject } from '~/lib/validation/account';
import { ValidationError, parseBody, parseQuery } from '~/server/api/envelope';
import { errorStatus } from '~/server/http/failure';
import { isHttps, siteOrigin } from '~/server/http/request';
import { scrub } from '~/server/ops/logger';

const INDIA = ['www.jobharbor.com', 'jobharbor.com'];

function context(url: string, headers: Record<string, string> = {}) {
  return { url: new URL(url), request: new Request(url, { headers }) };
}

describe('input cleaning', () => {
  it('drops NUL and other control characters, keeps tabs and line breaks', () => {
    expect(cleanText('a\u0000b\u0007c\td\ne\r\n')).toBe('abc\td\ne\r\n');
  });

  it('replaces lone surrogates and keeps real pairs (emoji, Devanagari, Arabic)', () => {
    expect(cleanText('x\ud800y\udc00')).toBe('x\ufffdy\ufffd');
    expect(cleanText('नमस्ते 😀 مرحبا')).toBe('नमस्ते 😀 مرحبا');
  });

  it('cleans nested bodies and refuses an over-long text naming its field', () => {
    expect(cleanInput({ a: ['b\u0000'], c: { d: 'e\u0000' }, n: 1 })).toEqual({
      a: ['b'],
      c: { d: 'e' },
      n: 1,
    });
    expect(() => cleanInput({ skills: ['ok', 'x'.repeat(MAX_TEXT_LENGTH + 1)] })).toThrow(
      TextTooLongError,
    );
    try {
      cleanInput({ skills: ['ok', 'x'.repeat(MAX_TEXT_LENGTH + 1)] });
    } catch (error) {
      expect((error as TextTooLongError).field).toBe('skills.1');
    }
  });

  it('is applied by the envelope to query strings and JSON and form bodies', async () => {
    const Schema = v.object({ text: v.string(), skills: v.optional(v.array(v.string())) });
    await expect(parseQuery(Schema, 'http://x/?text=ja%00va')).resolves.toEqual({ text: 'java' });
    const json = new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'a\ud800', skills: ['b\u0000'] }),
    });
    await expect(parseBody(Schema, json)).resolves.toEqual({ text: 'a\ufffd', skills: ['b'] });
    const long = new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ text: 'x'.repeat(MAX_TEXT_LENGTH + 1) }).toString(),
    });
    const refused = await parseBody(Schema, long).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).status).toBe(422);
    expect((refused as ValidationError).errors[0]?.field).toBe('text');
  });

  it('is applied by formToObject, which every page form goes through', () => {
    const form = new FormData();
    form.append('name', 'Priya\u0000 Sharma');
    expect(formToObject(form)).toEqual({ name: 'Priya Sharma' });
  });

  it('answers a database data exception with 400, anything else with 500', () => {
    const nul = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    expect(errorStatus(new Error('Failed query', { cause: nul }))).toBe(400);
    expect(errorStatus(Object.assign(new Error('x'), { code: '54000' }))).toBe(400);
    expect(errorStatus(Object.assign(new Error('x'), { code: '23505' }))).toBe(500);
    expect(errorStatus(new Error('boom'))).toBe(500);
  });
});

describe('proxy headers and hosts', () => {
  it('counts X-Forwarded-Proto only from a trusted proxy', () => {
    const fromProxy = {
      ...context('http://www.jobharbor.com/', { 'x-forwarded-proto': 'https' }),
      clientAddress: '10.0.0.5',
    };
    expect(isHttps(fromProxy, false)).toBe(false);
    expect(isHttps(fromProxy, true)).toBe(true);
    expect(isHttps(fromProxy, ['10.0.0.0/8'])).toBe(true);
    // The same header from a peer that is not one of our proxies is the client's own claim.
    expect(isHttps({ ...fromProxy, clientAddress: '192.0.2.1' }, ['10.0.0.0/8'])).toBe(false);
    expect(isHttps(context('https://www.jobharbor.com/'), false)).toBe(true);
  });

  it("builds absolute URLs from the site's configured domain, never from an unknown Host", () => {
    const evil = context('http://evil.example/', { host: 'evil.example' });
    expect(siteOrigin(evil, INDIA, false)).toBe('https://www.jobharbor.com');
    const own = context('http://jobharbor.com/', { host: 'jobharbor.com' });
    expect(siteOrigin(own, INDIA, true)).toBe('https://jobharbor.com');
    const local = context('http://rexmonster.localhost:4321/', {
      host: 'rexmonster.localhost:4321',
    });
    expect(siteOrigin(local, INDIA, false)).toBe('http://rexmonster.localhost:4321');
    const lookalike = context('http://www.jobharbor.com.evil.example/', {
      host: 'www.jobharbor.com.evil.example',
    });
    expect(siteOrigin(lookalike, INDIA, true)).toBe('https://www.jobharbor.com');
  });
});

describe('log scrubbing', () => {
  it('masks emails, phone numbers, codes and tokens in any text', () => {
    const line = scrub(
      'OTP 482913 sent to +91 98765 43210 and priya.sharma@example.com, session Zx8_kq3Lm0pQrStUvWxYz12345678',
    );
    expect(line).not.toMatch(/482913|98765|43210|priya|Zx8_kq3/);
    expect(line).toContain('[email]');
  });

  it('drops the parameters of a failed query', () => {
    expect(scrub('Failed query: insert into users values ($1)\nparams: Priya,secret')).toBe(
      'Failed query: insert into users values ($1)\nparams: [redacted]',
    );
  });
});

/**
 * Input nobody types on purpose, sent to every route the portal has: a NUL character, a lone
 * UTF-16 surrogate and over-long text, in the query string, in JSON bodies and in every field of
 * every form a logged-in seeker sees. Routes are read from src/pages, so a new page or endpoint is
 * covered without touching this file. Whatever the route does with it, the answer must be a
 * message (4xx, or a page that ignores the input), never a 5xx and never an empty body.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { port } from './helpers';
import { routes } from './routes';

const HOST = 'rexmonster.localhost';
const NUL = 'Java\u0000Developer';
const SURROGATE = 'Java\ud800Developer';
const LONG = 'x'.repeat(20_000);

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One request; when the connection is cut before any answer (EPIPE, ECONNRESET: a server that
 * refuses a body before reading it closes while the body is still being written, and the
 * reset can take its answer with it), it is sent again, twice at most.
 */
async function send(
  method: string,
  urlPath: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendOnce(method, urlPath, body, headers);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt >= 3 || (code !== 'EPIPE' && code !== 'ECONNRESET')) throw error;
    }
  }
}

function sendOnce(
  method: string,
  urlPath: string,
  body: string | undefined,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(),
        path: urlPath,
        method,
        headers: {
          host: `${HOST}:${port()}`,
          origin: `http://${HOST}:${port()}`,
          ...(cookie ? { cookie } : {}),
          ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let cookie = '';
/** A JSON body the API reads (its limit is 1 MB), with room for the names and quotes. */
const MAX_JSON_BODY = 900 * 1024;
/** The field names in groups whose values of `valueLength` characters fit in `bytes`. */
function groupsWithin(bytes: number, valueLength: number): string[][] {
  const names = [...fieldNames];
  const size = Math.max(1, Math.floor(bytes / (valueLength + 64)) - 2);
  const groups: string[][] = [];
  for (let i = 0; i < names.length; i += size) groups.push(names.slice(i, i + size));
  return groups;
}
const fieldNames = new Set([
  'text',
  'query',
  'q',
  'keyword',
  'location',
  'name',
  'firstName',
  'lastName',
  'headline',
  'designation',
  'company',
  'skills',
  'keySkills',
  'email',
  'mobile',
  'password',
  'otp',
  'institute',
  'course',
  'specialization',
  'profileTitle',
  'summary',
]);

/** What a seeker's pages offer to fill in: every POST form with its fields. */
interface FormSpec {
  /** The session of the seeker who was shown the form (a fresher or an experienced one). */
  cookie: string;
  page: string;
  action: string;
  fields: { name: string; value: string; editable: boolean }[];
}
const forms: FormSpec[] = [];

function parseForms(page: string, html: string): FormSpec[] {
  const found: FormSpec[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const attrs = match[1] ?? '';
    if (!/method="post"/i.test(attrs) || /multipart/i.test(attrs)) continue;
    const action = /action="([^"]*)"/.exec(attrs)?.[1]?.replace(/&amp;/g, '&') || page;
    // Signing out would end the session the other forms are sent with.
    if (action.startsWith('/rio/sign-out')) continue;
    const fields: FormSpec['fields'] = [];
    for (const input of (match[2] ?? '').matchAll(/<(input|textarea|select)\b([^>]*)>/g)) {
      const a = input[2] ?? '';
      const name = /name="([^"]+)"/.exec(a)?.[1];
      if (!name) continue;
      const type = /type="([^"]+)"/.exec(a)?.[1] ?? 'text';
      const value = /value="([^"]*)"/.exec(a)?.[1] ?? '';
      const editable =
        input[1] === 'textarea' ||
        (input[1] === 'input' &&
          ['text', 'search', 'email', 'tel', 'password', 'url', 'number', 'date'].includes(type));
      fields.push({ name, value, editable });
      fieldNames.add(name);
    }
    found.push({ cookie, page, action, fields });
  }
  return found;
}

/** A 5xx or an empty body is the failure; everything else is the route's own answer. */
function expectHandled(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
  if (answer.status >= 400) expect(answer.body.length, `${what}: empty body`).toBeGreaterThan(0);
}

const all = routes();

describe('hostile input on every route', () => {
  beforeAll(async () => {
    // A fresher and a professional: their profile pages show different sections.
    for (const careerStage of ['fresher', 'professional']) {
      cookie = '';
      const stamp = Date.now().toString().slice(-8);
      const registered = await send(
        'POST',
        '/seeker/registration',
        new URLSearchParams({
          careerStage,
          name: 'Hostile Tester',
          email: `hostile${careerStage}${stamp}@example.com`,
          password: 'secret1pass',
          isdCode: '91',
          mobile: `9${careerStage === 'fresher' ? 8 : 7}${stamp}`,
        }).toString(),
        { 'content-type': 'application/x-www-form-urlencoded' },
      );
      expect(registered.status, registered.body.slice(0, 200)).toBe(303);
      cookie = String(registered.headers['set-cookie'] ?? '').split(';')[0]!;
      for (const route of all.filter((r) => r.page)) {
        const page = await send('GET', route.path);
        if (page.status === 200) forms.push(...parseForms(route.path, page.body));
      }
    }
  });

  afterAll(() => {
    cookie = '';
  });

  it('finds the pages and endpoints, and forms to fill in', () => {
    expect(all.length).toBeGreaterThan(30);
    expect(all.some((r) => r.path === '/api/raven/api/public/search/v1/auto-fill')).toBe(true);
    expect(forms.length).toBeGreaterThan(5);
    const sections = forms
      .filter((f) => f.page === '/seeker/profile')
      .map((f) => f.fields.find((field) => field.name === 'section')?.value);
    for (const section of [
      'renameProfile',
      'skills',
      'education',
      'employment',
      'currentLocation',
    ]) {
      expect(sections, section).toContain(section);
    }
    expect(forms.some((f) => f.page === '/seeker/personal')).toBe(true);
  });

  it('answers a NUL in the query string of any route with a 400 and a message', async () => {
    for (const route of all) {
      const answer = await send('GET', `${route.path}?text=a%00b&q=a%00b&query=a%00b`);
      expect(answer.status, route.path).toBe(400);
      expect(answer.body.length, route.path).toBeGreaterThan(0);
    }
    // The public autosuggest says what is wrong in its envelope.
    const suggest = await send('GET', '/api/raven/api/public/search/v1/auto-fill?text=a%00b');
    expect(JSON.parse(suggest.body)).toMatchObject({ success: false, data: null });
  });

  it('handles over-long query text on every route without a server error', async () => {
    const long = 'x'.repeat(6_000);
    for (const route of all) {
      for (const method of route.methods.includes('GET') ? ['GET'] : []) {
        expectHandled(
          await send(method, `${route.path}?text=${long}&q=${long}`),
          `${method} ${route.path}`,
        );
      }
    }
  });

  it('handles NUL, lone surrogates and over-long text in JSON bodies of every endpoint', async () => {
    for (const route of all) {
      for (const method of route.methods.filter((m) => m !== 'GET')) {
        for (const value of [NUL, SURROGATE, LONG]) {
          // Over-long text in every field, the fields in groups so that a body stays within the
          // API's 1 MB (a body over it is refused before it is read: bounded-requests.test.ts).
          for (const names of groupsWithin(MAX_JSON_BODY, value.length)) {
            const body: Record<string, unknown> = {};
            for (const name of names) body[name] = value;
            body.skills = [value, value];
            const answer = await send(method, route.path, JSON.stringify(body), {
              'content-type': 'application/json',
            });
            expectHandled(answer, `${method} ${route.path} ${JSON.stringify(value.slice(0, 12))}`);
          }
        }
      }
    }
  });

  it('handles NUL and over-long text in every field of every form', async () => {
    for (const spec of forms) {
      for (const value of [NUL, LONG]) {
        const body = new URLSearchParams();
        for (const field of spec.fields)
          body.append(field.name, field.editable ? value : field.value);
        cookie = spec.cookie;
        const answer = await send('POST', spec.action, body.toString(), {
          'content-type': 'application/x-www-form-urlencoded',
        });
        expectHandled(answer, `form ${spec.page} -> ${spec.action}`);
      }
    }
  });

  it('cleans a NUL out of autosuggest text sent in a JSON body', async () => {
    const answer = await send(
      'POST',
      '/api/raven/api/public/search/v1/auto-fill',
      JSON.stringify({ text: 'ja\u0000va' }),
      { 'content-type': 'application/json' },
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).success).toBe(true);
  });

  it("gives an unknown Host the India site with the site's own absolute URLs", async () => {
    const asEvil = (urlPath: string) =>
      new Promise<Answer>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port: port(), path: urlPath, headers: { host: 'evil.example' } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
    const home = await asEvil('/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<link rel="canonical" href="https://www.jobharbor.com/">');
    expect(home.body).toContain('content="https://www.jobharbor.com/"');
    const sitemap = await asEvil('/sitemap.xml');
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(0);
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/www\.jobharbor\.com\//);
    const robots = await asEvil('/robots.txt');
    expect(robots.body).toContain('Sitemap: https://www.jobharbor.com/sitemap.xml');
    for (const answer of [home, sitemap, robots]) expect(answer.body).not.toContain('evil.example');
  });
});

/**
 * No raw validator text: every JSON API endpoint (the registry's, and every endpoint file under
 * src/pages/api that the registry does not name) is called as Astro calls it, as a logged-in
 * seeker and as a guest, with wrong shapes: a body that is an array, a string, a number or null,
 * and bodies and queries where every field the portal knows is an array, an object, a number, a
 * boolean or a huge string. In English, Hindi and Arabic (the x-language-code header the
 * api-client sends), every answer is below 500, and every message of a 4xx is the portal's own in
 * the request's language: never valibot's "Invalid type: Expected ... but received ...".
 */
import type { APIContext } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brands, siteByContext } from '../../sites';
import { HEADER_LANGUAGE_CODE } from '~/lib/api-client/headers';
import { RESUME_PARSER_PATHS, endpoints } from '~/lib/api-client/registry';
import type { Lang } from '~/lib/sites/schema';
import { ensureCountries } from '~/server/db/countries';
import { users } from '~/server/db/schema';
import { setLanguage } from '~/server/http/language';
import { backends, useFreshDb, type TestDb } from './db';

const DB_KEY = Symbol.for('jobportal.db');
type G = typeof globalThis & { [DB_KEY]?: Promise<TestDb> };

type Handler = (context: APIContext) => Response | Promise<Response>;
type RouteModule = Record<string, unknown>;

const files = import.meta.glob<RouteModule>('/src/pages/api/**/*.ts');
const validationModules = import.meta.glob<RouteModule>('/src/lib/validation/*.ts', {
  eager: true,
});

/** valibot's own English, which no answer may carry. */
const RAW_VALIDATOR = /Invalid (type|length|key|value|format)|Expected|received|ValiError/;
const SCRIPT: Record<Lang, RegExp> = {
  en: /[A-Za-z]/,
  hi: /[\u0900-\u097F]/,
  ar: /[\u0600-\u06FF]/,
};
const LANGS: Lang[] = ['en', 'hi', 'ar'];

interface Route {
  file: string;
  pattern: RegExp;
  names: string[];
}

const routes: Route[] = Object.keys(files)
  .filter((file) => !file.endsWith('/[...path].ts'))
  .map((file) => {
    const rel = file.replace('/src/pages', '').replace(/\.ts$/, '');
    const names: string[] = [];
    const source = rel
      .split('/')
      .map((part) => {
        const rest = /^\[\.\.\.(\w+)\]$/.exec(part);
        if (rest) return (names.push(rest[1]!), '(.+)');
        const one = /^\[(\w+)\]$/.exec(part);
        if (one) return (names.push(one[1]!), '([^/]+)');
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    return { file, pattern: new RegExp(`^${source}$`), names };
  });

interface Call {
  file: string;
  method: string;
  path: string;
  params: Record<string, string>;
}

/** The registry's endpoints, then every endpoint file's methods the registry does not name. */
function calls(): Call[] {
  const out: Call[] = [];
  const paths = [
    ...Object.values(endpoints)
      .filter((e) => e.path !== null && !e.path.startsWith('/'))
      .map((e) => ({ method: e.method as string, path: `/api/${e.path}` })),
    ...Object.values(RESUME_PARSER_PATHS).map((p) => ({ method: 'POST', path: `/api/${p}` })),
  ];
  const named = new Set<string>();
  for (const { method, path } of paths) {
    const route = routes.find((r) => r.pattern.test(path));
    if (!route) continue; // a static file or a path the catch-all answers 404
    const match = route.pattern.exec(path)!;
    named.add(route.file);
    out.push({
      file: route.file,
      method,
      path,
      params: Object.fromEntries(route.names.map((n, i) => [n, match[i + 1]!])),
    });
  }
  for (const route of routes.filter((r) => !named.has(r.file))) {
    const params = Object.fromEntries(
      route.names.map((n) => [n, n === 'gateway' ? 'razorpay' : '1']),
    );
    const path = route.file
      .replace('/src/pages', '')
      .replace(/\.ts$/, '')
      .replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, n: string) => params[n]!);
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'])
      out.push({ file: route.file, method, path, params });
  }
  return out;
}

interface SchemaNode {
  type?: string;
  kind?: string;
  entries?: Record<string, SchemaNode>;
  wrapped?: SchemaNode;
  item?: SchemaNode;
  options?: SchemaNode[];
  pipe?: SchemaNode[];
}

/** Every object key the portal's validation schemas name: the fields a wrong shape goes into. */
function knownFields(): string[] {
  const keys = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: SchemaNode | undefined) => {
    if (!node || typeof node !== 'object' || seen.has(node) || node.kind !== 'schema') return;
    seen.add(node);
    for (const [key, entry] of Object.entries(node.entries ?? {})) {
      keys.add(key);
      walk(entry);
    }
    walk(node.wrapped);
    walk(node.item);
    for (const option of node.options ?? []) walk(option);
  };
  for (const mod of Object.values(validationModules)) {
    for (const value of Object.values(mod)) walk(value as SchemaNode);
  }
  return [...keys];
}

/** Longer than any field of ours allows, shorter than the envelope's limit on any text. */
const LONG = 'ज'.repeat(600);
/** Over the limit on any text (MAX_TEXT_LENGTH), refused before a schema sees it. */
const TOO_LONG = 'ज'.repeat(10_001);
const WRONG_VALUES: unknown[] = [
  ['a', 'b'],
  { nested: { deeper: [1, 2] } },
  12345,
  true,
  LONG,
  Array.from({ length: 60 }, (_, i) => `item${i}`),
];
const WRONG_ROOTS: unknown[] = [[1, 2, 3], 'just text', 42, null];

interface Answer {
  status: number;
  messages: string[];
  text: string;
}

/** Every message an envelope carries: its error and each field error's message. */
function messagesOf(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const envelope = body as { error?: unknown; errors?: { message?: unknown }[] };
  return [
    ...(typeof envelope.error === 'string' && envelope.error !== '' ? [envelope.error] : []),
    ...(envelope.errors ?? []).map((e) => String(e.message ?? '')),
  ];
}

describe.each(backends)('API messages on %s', (backend) => {
  const t = useFreshDb(backend);
  let previous: Promise<TestDb> | undefined;
  let userId = '';

  beforeEach(async () => {
    previous = (globalThis as G)[DB_KEY];
    (globalThis as G)[DB_KEY] = Promise.resolve(t.handle);
    await ensureCountries(t.db);
    const [user] = await t.db
      .insert(users)
      .values({
        email: 'shapes@example.com',
        name: 'Shape Tester',
        careerStage: 'fresher',
        siteContext: 'rexmonster',
      })
      .returning();
    userId = user!.id;
  });
  afterEach(() => {
    (globalThis as G)[DB_KEY] = previous;
  });

  async function send(
    call: Call,
    lang: Lang,
    loggedIn: boolean,
    input: { body?: unknown; query?: string },
  ): Promise<Answer> {
    const mod = await files[call.file]!();
    const handler = (mod[call.method] ?? mod.ALL) as Handler | undefined;
    if (!handler) return { status: 405, messages: [], text: '' };
    const site = siteByContext('rexmonster')!;
    const url = `http://rexmonster.localhost${call.path}${input.query ?? ''}`;
    const hasBody = call.method !== 'GET' && input.body !== undefined;
    const request = new Request(url, {
      method: call.method,
      headers: {
        [HEADER_LANGUAGE_CODE]: lang.toUpperCase(),
        origin: 'http://rexmonster.localhost',
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
      },
      ...(hasBody ? { body: JSON.stringify(input.body) } : {}),
    });
    const jar = new Map<string, string>();
    const locals = {
      site,
      brand: brands.classic,
      pathname: call.path,
      origin: 'http://rexmonster.localhost',
      user: loggedIn
        ? {
            id: userId,
            name: 'Shape Tester',
            email: 'shapes@example.com',
            mobile: null,
            isdCode: null,
            careerStage: 'fresher',
            siteContext: 'rexmonster',
            mobileVerified: false,
            emailVerified: false,
            hasPassword: true,
            registrationStep: null,
          }
        : null,
    } as unknown as App.Locals;
    // The page's language is English; the client's header asks for the answer's language.
    setLanguage(locals, 'en');
    const context = {
      request,
      url: new URL(url),
      params: call.params,
      locals,
      site: new URL('http://rexmonster.localhost'),
      routePattern: call.file,
      clientAddress: '203.0.113.7',
      cookies: {
        get: (name: string) => (jar.has(name) ? { value: jar.get(name)! } : undefined),
        set: (name: string, value: string) => jar.set(name, value),
        delete: (name: string) => jar.delete(name),
        has: (name: string) => jar.has(name),
        headers: () => [][Symbol.iterator](),
      },
      redirect: (location: string, status = 302) =>
        new Response(null, { status, headers: { location } }),
    } as unknown as APIContext;
    const response = await handler(context);
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, messages: messagesOf(body), text };
  }

  it('answers wrong shapes on every endpoint with its own messages, in en, hi and ar', async () => {
    const fields = knownFields();
    expect(fields.length).toBeGreaterThan(30);
    const all = calls();
    expect(all.length).toBeGreaterThan(60);
    const problems: string[] = [];
    let refusals = 0;
    const check = (call: Call, lang: Lang, what: string, answer: Answer) => {
      const where = `${lang} ${call.method} ${call.path} ${what} → ${answer.status}`;
      if (answer.status >= 500) problems.push(`${where}: ${answer.text.slice(0, 200)}`);
      if (answer.status < 400) return;
      refusals += 1;
      for (const message of answer.messages) {
        if (RAW_VALIDATOR.test(message)) problems.push(`${where}: raw "${message.slice(0, 120)}"`);
        else if (!SCRIPT[lang].test(message))
          problems.push(`${where}: not in ${lang} "${message}"`);
      }
    };
    for (const call of all) {
      for (const lang of LANGS) {
        for (const loggedIn of [true, false]) {
          const who = loggedIn ? 'seeker' : 'guest';
          if (call.method === 'GET') {
            for (const value of WRONG_VALUES) {
              const query = `?${fields
                .flatMap((f) =>
                  (Array.isArray(value) ? value : [JSON.stringify(value)]).map(
                    (x) => `${encodeURIComponent(f)}=${encodeURIComponent(String(x))}`,
                  ),
                )
                .join('&')}`;
              const shape = Array.isArray(value) ? `repeated(${value.length})` : typeof value;
              check(
                call,
                lang,
                `${who} query ${shape}`,
                await send(call, lang, loggedIn, { query }),
              );
            }
            continue;
          }
          for (const body of [...WRONG_ROOTS, { [fields[0]!]: TOO_LONG }]) {
            check(
              call,
              lang,
              `${who} body ${JSON.stringify(body)}`,
              await send(call, lang, loggedIn, { body }),
            );
          }
          for (const value of WRONG_VALUES) {
            const body = Object.fromEntries(fields.map((f) => [f, value]));
            const shape = Array.isArray(value) ? `array(${value.length})` : typeof value;
            check(call, lang, `${who} fields ${shape}`, await send(call, lang, loggedIn, { body }));
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // Most of those calls are refused: the shapes reached the validators.
    expect(refusals).toBeGreaterThan(all.length * 6);
  }, 600_000);
});

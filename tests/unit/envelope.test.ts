import { log as serverLog } from '~/server/ops/logger';
import { describe, it, expect, vi } from 'vitest';
import type { APIContext } from 'astro';
import * as v from 'valibot';
import {
  endpoint,
  fail,
  HttpError,
  MALFORMED_JSON,
  NOT_FOUND,
  ok,
  parseBody,
  parseQuery,
  ValidationError,
} from '~/server/api/envelope';
import { ALL as notFoundRoute } from '~/pages/api/[...path]';
import { SOMETHING_WENT_WRONG } from '~/lib/api-client/messages';
import { readEnvelope } from '~/lib/api-client/client';

const context = (request: Request) =>
  ({ request, url: new URL(request.url) }) as unknown as APIContext;

const SearchQuery = v.object({
  query: v.pipe(
    v.string('Please enter a job title/role/skill to search'),
    v.minLength(1, 'Please enter a job title/role/skill to search'),
  ),
  skills: v.optional(v.array(v.string()), []),
  locations: v.optional(v.pipe(v.array(v.string()), v.maxLength(3, 'At most 3 locations'))),
  experience: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer('Experience must be a whole number')),
  ),
});

const CallbackBody = v.object({
  mobile: v.pipe(
    v.string('Please Enter Mobile Number'),
    v.regex(/^[6-9]\d{9,14}$/, 'Enter a Valid Mobile Number.'),
  ),
  name: v.pipe(v.string(), v.regex(/^[a-zA-Z ]{2,30}$/, 'Please enter a valid name')),
  industries: v.optional(
    v.pipe(v.array(v.string()), v.maxLength(2, 'At most 2 industries may be selected')),
  ),
});

async function read(response: Response) {
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function caught(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}

describe('ok and fail', () => {
  it('ok answers 200 with the success envelope and the JSON headers', async () => {
    const { status, headers, body } = await read(ok({ jobs: [1, 2] }));
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      error: '',
      status: 0,
      errors: [],
      data: { jobs: [1, 2] },
    });
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('ok takes a status and extra headers', async () => {
    const { status, headers } = await read(
      ok(null, { status: 201, headers: { location: '/api/x/1' } }),
    );
    expect(status).toBe(201);
    expect(headers.get('location')).toBe('/api/x/1');
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('fail without field errors has status 0', async () => {
    const { status, body } = await read(fail(404, 'Profile not found'));
    expect(status).toBe(404);
    expect(body).toEqual({
      success: false,
      error: 'Profile not found',
      status: 0,
      errors: [],
      data: null,
    });
  });

  it('fail with field errors has status 1', async () => {
    const errors = [{ field: 'mobile', message: 'Enter a Valid Mobile Number.' }];
    const { status, body } = await read(fail(422, 'Enter a Valid Mobile Number.', errors));
    expect(status).toBe(422);
    expect(body).toEqual({
      success: false,
      error: 'Enter a Valid Mobile Number.',
      status: 1,
      errors,
      data: null,
    });
  });

  it('round-trips through the client reader', async () => {
    const good = readEnvelope(await ok({ a: 1 }).json(), 200);
    expect(good).toEqual({ ok: true, data: { a: 1 }, httpStatus: 200 });
    const bad = readEnvelope(
      await fail(422, 'x', [{ field: 'f', message: 'Please select skills.' }]).json(),
      422,
    );
    expect(bad).toMatchObject({ ok: false, message: 'Please select skills.', status: 1 });
  });
});

describe('parseQuery', () => {
  it('splits comma-joined arrays back and keeps scalars', async () => {
    const url = new URL(
      'http://x/api/search?query=java&skills=java,sql,%20c%2B%2B&experience=4&locations=pune&locations=delhi',
    );
    expect(await parseQuery(SearchQuery, url)).toEqual({
      query: 'java',
      skills: ['java', 'sql', 'c++'],
      locations: ['pune', 'delhi'],
      experience: 4,
    });
  });

  it('accepts a string url and fills defaults', async () => {
    expect(await parseQuery(SearchQuery, '/api/search?query=sales')).toEqual({
      query: 'sales',
      skills: [],
    });
  });

  it('answers 400 with field-level messages', async () => {
    const error = await caught(
      parseQuery(SearchQuery, new URL('http://x/?experience=abc&locations=a,b,c,d')),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.status).toBe(400);
    expect(error.errors).toEqual([
      { field: 'query', message: 'Please enter a job title/role/skill to search' },
      { field: 'locations', message: 'At most 3 locations' },
      { field: 'experience', message: expect.any(String) },
    ]);
    expect(error.message).toBe('Please enter a job title/role/skill to search');
  });
});

describe('parseBody', () => {
  const post = (body: BodyInit, type?: string) =>
    new Request('http://x/api/callback', {
      method: 'POST',
      body,
      headers: type ? { 'content-type': type } : {},
    });

  it('reads JSON', async () => {
    const request = post(
      JSON.stringify({ mobile: '9876543210', name: 'Asha Rao' }),
      'application/json',
    );
    expect(await parseBody(CallbackBody, request)).toEqual({
      mobile: '9876543210',
      name: 'Asha Rao',
    });
  });

  it('reads urlencoded forms, splitting comma-joined arrays', async () => {
    const request = post(
      'mobile=9876543210&name=Asha&industries=IT,Banking',
      'application/x-www-form-urlencoded;charset=UTF-8',
    );
    expect(await parseBody(CallbackBody, request)).toEqual({
      mobile: '9876543210',
      name: 'Asha',
      industries: ['IT', 'Banking'],
    });
  });

  it('reads multipart forms, keeping files', async () => {
    const Upload = v.object({ file: v.file('Please Upload Resume'), source: v.string() });
    const form = new FormData();
    form.append('file', new File(['resume'], 'cv.pdf', { type: 'application/pdf' }));
    form.append('source', 'home');
    const parsed = await parseBody(
      Upload,
      new Request('http://x/', { method: 'POST', body: form }),
    );
    expect(parsed.file.name).toBe('cv.pdf');
    expect(parsed.source).toBe('home');
  });

  it('splits a comma-joined string given for an array field in JSON', async () => {
    const request = post(
      JSON.stringify({ mobile: '9876543210', name: 'Asha', industries: 'IT,Banking' }),
      'application/json',
    );
    expect((await parseBody(CallbackBody, request)).industries).toEqual(['IT', 'Banking']);
  });

  it('answers 422 with field-level messages', async () => {
    const request = post(
      JSON.stringify({ mobile: '12345', industries: ['a', 'b', 'c'] }),
      'application/json',
    );
    const error = await caught(parseBody(CallbackBody, request));
    expect(error.status).toBe(422);
    expect(error.errors).toEqual([
      { field: 'mobile', message: 'Enter a Valid Mobile Number.' },
      { field: 'name', message: expect.any(String) },
      { field: 'industries', message: 'At most 2 industries may be selected' },
    ]);
  });

  it("reports a missing field with the field's own message, nested ones too", async () => {
    const Nested = v.object({
      mobile: v.string('Please Enter Mobile Number'),
      job: v.object({ designation: v.string('Please specify your Current Designation') }),
      note: v.exactOptional(v.string()),
    });
    const error = await caught(
      parseBody(Nested, post(JSON.stringify({ job: {} }), 'application/json')),
    );
    expect(error.errors).toEqual([
      { field: 'mobile', message: 'Please Enter Mobile Number' },
      { field: 'job.designation', message: 'Please specify your Current Designation' },
    ]);
    const form = post('', 'application/x-www-form-urlencoded');
    expect((await caught(parseBody(CallbackBody, form))).errors[0]).toEqual({
      field: 'mobile',
      message: 'Please Enter Mobile Number',
    });
  });

  it('answers 400 for malformed JSON', async () => {
    const error = await caught(parseBody(CallbackBody, post('{"mobile": ', 'application/json')));
    expect(error.status).toBe(400);
    expect(error.message).toBe(MALFORMED_JSON);
  });

  it('answers 415 for other body types', async () => {
    const error = await caught(parseBody(CallbackBody, post('mobile=1', 'text/plain')));
    expect(error.status).toBe(415);
  });
});

describe('endpoint wrapper', () => {
  const request = (body: string) =>
    new Request('http://x/api/callback', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
  const handler = endpoint(async ({ request }) => ok(await parseBody(CallbackBody, request)));

  it('passes a successful answer through', async () => {
    const { status, body } = await read(
      await handler(context(request('{"mobile":"9876543210","name":"Asha"}'))),
    );
    expect(status).toBe(200);
    expect(body.data).toEqual({ mobile: '9876543210', name: 'Asha' });
  });

  it('malformed JSON → 400 envelope', async () => {
    const { status, headers, body } = await read(await handler(context(request('{oops'))));
    expect(status).toBe(400);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(body).toEqual({
      success: false,
      error: MALFORMED_JSON,
      status: 0,
      errors: [],
      data: null,
    });
  });

  it('validation failure → 422 envelope with status 1 and the first message as error', async () => {
    const { status, body } = await read(
      await handler(context(request('{"mobile":"1","name":"Asha"}'))),
    );
    expect(status).toBe(422);
    expect(body).toEqual({
      success: false,
      error: 'Enter a Valid Mobile Number.',
      status: 1,
      errors: [{ field: 'mobile', message: 'Enter a Valid Mobile Number.' }],
      data: null,
    });
  });

  it('a ValiError thrown by v.parse → 422 envelope', async () => {
    const route = endpoint(() => ok(v.parse(CallbackBody, { mobile: '1', name: 'Asha' })));
    const { status, body } = await read(await route(context(request('{}'))));
    expect(status).toBe(422);
    expect(body.errors).toEqual([{ field: 'mobile', message: 'Enter a Valid Mobile Number.' }]);
  });

  it('a thrown HttpError → its status, message and headers', async () => {
    const route = endpoint(() => {
      throw new HttpError(503, 'Search is busy, please retry.', [], { 'retry-after': '5' });
    });
    const { status, headers, body } = await read(await route(context(request('{}'))));
    expect(status).toBe(503);
    expect(headers.get('retry-after')).toBe('5');
    expect(body).toMatchObject({
      success: false,
      error: 'Search is busy, please retry.',
      status: 0,
    });
  });

  it('an unexpected throw → 500 envelope without stack or internals, logged server-side', async () => {
    const log = vi.spyOn(serverLog, 'error').mockImplementation(() => {});
    const route = endpoint(() => {
      throw new TypeError('relation "secret_table" does not exist');
    });
    const response = await route(context(request('{}')));
    const text = await response.clone().text();
    const { status, body } = await read(response);
    expect(status).toBe(500);
    expect(body).toEqual({
      success: false,
      error: SOMETHING_WENT_WRONG,
      status: 0,
      errors: [],
      data: null,
    });
    expect(text).not.toContain('secret_table');
    expect(text).not.toMatch(/at .*\.ts/);
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});

describe('unknown /api paths', () => {
  it('answer 404 in the envelope for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await notFoundRoute(
        context(new Request('http://x/api/nope/v1/thing', { method })),
      );
      const { status, body } = await read(response);
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, error: NOT_FOUND, status: 0, errors: [], data: null });
    }
  });
});

import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createApiClient,
  endpoints,
  getEndpoint,
  resumeUploadPath,
  DEFAULT_TIMEOUT_MS,
  RESUME_UPLOAD_TIMEOUT_MS,
  NETWORK_ERROR,
  NO_URL_CONFIGURED,
  HEADER_LANGUAGE_CODE,
  HEADER_RULE_APPLIED,
  HEADER_RULE_VERSION,
  HEADER_SITE_CONTEXT,
  HEADER_SOURCE,
  HEADER_SOURCE_COUNTRY,
  type ApiResult,
  type EndpointName,
} from '~/lib/api-client';

interface Echo {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const envelope = (extra: Record<string, unknown>) =>
  JSON.stringify({ success: true, error: '', status: 0, errors: [], data: null, ...extra });

/** Scripted answers by path under /api/; any other path echoes the request in a success envelope. */
const scripted: Record<string, (res: ServerResponse) => void> = {
  '/api/ok': (res) => json(res, 200, envelope({ data: { jobs: 3 } })),
  '/api/success-false': (res) => json(res, 200, envelope({ success: false, error: 'Invalid otp' })),
  '/api/error-text': (res) =>
    json(res, 200, envelope({ success: true, error: 'Profile not found' })),
  '/api/status-1': (res) =>
    json(
      res,
      200,
      envelope({
        success: true,
        error: 'ignored',
        status: 1,
        errors: ['Please select skills.', 'Second'],
      }),
    ),
  '/api/status-1-objects': (res) =>
    json(
      res,
      422,
      envelope({
        success: false,
        error: 'Enter a Valid Mobile Number.',
        status: 1,
        errors: [
          { field: 'mobile', message: 'Enter a Valid Mobile Number.' },
          { field: 'otp', message: 'please enter a valid otp.' },
        ],
      }),
    ),
  '/api/lower-case': (res) =>
    json(res, 400, envelope({ success: false, error: 'something broke here' })),
  '/api/slow': (res) => {
    const timer = setTimeout(() => json(res, 200, envelope({ data: 'late' })), 2_000);
    res.on('close', () => clearTimeout(timer));
  },
  '/api/bad-gateway': (res) => {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
  },
  '/api/server-error-json': (res) => json(res, 500, JSON.stringify({ message: 'boom' })),
  '/api/not-json': (res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('hello, not json');
  },
  '/seeker/images/isd.json': (res) =>
    json(res, 200, JSON.stringify([{ n: 'India', isd: '91', cc: 'IN', i: 0, label: '+91' }])),
};

function json(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
}

function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const path = (req.url ?? '/').split('?')[0]!;
    const scriptedAnswer = scripted[path];
    if (scriptedAnswer) return scriptedAnswer(res);
    const echo: Echo = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    json(res, 200, envelope({ data: echo }));
  });
}

let server: Server;
let base: string;
let closedPortBase: string;

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;

  // A port that was just in use and is now closed: connections are refused.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedPortBase = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/api/`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const site = { context: 'rexmonster', countryAbv: 'in' };
const client = (extra: Partial<Parameters<typeof createApiClient>[0]> = {}) =>
  createApiClient({ baseUrl: base, site, ...extra });

/** Records the url and init of every fetch the client makes, then really fetches. */
function fetchSpy() {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const spy: typeof fetch = (input, init) => {
    calls.push({ url: String(input), init });
    return globalThis.fetch(input, init);
  };
  return { calls, spy };
}

function expectFailure(result: ApiResult): asserts result is Extract<ApiResult, { ok: false }> {
  expect(result.ok).toBe(false);
}
function expectSuccess<T>(
  result: ApiResult<T>,
): asserts result is Extract<ApiResult<T>, { ok: true }> {
  expect(result.ok).toBe(true);
}

async function echoOf(
  name: EndpointName,
  options: Parameters<ReturnType<typeof client>['call']>[1] = {},
  extra = {},
) {
  const result = await client(extra).call<Echo>(name, options);
  expectSuccess(result);
  return result.data;
}

describe('api client: reading the envelope', () => {
  it('returns the data of a success envelope', async () => {
    const result = await client().call('pollFeedback', { url: 'ok', body: { vote: 1 } });
    expect(result).toEqual({ ok: true, data: { jobs: 3 }, httpStatus: 200 });
  });

  it('fails when success is false, showing the error text', async () => {
    const result = await client().call('sendOtp', { url: 'success-false' });
    expectFailure(result);
    expect(result).toMatchObject({
      message: 'Invalid otp',
      status: 0,
      errors: [],
      reason: 'api',
      httpStatus: 200,
    });
  });

  it('fails when the error text is non-empty even with success true', async () => {
    const result = await client().call('me', { url: 'error-text' });
    expectFailure(result);
    expect(result.message).toBe('Profile not found');
  });

  it('with status 1 shows the first entry of the errors list', async () => {
    const result = await client().call('callback', { url: 'status-1' });
    expectFailure(result);
    expect(result.message).toBe('Please select skills.');
    expect(result.status).toBe(1);
    expect(result.errors.map((e) => e.message)).toEqual(['Please select skills.', 'Second']);
  });

  it('with status 1 and {field, message} errors shows the first message', async () => {
    const result = await client().call('reverifyMobile', { url: 'status-1-objects' });
    expectFailure(result);
    expect(result.message).toBe('Enter a Valid Mobile Number.');
    expect(result.errors).toEqual([
      { field: 'mobile', message: 'Enter a Valid Mobile Number.' },
      { field: 'otp', message: 'please enter a valid otp.' },
    ]);
    expect(result.httpStatus).toBe(422);
  });

  it('capitalises the first letter of the error text', async () => {
    const result = await client().call('logout', { url: 'lower-case' });
    expectFailure(result);
    expect(result.message).toBe('Something broke here');
  });

  it('passes a non-envelope JSON answer through as data (isd.json)', async () => {
    const result = await client().call<{ isd: string }[]>('isd');
    expectSuccess(result);
    expect(result.data[0]?.isd).toBe('91');
  });
});

describe('api client: transport failures', () => {
  it('connection refused → network message', async () => {
    const result = await createApiClient({ baseUrl: closedPortBase, site }).call('masterData');
    expectFailure(result);
    expect(result).toEqual({
      ok: false,
      message: NETWORK_ERROR,
      errors: [],
      status: 0,
      httpStatus: null,
      reason: 'network',
    });
  });

  it('timeout → network message', async () => {
    const started = Date.now();
    const result = await client().call('masterData', { url: 'slow', timeoutMs: 50 });
    expectFailure(result);
    expect(result.message).toBe(NETWORK_ERROR);
    expect(result.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('a caller abort is reported as aborted, with the network message', async () => {
    const controller = new AbortController();
    const pending = client().call('autoFill', { url: 'slow', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const result = await pending;
    expectFailure(result);
    expect(result.reason).toBe('aborted');
    expect(result.message).toBe(NETWORK_ERROR);
  });

  it('502 with an HTML page → network message', async () => {
    const result = await client().call('suggestedJobs', { url: 'bad-gateway' });
    expectFailure(result);
    expect(result).toMatchObject({ message: NETWORK_ERROR, reason: 'network', httpStatus: 502 });
  });

  it('5xx with JSON that is not an envelope → network message', async () => {
    const result = await client().call('suggestedJobs', { url: 'server-error-json' });
    expectFailure(result);
    expect(result.message).toBe(NETWORK_ERROR);
  });

  it('200 with a non-JSON body → network message', async () => {
    const result = await client().call('suggestedJobs', { url: 'not-json' });
    expectFailure(result);
    expect(result).toMatchObject({ message: NETWORK_ERROR, reason: 'network', httpStatus: 200 });
  });
});

describe('api client: programmer errors reject', () => {
  it('an unknown endpoint name throws an error naming it', async () => {
    await expect(client().call('noSuchCall' as EndpointName)).rejects.toThrow('noSuchCall');
    expect(() => getEndpoint('toString')).toThrow('toString');
  });

  it('the resume upload without a url throws the exact message', async () => {
    await expect(client().call('uploadResume', { body: { a: 1 } })).rejects.toThrow(
      new Error('This ajax request do not have configured any url.'),
    );
    expect(NO_URL_CONFIGURED).toBe('This ajax request do not have configured any url.');
  });
});

describe('api client: request shape', () => {
  it('uses the registry path and method under the base', async () => {
    const echo = await echoOf('autoFill', { query: { query: 'java', appName: 'seeker' } });
    expect(echo.method).toBe('GET');
    expect(echo.url).toBe('/api/raven/api/public/search/v1/auto-fill?query=java&appName=seeker');
    const cs = await echoOf('fetchCareerServicePrices');
    expect(cs.url).toBe('/api/trex/career-services/api/v1/fetchCareerServicePrices/');
  });

  it('sends country, language (default EN) and site context on every call', async () => {
    const echo = await echoOf('masterData');
    expect(echo.headers[HEADER_SOURCE_COUNTRY]).toBe('IN');
    expect(echo.headers[HEADER_LANGUAGE_CODE]).toBe('EN');
    expect(echo.headers[HEADER_SITE_CONTEXT]).toBe('rexmonster');
    const hindi = await echoOf('masterData', {}, { lang: 'hi' });
    expect(hindi.headers[HEADER_LANGUAGE_CODE]).toBe('HI');
  });

  it('sends the rule headers only on endpoints registered for them', async () => {
    const ruleHeaders = { applied: 'true', version: 'v3' };
    const withRules = await echoOf('suggestedJobs', {}, { ruleHeaders });
    expect(withRules.headers[HEADER_RULE_APPLIED]).toBe('true');
    expect(withRules.headers[HEADER_RULE_VERSION]).toBe('v3');
    const without = await echoOf('masterData', {}, { ruleHeaders });
    expect(without.headers[HEADER_RULE_APPLIED]).toBeUndefined();
    expect(without.headers[HEADER_RULE_VERSION]).toBeUndefined();
    // Registered, but the client has no rule values: nothing sent.
    const noValues = await echoOf('suggestedJobs');
    expect(noValues.headers[HEADER_RULE_APPLIED]).toBeUndefined();
  });

  it('sends source: popup only on popup endpoints', async () => {
    const popup = await echoOf('setLgbtqDetails', { body: { status: 'yes' } });
    expect(popup.headers[HEADER_SOURCE]).toBe('popup');
    const plain = await echoOf('getLgbtqDetails');
    expect(plain.headers[HEADER_SOURCE]).toBeUndefined();
  });

  it('uses credentials include only on the credentialed calls', async () => {
    const { calls, spy } = fetchSpy();
    const api = client({ fetch: spy });
    const credentialed: EndpointName[] = [
      'me',
      'profileStats',
      'splashScreen',
      'covidLayoffFlag',
      'recentSearch',
      'topLocations',
      'getLgbtqDetails',
      'logout',
      'profiles',
      'chatCount',
      'reverifyMobile',
    ];
    for (const name of credentialed) await api.call(name);
    for (const name of ['masterData', 'autoFill', 'pollFeedback', 'sendOtp'] as const)
      await api.call(name);
    expect(calls.map((c) => c.init?.credentials)).toEqual([
      ...credentialed.map(() => 'include'),
      'same-origin',
      'same-origin',
      'same-origin',
      'same-origin',
    ]);
  });

  it('joins array query params with commas and leaves out empty values', async () => {
    const echo = await echoOf('suggestedKeywords', {
      query: {
        skills: ['java', 'sql', 'c++'],
        locations: [],
        experience: 3,
        remote: false,
        city: undefined,
        x: null,
      },
    });
    const url = new URL(echo.url, 'http://x');
    expect(url.searchParams.get('skills')).toBe('java,sql,c++');
    expect(url.searchParams.getAll('skills')).toHaveLength(1);
    expect(url.searchParams.has('locations')).toBe(false);
    expect(url.searchParams.get('experience')).toBe('3');
    expect(url.searchParams.get('remote')).toBe('false');
    expect(url.searchParams.has('city')).toBe(false);
    expect(url.searchParams.has('x')).toBe(false);
  });

  it('sends JSON bodies by default', async () => {
    const echo = await echoOf('getSemantic', { body: { text: 'java jobs in pune', lang: ['en'] } });
    expect(echo.method).toBe('POST');
    expect(echo.headers['content-type']).toBe('application/json');
    expect(JSON.parse(echo.body)).toEqual({ text: 'java jobs in pune', lang: ['en'] });
  });

  it('form-encodes the old logout', async () => {
    const echo = await echoOf('logoutOld', {
      body: { returnUrl: '/rio/login', all: true, ids: [1, 2] },
    });
    expect(echo.method).toBe('POST');
    expect(echo.url).toBe('/api/middleware/logoutOld');
    expect(echo.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(echo.body))).toEqual({
      returnUrl: '/rio/login',
      all: 'true',
      ids: '1,2',
    });
  });

  it('form-encodes the resume upload to the url the site chose', async () => {
    const echo = await echoOf('uploadResume', {
      url: resumeUploadPath('falconV2'),
      body: { fileName: 'cv.pdf', source: 'home' },
    });
    expect(echo.url).toBe('/api/falcon/api/public/users/v2/upload-and-parse-resume');
    expect(echo.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(echo.body).get('fileName')).toBe('cv.pdf');
  });

  it('sends a resume file as multipart', async () => {
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4 resume'], { type: 'application/pdf' }), 'cv.pdf');
    const echo = await echoOf('uploadResume', {
      url: resumeUploadPath('middlewareV1'),
      body: form,
    });
    expect(echo.url).toBe('/api/middleware/resumeParserV1');
    expect(echo.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(echo.body).toContain('filename="cv.pdf"');
    expect(echo.body).toContain('%PDF-1.4 resume');
  });

  it('resolves a root-relative path against the base origin (isd.json is not under /api)', async () => {
    const { calls, spy } = fetchSpy();
    await client({ fetch: spy }).call('isd');
    expect(new URL(calls[0]!.url).pathname).toBe('/seeker/images/isd.json');
    // With the default relative base ('/api/'), as in the browser.
    const seen: string[] = [];
    const relative = createApiClient({
      site,
      fetch: async (input) => {
        seen.push(String(input));
        return new Response('[]', { status: 200 });
      },
    });
    await relative.call('isd');
    await relative.call('masterData');
    expect(seen).toEqual([
      '/seeker/images/isd.json',
      '/api/raven/api/public/search/v1/master-data',
    ]);
  });
});

describe('api client: registry', () => {
  it('has the timeouts of SPEC §7', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(60_000);
    expect(endpoints.uploadResume.timeoutMs).toBe(RESUME_UPLOAD_TIMEOUT_MS);
    expect(RESUME_UPLOAD_TIMEOUT_MS).toBe(120_000);
    expect(endpoints.uploadResume.path).toBeNull();
  });

  it('keeps SPEC §7 path shapes relative to the base', () => {
    for (const [name, def] of Object.entries(endpoints)) {
      if (name === 'isd') expect(def.path).toBe('/seeker/images/isd.json');
      else if (def.path !== null) expect(def.path, name).not.toMatch(/^\/|^api\//);
    }
    expect(endpoints.recentSearch.method).toBe('GET');
    expect(endpoints.saveRecentSearch.method).toBe('POST');
    expect(endpoints.saveRecentSearch.path).toBe(endpoints.recentSearch.path);
  });
});

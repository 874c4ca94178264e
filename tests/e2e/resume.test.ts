/**
 * Resume upload over HTTP against the built server: each allowed format made by a real tool is
 * stored and parsed, each bad file gets its SPEC §5 message, and the file is served back to the
 * browser that uploaded it and to no one else.
 */
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  RESUME_FORMAT_MESSAGE,
  RESUME_INVALID_MESSAGE,
  RESUME_MAX_BYTES,
  RESUME_SIZE_MESSAGE,
  RESUME_SIZE_OR_FORMAT_MESSAGE,
} from '~/lib/validation/resume';
import { port } from './helpers';

const FIXTURES = path.resolve(__dirname, '../fixtures/resumes');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const HOST = 'rexmonster.localhost';
const V1 = '/api/falcon/api/public/users/v1/upload-and-parse-resume';
const COOKIE = 'JP_RESUME_GUEST';
/**
 * This file's own client address (the suite's portal trusts X-Forwarded-For): its uploads count
 * against their own hourly limit, not against the one the browser tests share from 127.0.0.1.
 */
const CLIENT = { 'x-forwarded-for': '192.0.2.48' };

interface UploadData {
  resumeId: string;
  parseStatus: string;
  parsed: { name: string | null; email: string | null; skills: string[] };
}

interface Envelope {
  success: boolean;
  error: string;
  data: UploadData | null;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function send(
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(),
        path: urlPath,
        method,
        headers: { host: `${HOST}:${port()}`, ...CLIENT, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    if (body) req.end(body);
    else req.end();
  });
}

/** A multipart body as a browser's FormData would send it. */
async function multipart(file: Buffer, fileName: string) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(file)], fileName));
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await req.arrayBuffer()),
    contentType: req.headers.get('content-type')!,
  };
}

async function upload(
  file: Buffer,
  fileName: string,
  options: { path?: string; cookie?: string; origin?: string } = {},
) {
  const { body, contentType } = await multipart(file, fileName);
  const answer = await send(
    'POST',
    options.path ?? V1,
    {
      'content-type': contentType,
      'content-length': String(body.length),
      origin: options.origin ?? `http://${HOST}:${port()}`,
      ...(options.cookie ? { cookie: `${COOKIE}=${options.cookie}` } : {}),
    },
    body,
  );
  const setCookie = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
  const token = setCookie.map((c) => new RegExp(`^${COOKIE}=([^;]+)`).exec(c)?.[1]).find(Boolean);
  let envelope: Envelope | null = null;
  try {
    envelope = JSON.parse(answer.body.toString('utf8'));
  } catch {
    envelope = null;
  }
  return { ...answer, envelope, token, setCookie };
}

describe('resume upload over HTTP', () => {
  it.each([
    ['priya-sharma.docx', 'Priya Sharma'],
    ['priya-sharma.doc', 'Priya Sharma'],
    ['priya-sharma.rtf', 'Priya Sharma'],
    ['priya-sharma.pdf', 'Priya Sharma'],
    ['mohammed-al-farsi.txt', 'Mohammed Al Farsi'],
  ])('%s is stored and parsed', async (name, person) => {
    const res = await upload(fixture(name), name);
    expect(res.status).toBe(200);
    expect(res.envelope?.success).toBe(true);
    expect(res.envelope?.data?.parseStatus).toBe('parsed');
    expect(res.envelope?.data?.parsed.name).toBe(person);
    expect(res.envelope?.data?.parsed.skills.length).toBeGreaterThan(4);
    expect(res.token).toBeTruthy();
    const cookie = res.setCookie.find((c) => c.startsWith(`${COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('answers on the v2 and middleware parser paths too', async () => {
    for (const p of [
      '/api/falcon/api/public/users/v2/upload-and-parse-resume',
      '/api/middleware/resumeParserV1',
    ]) {
      const res = await upload(fixture('mohammed-al-farsi.txt'), 'cv.txt', { path: p });
      expect(res.status).toBe(200);
      expect(res.envelope?.data?.parsed.email).toBe('m.alfarsi@example.ae');
    }
  });

  it.each([
    ['program-renamed.pdf', 422, RESUME_SIZE_OR_FORMAT_MESSAGE],
    ['photo-renamed.docx', 422, RESUME_SIZE_OR_FORMAT_MESSAGE],
    ['priya-sharma.odt', 422, RESUME_FORMAT_MESSAGE],
    ['empty.pdf', 422, RESUME_INVALID_MESSAGE],
    ['resume!final.txt', 422, RESUME_INVALID_MESSAGE],
  ])('%s is refused with its message', async (name, status, message) => {
    const res = await upload(fixture(name), name);
    expect(res.status).toBe(status);
    expect(res.envelope?.success).toBe(false);
    expect(res.envelope?.error).toBe(message);
    expect(res.token).toBeUndefined();
  });

  it('refuses a file over 6MB with 413 and the size message', async () => {
    const big = Buffer.alloc(RESUME_MAX_BYTES + 1, 0x20);
    big.write('%PDF-1.7\n');
    const res = await upload(big, 'big.pdf');
    expect(res.status).toBe(413);
    expect(res.envelope?.error).toBe(RESUME_SIZE_MESSAGE);
  });

  it('refuses an upload posted from another site', async () => {
    const res = await upload(fixture('mohammed-al-farsi.txt'), 'cv.txt', {
      origin: 'http://evil.example',
    });
    expect(res.status).toBe(403);
  });

  it('serves the file back only to the browser that uploaded it', async () => {
    const bytes = fixture('priya-sharma.pdf');
    const mine = await upload(bytes, 'priya-sharma.pdf');
    const id = mine.envelope!.data!.resumeId;
    const own = await send('GET', `/api/resumes/${id}`, { cookie: `${COOKIE}=${mine.token}` });
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toMatch(/^attachment; filename="priya-sharma.pdf"/);
    expect(own.body.equals(bytes)).toBe(true);

    const other = await upload(fixture('mohammed-al-farsi.txt'), 'cv.txt');
    for (const cookie of [undefined, `${COOKIE}=${other.token}`]) {
      const res = await send('GET', `/api/resumes/${id}`, cookie ? { cookie } : {});
      expect(res.status).toBe(404);
      expect(res.body.toString()).not.toContain('Priya');
    }
  });
});

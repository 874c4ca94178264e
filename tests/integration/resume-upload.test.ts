/**
 * The upload-and-parse endpoint and the download endpoint, called with real multipart Requests
 * against a fresh database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and a disk
 * storage in a temporary folder.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIContext } from 'astro';
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  RESUME_FORMAT_MESSAGE,
  RESUME_INVALID_MESSAGE,
  RESUME_MAX_BYTES,
  RESUME_REQUIRED_MESSAGE,
  RESUME_SIZE_MESSAGE,
  RESUME_SIZE_OR_FORMAT_MESSAGE,
  RESUME_TOO_MANY_UPLOADS,
} from '~/lib/validation/resume';
import { diskStorage, type StorageAdapter } from '~/server/adapters/storage';
import { ensureCountries } from '~/server/db/countries';
import { resumes, users } from '~/server/db/schema';
import {
  createResumeFileRoutes,
  GUEST_COOKIE,
  createResumeUploadRoute,
  type UploadDeps,
} from '~/server/resumes/http';
import { claimGuestResumes, getResumePrefill } from '~/server/resumes/service';
import { backends, useFreshDb } from './db';
import { zipBombDocx } from '../fixtures/resumes/zip-bomb';

const FIXTURES = path.resolve(__dirname, '../fixtures/resumes');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
const UPLOAD_URL =
  'http://rexmonster.localhost/api/falcon/api/public/users/v1/upload-and-parse-resume';

const INDIA_SITE = { context: 'rexmonster', country: { defaultCountryCode: '91' } };

interface Envelope<T = Record<string, unknown>> {
  success: boolean;
  error: string;
  status: number;
  errors: { field: string; message: string }[];
  data: T | null;
}

interface UploadData {
  resumeId: string;
  fileName: string;
  format: string;
  size: number;
  parseStatus: string;
  parsed: {
    name: string | null;
    email: string | null;
    phone: { isd: string | null; number: string } | null;
    skills: string[];
    experience: { years: number; months: number } | null;
    designation: string | null;
    company: string | null;
    education: { degree: string | null; institute: string | null; year: number | null }[];
  };
}

/** A cookie jar standing in for Astro's: what the handler set is readable afterwards. */
function cookieJar(initial: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initial));
  return {
    jar,
    cookies: {
      get: (name: string) => (jar.has(name) ? { value: jar.get(name)! } : undefined),
      set: (name: string, value: string) => {
        jar.set(name, value);
      },
    },
  };
}

function multipart(file: Uint8Array | null, fileName: string, field = 'file'): Request {
  const form = new FormData();
  if (file) form.append(field, new File([file as Uint8Array<ArrayBuffer>], fileName));
  return new Request(UPLOAD_URL, { method: 'POST', body: form });
}

describe.each(backends)('resume upload (%s)', (backend) => {
  const t = useFreshDb(backend);
  let root: string;
  let storage: StorageAdapter;

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'jp-resumes-'));
    storage = diskStorage(root);
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  const deps = (extra: Partial<UploadDeps> = {}): UploadDeps => ({
    db: t.db,
    storage,
    rule: { name: 'resume-upload:test', limit: 1000, windowSeconds: 3600 },
    ...extra,
  });

  async function upload(
    request: Request,
    options: { cookies?: Record<string, string>; user?: { id: string }; deps?: UploadDeps } = {},
  ) {
    const { jar, cookies } = cookieJar(options.cookies);
    const route = createResumeUploadRoute(options.deps ?? deps());
    const response = await route({
      request,
      url: new URL(request.url),
      cookies,
      locals: { user: options.user ?? null, site: INDIA_SITE },
      clientAddress: '203.0.113.7',
    } as unknown as APIContext);
    return {
      status: response.status,
      body: (await response.json()) as Envelope<UploadData>,
      jar,
      headers: response.headers,
    };
  }

  async function download(
    id: string,
    viewer: { cookies?: Record<string, string>; user?: { id: string } },
  ) {
    const { cookies } = cookieJar(viewer.cookies);
    const { GET } = createResumeFileRoutes({ db: t.db, storage });
    return GET({
      params: { id },
      request: new Request(`http://rexmonster.localhost/api/resumes/${id}`),
      cookies,
      locals: { user: viewer.user ?? null },
    } as unknown as APIContext);
  }

  const storedFiles = (): string[] => {
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else out.push(full);
      }
    };
    walk(root);
    return out;
  };
  async function newUser(email: string) {
    await ensureCountries(t.db);
    const [user] = await t.db
      .insert(users)
      .values({ email, siteContext: 'rexmonster' })
      .returning();
    return user!;
  }
  const rowCount = async () => (await t.db.select({ n: count() }).from(resumes))[0]!.n;

  /** Years and months from a month to this one, both counted. */
  const monthsSince = (year: number, month: number) => {
    const now = new Date();
    const total = (now.getUTCFullYear() - year) * 12 + now.getUTCMonth() + 1 - month + 1;
    return { years: Math.floor(total / 12), months: total % 12 };
  };
  const priya = {
    name: 'Priya Sharma',
    email: 'priya.sharma@example.com',
    phone: { isd: '91', number: '9845012345' },
    // Her jobs run from January 2017 to "Present" (the dates win over the "8 years" she states).
    experience: monthsSince(2017, 1),
    designation: 'Senior Software Engineer',
    company: 'Infosys Limited',
  };

  it.each([
    ['priya-sharma.docx', 'docx', priya],
    ['priya-sharma.doc', 'doc', priya],
    ['priya-sharma.rtf', 'rtf', priya],
    ['priya-sharma.pdf', 'pdf', priya],
    [
      'mohammed-al-farsi.txt',
      'txt',
      {
        name: 'Mohammed Al Farsi',
        email: 'm.alfarsi@example.ae',
        phone: { isd: '971', number: '501234567' },
        experience: { years: 11, months: 8 },
        designation: 'Accountant',
        company: 'Emirates Trading Co. LLC',
      },
    ],
  ])('%s: stores the file and answers its parsed fields', async (name, format, expected) => {
    const bytes = fixture(name);
    const { status, body, jar } = await upload(multipart(bytes, name));
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const data = body.data!;
    expect(data).toMatchObject({ fileName: name, format, size: bytes.byteLength });
    expect(data.parseStatus).toBe('parsed');
    expect(data.parsed).toMatchObject(expected);
    expect(data.parsed.skills.length).toBeGreaterThan(4);
    expect(data.parsed.education.length).toBe(2);

    // The guest got a cookie; the row belongs to its hash; the file is stored byte for byte.
    const token = jar.get(GUEST_COOKIE);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,64}$/);
    const [row] = await t.db.select().from(resumes).where(eq(resumes.id, data.resumeId));
    expect(row).toMatchObject({ ownerUserId: null, format, fileName: name, parseStatus: 'parsed' });
    expect(row!.guestTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.guestTokenHash).not.toBe(token);
    expect(row!.parsed).toMatchObject(expected);
    expect(await storage.get(row!.storageKey)).toEqual(bytes);

    // The same browser can download it, byte for byte, as an attachment.
    const res = await download(data.resumeId, { cookies: { [GUEST_COOKIE]: token! } });
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('keeps the guest token across uploads from one browser', async () => {
    const first = await upload(multipart(fixture('mohammed-al-farsi.txt'), 'a.txt'));
    const token = first.jar.get(GUEST_COOKIE)!;
    const second = await upload(multipart(fixture('priya-sharma.rtf'), 'b.rtf'), {
      cookies: { [GUEST_COOKIE]: token },
    });
    expect(second.jar.get(GUEST_COOKIE)).toBe(token);
    const rows = await t.db.select().from(resumes);
    expect(new Set(rows.map((r) => r.guestTokenHash)).size).toBe(1);
  });

  const bad: [string, () => Request, number, string][] = [
    [
      'a file over 6MB',
      () => {
        const big = new Uint8Array(RESUME_MAX_BYTES + 1);
        big.set(new TextEncoder().encode('%PDF-1.7\n'));
        return multipart(big, 'big.pdf');
      },
      413,
      RESUME_SIZE_MESSAGE,
    ],
    [
      'a Windows program renamed .pdf',
      () => multipart(fixture('program-renamed.pdf'), 'program-renamed.pdf'),
      422,
      RESUME_SIZE_OR_FORMAT_MESSAGE,
    ],
    [
      'a PNG renamed .docx',
      () => multipart(fixture('photo-renamed.docx'), 'photo-renamed.docx'),
      422,
      RESUME_SIZE_OR_FORMAT_MESSAGE,
    ],
    [
      'a text file named .pdf',
      () => multipart(new TextEncoder().encode('I am not a PDF file'), 'resume.pdf'),
      422,
      RESUME_INVALID_MESSAGE,
    ],
    [
      'a PDF named .docx',
      () => multipart(fixture('priya-sharma.pdf'), 'priya-sharma.docx'),
      422,
      RESUME_INVALID_MESSAGE,
    ],
    [
      'an OpenDocument file (.odt)',
      () => multipart(fixture('priya-sharma.odt'), 'priya-sharma.odt'),
      422,
      RESUME_FORMAT_MESSAGE,
    ],
    [
      'a 400 KB DOCX that inflates to 400 MB (zip bomb)',
      () => multipart(zipBombDocx(400), 'resume.docx'),
      422,
      RESUME_INVALID_MESSAGE,
    ],
    [
      'a zip bomb whose directory says its parts are small',
      () => multipart(zipBombDocx(400, { lie: true }), 'resume.docx'),
      422,
      RESUME_INVALID_MESSAGE,
    ],
    [
      'an empty file',
      () => multipart(fixture('empty.pdf'), 'empty.pdf'),
      422,
      RESUME_INVALID_MESSAGE,
    ],
    [
      'a file name with a character the rule does not allow',
      () => multipart(fixture('resume!final.txt'), 'resume!final.txt'),
      422,
      RESUME_INVALID_MESSAGE,
    ],
    [
      'a file name with a path in it',
      () => multipart(fixture('mohammed-al-farsi.txt'), '../../etc/passwd.txt'),
      422,
      RESUME_INVALID_MESSAGE,
    ],
    ['no file part', () => multipart(null, ''), 422, RESUME_REQUIRED_MESSAGE],
    [
      'the file under another field name',
      () => multipart(fixture('mohammed-al-farsi.txt'), 'cv.txt', 'resume'),
      422,
      RESUME_REQUIRED_MESSAGE,
    ],
    [
      'a text value instead of a file',
      () => {
        const form = new FormData();
        form.append('file', 'my resume');
        return new Request(UPLOAD_URL, { method: 'POST', body: form });
      },
      422,
      RESUME_INVALID_MESSAGE,
    ],
    [
      'a JSON body',
      () =>
        new Request(UPLOAD_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"file":"x"}',
        }),
      415,
      RESUME_REQUIRED_MESSAGE,
    ],
    [
      'a broken multipart body',
      () =>
        new Request(UPLOAD_URL, {
          method: 'POST',
          headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
          body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello',
        }),
      400,
      RESUME_INVALID_MESSAGE,
    ],
  ];

  it.each(bad)(
    'refuses %s with its message and stores nothing',
    async (_, make, status, message) => {
      const { status: got, body, jar } = await upload(make());
      expect(got).toBe(status);
      expect(body.success).toBe(false);
      expect(body.error).toBe(message);
      expect(body.errors[0]).toEqual({ field: 'file', message });
      expect(body.data).toBeNull();
      expect(jar.has(GUEST_COOKIE)).toBe(false);
      expect(await rowCount()).toBe(0);
      expect(storedFiles()).toEqual([]);
    },
  );

  it('leaves existing resumes untouched when a bad file follows a good one', async () => {
    const good = await upload(multipart(fixture('priya-sharma.docx'), 'priya-sharma.docx'));
    const token = good.jar.get(GUEST_COOKIE)!;
    const before = await t.db.select().from(resumes);
    const badOne = await upload(multipart(fixture('program-renamed.pdf'), 'cv.pdf'), {
      cookies: { [GUEST_COOKIE]: token },
    });
    expect(badOne.status).toBe(422);
    expect(await t.db.select().from(resumes)).toEqual(before);
    expect(storedFiles()).toHaveLength(1);
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request(UPLOAD_URL, {
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=XYZ',
        'content-length': String(RESUME_MAX_BYTES * 2),
      },
      body,
      duplex: 'half',
    } as RequestInit);
    const { status, body: envelope } = await upload(request);
    expect(status).toBe(413);
    expect(envelope.error).toBe(RESUME_SIZE_MESSAGE);
    expect(pulled).toBeLessThanOrEqual(1);
    expect(await rowCount()).toBe(0);
  });

  it('stops reading a body without Content-Length once it passes the limit', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // An endless body: only the limit ends it.
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const request = new Request(UPLOAD_URL, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body,
      duplex: 'half',
    } as RequestInit);
    const { status, body: envelope } = await upload(request);
    expect(status).toBe(413);
    expect(envelope.error).toBe(RESUME_SIZE_MESSAGE);
    expect(sent).toBeLessThan(RESUME_MAX_BYTES + 1024 * 1024);
  });

  it('rate-limits uploads per client address', async () => {
    const limited = deps({
      rule: { name: 'resume-upload:test-limit', limit: 2, windowSeconds: 3600 },
    });
    for (let i = 0; i < 2; i++) {
      const ok = await upload(multipart(fixture('mohammed-al-farsi.txt'), 'cv.txt'), {
        deps: limited,
      });
      expect(ok.status).toBe(200);
    }
    const third = await upload(multipart(fixture('mohammed-al-farsi.txt'), 'cv.txt'), {
      deps: limited,
    });
    expect(third.status).toBe(429);
    expect(third.body.error).toBe(RESUME_TOO_MANY_UPLOADS);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rowCount()).toBe(2);
  });

  it('keeps a good file it cannot read (parse status failed), without an upload error', async () => {
    // A PDF header and nothing a reader can use: a valid format by content, unreadable.
    const broken = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\n');
    const { status, body } = await upload(multipart(broken, 'scan.pdf'));
    expect(status).toBe(200);
    expect(body.data!.parseStatus).toBe('failed');
    expect(body.data!.parsed.name).toBeNull();
    expect(await rowCount()).toBe(1);
    expect(storedFiles()).toHaveLength(1);
  });

  it('downloads only for the owner; 404 for everyone else', async () => {
    const { body, jar } = await upload(multipart(fixture('priya-sharma.pdf'), 'priya-sharma.pdf'));
    const id = body.data!.resumeId;
    const token = jar.get(GUEST_COOKIE)!;
    expect((await download(id, { cookies: { [GUEST_COOKIE]: token } })).status).toBe(200);

    const other = await upload(multipart(fixture('mohammed-al-farsi.txt'), 'cv.txt'));
    const otherToken = other.jar.get(GUEST_COOKIE)!;
    expect(otherToken).not.toBe(token);
    for (const viewer of [
      {},
      { cookies: { [GUEST_COOKIE]: otherToken } },
      { cookies: { [GUEST_COOKIE]: 'x'.repeat(43) } },
      { user: { id: '00000000-0000-4000-8000-000000000000' } },
    ]) {
      const res = await download(id, viewer);
      expect(res.status).toBe(404);
      const envelope = (await res.json()) as Envelope;
      expect(envelope.success).toBe(false);
    }
    expect((await download('not-a-uuid', { cookies: { [GUEST_COOKIE]: token } })).status).toBe(404);
    expect(
      (
        await download('5b1c7a58-6a43-4c4e-9d0b-0d8a6f0a0c11', {
          cookies: { [GUEST_COOKIE]: token },
        })
      ).status,
    ).toBe(404);
  });

  it('registration reads the parsed fields and claims the guest upload for the new user', async () => {
    const { body, jar } = await upload(
      multipart(fixture('priya-sharma.docx'), 'priya-sharma.docx'),
    );
    const id = body.data!.resumeId;
    const token = jar.get(GUEST_COOKIE)!;
    const prefill = await getResumePrefill(id, { guestToken: token }, { db: t.db });
    expect(prefill?.parsed).toMatchObject(priya);
    expect(await getResumePrefill(id, { guestToken: 'y'.repeat(43) }, { db: t.db })).toBeNull();

    const user = await newUser('priya.sharma@example.com');
    expect(await claimGuestResumes(token, user.id, { db: t.db })).toEqual([id]);
    // Now the user's: the user can download it, the guest cookie no longer can.
    expect((await download(id, { user: { id: user.id } })).status).toBe(200);
    expect((await download(id, { cookies: { [GUEST_COOKIE]: token } })).status).toBe(404);
  });

  it("stores a logged-in user's upload as theirs, under their key", async () => {
    const user = await newUser('m.alfarsi@example.ae');
    const { status, body, jar } = await upload(
      multipart(fixture('mohammed-al-farsi.txt'), 'cv.txt'),
      {
        user: { id: user.id },
      },
    );
    expect(status).toBe(200);
    expect(jar.has(GUEST_COOKIE)).toBe(false);
    const [row] = await t.db.select().from(resumes);
    expect(row).toMatchObject({ ownerUserId: user.id, guestTokenHash: null });
    expect(row!.storageKey).toBe(`users/${user.id}/resumes/${body.data!.resumeId}.txt`);
    expect((await download(body.data!.resumeId, { user: { id: user.id } })).status).toBe(200);
  });
});

/**
 * Captures the HTML of the portal's pages, so a change that should not alter any page (a
 * refactor) can be checked by comparing two captures:
 *
 *   npm run build && tsx scripts/capture-html.ts --out /tmp/after
 *   diff -r /tmp/before /tmp/after
 *
 * Starts the built server (`npm run serve` in --dir, default the current directory) on a free
 * port with a fresh embedded database and 400 demo jobs, then saves one file per page state:
 * every SPEC §2 route (ROUTE_TABLE) on several sites, languages and both brands, logged out; then
 * a professional registers and every route plus the registration steps and the profile are saved
 * at each stage (registered, each step saved). What differs from run to run is normalised:
 * nonces, CSP hashes, asset and scoped-style hashes, ids, dates and times, server islands'
 * encrypted props.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROUTE_TABLE } from '~/lib/page-name';

const { values: args } = parseArgs({
  options: { out: { type: 'string' }, dir: { type: 'string', default: process.cwd() } },
});
if (!args.out) {
  console.error('Usage: tsx scripts/capture-html.ts --out DIR [--dir BUILT_PORTAL_DIR]');
  process.exit(2);
}
const OUT = path.resolve(args.out);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error()),
      );
    });
  });
}

interface Answer {
  status: number;
  location: string;
  cookies: string[];
  body: string;
}

let port = 0;

function call(
  host: string,
  pathname: string,
  options: { method?: string; cookie?: string; form?: Record<string, string> } = {},
): Promise<Answer> {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: options.method ?? (body ? 'POST' : 'GET'),
        headers: {
          host: `${host}:${port}`,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(body
            ? {
                origin: `http://${host}:${port}`,
                'content-type': 'application/x-www-form-urlencoded',
              }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: String(res.headers.location ?? ''),
            cookies: ([] as string[]).concat(res.headers['set-cookie'] ?? []),
            body: text,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** What differs between two runs of the same build or two builds of the same pages. */
function normalise(html: string): string {
  return (
    html
      .replaceAll(`:${port}`, ':PORT')
      .replaceAll(`%3A${port}`, '%3APORT')
      .replace(/nonce="[^"]*"/g, 'nonce="N"')
      .replace(/'(sha256|sha384|sha512)-[A-Za-z0-9+/=]+'/g, "'HASH'")
      .replace(/'nonce-[^']*'/g, "'nonce-N'")
      .replace(/\/_astro\/([\w-]+?)\.[\w-]{8}\.(js|css)/g, '/_astro/$1.H.$2')
      .replace(/data-astro-cid-[a-z0-9]+/g, 'data-astro-cid')
      .replace(/\bastro-[a-z0-9]{8}\b/g, 'astro-H')
      .replace(/uid="[^"]*"/g, 'uid="U"')
      // Server islands' props are encrypted afresh on every render.
      .replace(/(\/_server-islands\/\w+)\?e=[^"&]*(&amp;|&)p=[^"&]*(&amp;|&)s=[^"&]*/g, '$1?ENC')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID')
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z?/g, 'TIMESTAMP')
      .replace(/profile-capture-\d+/g, 'profile-capture')
  );
}

let saved = 0;
function save(name: string, answer: Answer) {
  const file = path.join(OUT, `${name.replace(/[^\w.-]+/g, '_')}.html`);
  const head = `<!-- ${answer.status}${answer.location ? ` -> ${answer.location}` : ''} -->\n`;
  writeFileSync(file, head + normalise(answer.body));
  saved++;
}

async function jobPath(host: string, lang: string): Promise<string> {
  const home = await call(host, `${lang}/`);
  return /href="((?:\/(?:hi|ar))?\/job\/[^"]+)"/.exec(home.body)?.[1] ?? '/job/none-1';
}

async function routes(host: string, lang: string, label: string, cookie?: string) {
  const job = await jobPath(host, lang);
  const jobId = /-(\d+)$/.exec(job)?.[1] ?? '1';
  const paths = ROUTE_TABLE.map((row) =>
    row.page === 'job-detail'
      ? row.path.startsWith('/job/')
        ? job.replace(/^\/(hi|ar)/, '')
        : `/seeker/job-details?id=${jobId}`
      : row.path,
  ).filter((p) => p !== '/rio/sign-out');
  for (const p of [...paths, ...MORE_PATHS, ...(await browseLinks(host, lang)), '/no-such-page']) {
    const answer = await call(host, `${lang}${p}`, { cookie });
    save(`${label}${p}`, answer);
    if (p === '/' || p === job) await saveIslands(host, `${label}${p}`, answer.body, cookie);
  }
}

/** Pages beyond SPEC §2's table whose markup is shared with others (account forms, lists). */
const MORE_PATHS = [
  '/rio/forgot-password',
  '/rio/reset-password',
  '/seeker/change-password',
  '/seeker/settings',
  '/seeker/notifications',
  '/seeker/delete-account',
  '/seeker/applications',
  '/seeker/saved-jobs',
  '/seeker/recommended-jobs',
  '/seeker/apply',
  '/feedback',
  '/career-advice',
];

/** The per-visitor parts (server islands) of a page, each as it answers for this visitor. */
async function saveIslands(host: string, label: string, body: string, cookie?: string) {
  const hrefs = new Set(body.match(/\/_server-islands\/\w+\?[^"]+/g) ?? []);
  for (const href of hrefs) {
    const name = /_server-islands\/(\w+)/.exec(href)?.[1] ?? 'island';
    save(`${label}__island_${name}`, await call(host, href.replaceAll('&amp;', '&'), { cookie }));
  }
}

/** One function or industry page, one SEO landing page and one company page, as linked. */
async function browseLinks(host: string, lang: string): Promise<string[]> {
  const home = (await call(host, `${lang}/`)).body;
  const browse = (await call(host, `${lang}/browse-jobs`)).body;
  const companies = (await call(host, `${lang}/companies`)).body;
  const strip = (p: string | undefined) => (p ? [p.replace(/^\/(hi|ar)/, '')] : []);
  return [
    ...strip(
      /href="((?:\/(?:hi|ar))?\/browse-jobs\/(?:function|industry)\/[^"]+)"/.exec(browse)?.[1],
    ),
    ...strip(/href="((?:\/(?:hi|ar))?\/(?:[\w-]+-)?jobs-in-[\w-]+)"/.exec(home)?.[1]),
    ...strip(/href="((?:\/(?:hi|ar))?\/company\/[^"]+)"/.exec(companies)?.[1]),
  ];
}

const SITES: [host: string, lang: string][] = [
  ['rexmonster.localhost', ''],
  ['rexmonster.localhost', '/hi'],
  ['monstergulf.localhost', ''],
  ['monstergulf.localhost', '/ar'],
  ['monstersingapore.localhost', ''],
  ['monsterhongkong.localhost', ''],
  ['rexmonster.workora.localhost', ''],
];

async function capture() {
  mkdirSync(OUT, { recursive: true });
  for (const [host, lang] of SITES) await routes(host, lang, `out_${host}${lang}`);

  // A professional registers on India and walks through the steps.
  const host = 'rexmonster.localhost';
  const registration = await call(host, '/seeker/registration', {
    form: {
      careerStage: 'professional',
      name: 'Capture Tester',
      email: 'profile-capture-1@example.com',
      password: 'capture123',
      isdCode: '91',
      mobile: '9876501234',
    },
  });
  save('in_register', registration);
  const session = registration.cookies.map((c) => c.split(';')[0]).join('; ');
  if (!session) throw new Error(`registration failed: ${registration.status}`);
  const inside = (p: string) => call(host, p, { cookie: session });
  const stage = async (label: string) => {
    for (const p of ['/seeker/personal', '/seeker/employment', '/seeker/education'])
      save(`in_${label}${p}`, await inside(p));
    save(`in_${label}/seeker/job-preference`, await inside('/seeker/job-preference'));
    save(`in_${label}/seeker/profile`, await inside('/seeker/profile'));
  };
  await stage('registered');
  await routes(host, '', 'in_routes', session);
  await routes('monstergulf.localhost', '/ar', 'in_routes_gulf_ar', session);

  const steps: [string, Record<string, string>][] = [
    [
      '/seeker/personal',
      {
        dateOfBirth: '1990-05-17',
        gender: 'female',
        currentLocation: 'Pune',
        experienceYears: '6',
        experienceMonths: '3',
      },
    ],
    [
      '/seeker/employment',
      {
        designation: 'Data Analyst',
        company: 'Acme Analytics',
        startDate: '2019-04-01',
        isCurrent: 'true',
        endDate: '',
        noticePeriod: '30',
        lastWorkingDate: '',
        currentSalary: '1200000',
        salaryMode: 'annually',
      },
    ],
    [
      '/seeker/education',
      {
        qualification: 'bsc',
        specialization: 'Computer Science',
        institute: 'Pune University',
        board: '',
        medium: '',
        passingYear: '2012',
        percentageBand: '',
        educationType: 'full_time',
      },
    ],
    [
      '/seeker/job-preference',
      {
        preferredLocations: 'Pune, Mumbai',
        skills: 'SQL, Python',
        expectedSalary: '1500000',
        salaryMode: 'annually',
      },
    ],
  ];
  for (const [step, form] of steps) {
    const answer = await call(host, step, { cookie: session, form });
    save(`in_post${step}`, answer);
    await stage(`after${step.replace('/seeker/', '_')}`);
  }
  // A bad post shows the form with its errors.
  save(
    'in_post_bad/seeker/personal',
    await call(host, '/seeker/personal', {
      cookie: session,
      form: { dateOfBirth: 'x', gender: '', currentLocation: '' },
    }),
  );
}

port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'capture-html-'));
const child = spawn('npm', ['run', 'serve'], {
  cwd: args.dir,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_JOBS: '400',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
try {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the portal did not start');
    const ok = await call('rexmonster.localhost', '/healthz').then(
      (a) => a.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await capture();
  console.log(`${saved} pages saved to ${OUT}`);
} finally {
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}

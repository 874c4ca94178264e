/**
 * `npm run check`: the check to run while working, answering in seconds from a warm cache
 * (decision 0090). Every part keeps its cache in node_modules/.cache/check/:
 * - TypeScript over .ts/.tsx with `tsc --incremental` (only what changed is checked again);
 * - .astro files through the same checker as `astro check`, but only those that changed since the
 *   last passing run or import a .ts/.tsx file that did (all of them the first time, or --all);
 * - ESLint and Prettier with their caches (by content, so a branch switch costs nothing).
 * A change that breaks an .astro file through an importer's importer is caught by
 * `npm run check:full` (what CI runs): run it before pushing a change of a type components use.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { glob } from 'node:fs/promises';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = path.join(root, 'node_modules/.cache/check');
const astroStamp = path.join(cacheDir, 'astro-files.json');
const all = process.argv.includes('--all');
/** The .astro part runs in a process of its own (`--astro-part`), beside the other tools. */
const astroPart = process.argv.includes('--astro-part');
mkdirSync(cacheDir, { recursive: true });

/** Runs a tool of node_modules/.bin; resolves with its exit code, its output passed through. */
function run(label, bin, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const command = bin === 'node' ? process.execPath : path.join(root, 'node_modules/.bin', bin);
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('close', (code) => {
      console.info(`${code === 0 ? 'ok' : 'FAILED'}  ${label} (${timeSince(started)})`);
      resolve(code ?? 1);
    });
  });
}

function timeSince(started) {
  return `${((Date.now() - started) / 1000).toFixed(1)} s`;
}

/** Astro's generated types (.astro/types.d.ts) must exist and follow the content config. */
async function syncAstroTypes() {
  const types = path.join(root, '.astro/types.d.ts');
  const config = path.join(root, 'src/content.config.ts');
  if (existsSync(types) && statSync(types).mtimeMs >= statSync(config).mtimeMs) return 0;
  return run('astro sync', 'astro', ['sync']);
}

/** Content hashes of src/'s .astro files and of the modules they may import (.ts, .tsx). */
async function filesByHash() {
  const hashes = {};
  for await (const file of glob('src/**/*.{astro,ts,tsx}', { cwd: root })) {
    hashes[file] = createHash('sha1')
      .update(readFileSync(path.join(root, file)))
      .digest('hex');
  }
  return hashes;
}

/** The src/ files an .astro file imports (`~/...` or relative), as paths like the hashes'. */
function importsOf(file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const found = new Set();
  for (const [, spec] of text.matchAll(/from\s+['"]([^'"]+)['"]/g)) {
    const base = spec.startsWith('~/')
      ? path.join('src', spec.slice(2))
      : spec.startsWith('.')
        ? path.join(path.dirname(file), spec)
        : null;
    if (!base) continue;
    for (const ext of ['', '.ts', '.tsx', '/index.ts']) found.add(path.normalize(base + ext));
  }
  return found;
}

/**
 * Checks the .astro files whose content changed since the last passing run, and those importing
 * a .ts or .tsx file that changed (an importer's importer is left to check:full).
 */
async function checkChangedAstro() {
  const started = Date.now();
  const now = await filesByHash();
  const before = !all && existsSync(astroStamp) ? JSON.parse(readFileSync(astroStamp, 'utf8')) : {};
  const changedFiles = new Set(Object.keys(now).filter((file) => before[file] !== now[file]));
  const astroFiles = Object.keys(now).filter((file) => file.endsWith('.astro'));
  const changed = astroFiles.filter(
    (file) => changedFiles.has(file) || [...importsOf(file)].some((dep) => changedFiles.has(dep)),
  );
  if (changed.length === 0) {
    writeFileSync(astroStamp, JSON.stringify(now));
    console.info('ok  .astro files: none changed since the last check');
    return 0;
  }
  const require = createRequire(import.meta.url);
  const { AstroCheck } = require('@astrojs/language-server');
  const checker = new AstroCheck(root, require.resolve('typescript'), undefined);
  const result = await checker.lint({
    fileNames: changed.map((file) => path.join(root, file)),
    logErrors: { level: 'error' },
  });
  const label = `.astro files: ${changed.length} changed or importing a change, ${result.errors} errors`;
  console.info(`${result.errors === 0 ? 'ok' : 'FAILED'}  ${label} (${timeSince(started)})`);
  if (result.errors > 0) {
    // Keep the stamp of the files that passed, so the next run checks only the broken ones.
    const failed = new Set(result.fileResult.map((r) => fileURLToPath(r.fileUrl)));
    // A failure keeps its file and what it imports unstamped: they are checked again next time.
    for (const file of changed)
      if (failed.has(path.join(root, file)))
        for (const dep of [file, ...importsOf(file)]) if (dep in now) now[dep] = before[dep];
  }
  writeFileSync(astroStamp, JSON.stringify(now));
  return result.errors === 0 ? 0 : 1;
}

if (astroPart) process.exit(await checkChangedAstro());

/**
 * `npm run check:full` (CI): every file, no cache, the three tools side by side (each is one
 * thread, so on two cores this takes about as long as `astro check` alone).
 */
if (process.argv.includes('--full')) {
  const started = Date.now();
  const codes = await Promise.all([
    run('astro check', 'astro', ['check']),
    run('eslint', 'eslint', ['.']),
    run('prettier --check', 'prettier', ['--check', '--log-level', 'warn', '.']),
  ]);
  const failed = codes.some((code) => code !== 0);
  console.info(`${failed ? 'FAILED' : 'ok'}  npm run check:full (${timeSince(started)})`);
  process.exit(failed ? 1 : 0);
}

const started = Date.now();
const synced = await syncAstroTypes();
// All four side by side: the tools are processes of their own, the .astro files run here.
const [types, lint, format, astro] = await Promise.all([
  run('tsc --incremental (.ts, .tsx)', 'tsc', [
    '--noEmit',
    '--incremental',
    // A change re-checks the files that import it, not their importers' importers: what
    // check:full (CI) catches beyond that is rare, and this keeps an edit of a shared file quick.
    '--assumeChangesOnlyAffectDirectDependencies',
    '--tsBuildInfoFile',
    path.join(cacheDir, 'tsc.tsbuildinfo'),
    '-p',
    'tsconfig.json',
  ]),
  run('eslint --cache', 'eslint', [
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    path.join(cacheDir, 'eslint'),
    '.',
  ]),
  run('prettier --check --cache', 'prettier', [
    '--check',
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    path.join(cacheDir, 'prettier'),
    '--log-level',
    'warn',
    '.',
  ]),
  synced === 0
    ? run('.astro files', 'node', [
        fileURLToPath(import.meta.url),
        '--astro-part',
        ...(all ? ['--all'] : []),
      ])
    : Promise.resolve(1),
]);
const failed = [synced, types, lint, format, astro].some((code) => code !== 0);
console.info(`${failed ? 'FAILED' : 'ok'}  npm run check (${timeSince(started)})`);
process.exit(failed ? 1 : 0);

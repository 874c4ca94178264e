/**
 * `npm start`: builds the portal only when a source changed since the last build (and says
 * which way it went), then serves it in this same process (no second npm). The sources' state is
 * the size and modification time of every file the build reads; the last build's is kept in
 * dist/.sources-stamp, written by `npm run build` once it succeeded.
 */
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the build reads (folders walked whole); drizzle/ and docs/ are read at run time or never. */
const INPUTS = [
  'src',
  'scripts',
  'sites',
  'locales',
  'catalogue',
  'public',
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];
const STAMP = 'dist/.sources-stamp';
const SERVER = 'dist/start.mjs';

/** A hash of every input file's path, size and modification time. */
function sourcesState() {
  const hash = createHash('sha256');
  let files = 0;
  const visit = (entry) => {
    let stat;
    try {
      stat = statSync(entry);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry).sort()) visit(path.join(entry, name));
    } else if (stat.isFile()) {
      files += 1;
      hash.update(`${entry}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const input of INPUTS) visit(input);
  return { digest: hash.digest('hex'), files };
}

function lastBuild() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return null;
  }
}

// `npm run build` ends with `node scripts/launch.mjs --stamp`: the sources it built, recorded.
if (process.argv.includes('--stamp')) {
  const { digest } = sourcesState();
  writeFileSync(STAMP, JSON.stringify({ digest, builtAt: new Date().toISOString() }));
  process.exit(0);
}

if (cluster.isPrimary) {
  const started = Date.now();
  const state = sourcesState();
  const last = lastBuild();
  if (existsSync(SERVER) && last?.digest === state.digest) {
    console.log(
      `Build up to date: no source changed since the build of ${last.builtAt} ` +
        `(${state.files} files checked in ${Date.now() - started} ms); starting it.`,
    );
  } else {
    console.log(
      existsSync(SERVER)
        ? 'Sources changed since the last build: building again (npm run build).'
        : 'No build yet: building (npm run build).',
    );
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
await import(new URL('../dist/start.mjs', import.meta.url).href);

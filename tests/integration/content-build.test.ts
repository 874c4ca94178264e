/**
 * Editors' safety net: an article whose front matter breaks the schema stops the content build
 * (`astro sync`, which `astro build` runs first) with the file's path and the field in the
 * message. Runs on a copy of the project's sources so the real content folder is never touched.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = process.cwd();
let copy: string;

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'jp-content-'));
  for (const entry of [
    'src',
    'sites',
    'locales',
    'public',
    'astro.config.mjs',
    'scripts/build',
    'tsconfig.json',
    'package.json',
  ]) {
    cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** Runs `astro sync` in the copy; its exit code and everything it printed. */
async function sync(): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['astro', 'sync'], { cwd: copy, timeout: 120_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('content front matter', () => {
  it('a new article with a missing title fails the build naming the file and the field', async () => {
    const file = 'src/content/aspire/india/untitled-guide.md';
    writeFileSync(
      path.join(copy, file),
      '---\ndescription: A guide without a title\nauthor: Editor\npublishedAt: 2026-11-01\ntopic: first-job\n---\n\nBody.\n',
    );
    const { code, output } = await sync();
    expect(code).not.toBe(0);
    expect(output).toContain(file);
    expect(output).toContain('title is required');
    rmSync(path.join(copy, file));
  });

  it('a cover without alt text names the file and cover.alt; fixed, the build passes', async () => {
    const file = 'src/content/career-advice/gulf/cover-without-alt.md';
    const front = (cover: string) =>
      `---\ntitle: Cover test\ndescription: A test\nauthor: Editor\npublishedAt: 2026-11-01\n${cover}---\n\nBody.\n`;
    cpSync(
      path.join(copy, 'src/content/aspire/gulf/images/first-job-gulf.jpg'),
      path.join(copy, 'src/content/career-advice/gulf/cover.jpg'),
    );
    writeFileSync(path.join(copy, file), front('cover:\n  src: ./cover.jpg\n'));
    const failed = await sync();
    expect(failed.code).not.toBe(0);
    expect(failed.output).toContain(file);
    expect(failed.output).toContain('cover.alt');

    writeFileSync(path.join(copy, file), front('cover:\n  src: ./cover.jpg\n  alt: A skyline\n'));
    const passed = await sync();
    expect(passed.output).not.toContain('front matter is not valid');
    expect(passed.code).toBe(0);
  });

  it('a second article in one language with the same translationKey names both files', async () => {
    const file = 'src/content/career-advice/gulf/uae-visa-steps.md';
    writeFileSync(
      path.join(copy, file),
      '---\ntitle: UAE visa steps\ndescription: Another English guide\nauthor: Editor\npublishedAt: 2026-11-01\ntranslationKey: uae-work-visa\n---\n\nBody.\n',
    );
    const { code, output } = await sync();
    expect(code).not.toBe(0);
    expect(output).toContain('translationKey "uae-work-visa"');
    expect(output).toContain('career-advice/gulf/uae-work-visa-guide.md');
    expect(output).toContain('career-advice/gulf/uae-visa-steps.md');
    rmSync(path.join(copy, file));
  });
});

/**
 * The layers of docs/architecture.md hold: ESLint refuses a page that reaches the database, a
 * service that imports astro or a component, a store that imports more than nanostores and a domain that uses
 * another domain's tables, and accepts the same files done the right way.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(__dirname, '../..') });

/** The messages ESLint gives for `code` as if it were the file at `filePath` (not written). */
async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

// The first lint loads the whole configuration and its plugins: seconds on a busy machine.
describe('layering rules', { timeout: 60_000 }, () => {
  it('refuses a page that imports the database', async () => {
    const messages = await lint(
      'src/pages/layer-check.ts',
      `import { getDb } from '~/server/db/client';\nexport const db = getDb;\n`,
    );
    expect(messages.join('\n')).toContain('Pages and components do not touch the database');
  });

  it('refuses a component that imports a schema file by a relative path', async () => {
    const messages = await lint(
      'src/components/LayerCheck.astro',
      `---\nimport { jobs } from '../server/db/schema';\nconst name = jobs;\n---\n<p>{String(name)}</p>\n`,
    );
    expect(messages.join('\n')).toContain('Pages and components do not touch the database');
  });

  it('refuses a service that imports a component, and accepts the same from src/lib', async () => {
    const code = (from: string) =>
      `import * as strings from '${from}';\nexport const s = strings;\n`;
    expect(
      (await lint('src/server/profiles/layer-check.ts', code('~/components/search/strings'))).join(
        '\n',
      ),
    ).toContain('The server and src/lib do not import pages or components');
    expect(
      await lint('src/server/profiles/layer-check.ts', code('~/lib/resume-drop/strings')),
    ).toEqual([]);
  });

  it('refuses Intl.NumberFormat and toLocaleString outside src/lib/format, and accepts them there', async () => {
    const intl = `export const f = (n: number) => new Intl.NumberFormat('en').format(n);\n`;
    const locale = `export const f = (n: number) => n.toLocaleString('hi');\n`;
    for (const [file, code] of [
      [
        'src/components/LayerCheck.astro',
        `---\nconst n = new Intl.NumberFormat('ar').format(5);\n---\n<p>{n}</p>\n`,
      ],
      ['src/lib/search/layer-check.ts', intl],
      ['src/islands/Cart/layer-check.tsx', locale],
      ['src/server/alerts/layer-check.ts', locale],
    ] as const) {
      expect((await lint(file, code)).join('\n'), file).toContain(
        'Format numbers and money with src/lib/format',
      );
    }
    expect(await lint('src/lib/format/layer-check.ts', intl)).toEqual([]);
  });

  it('accepts a page that calls a service', async () => {
    const messages = await lint(
      'src/pages/layer-check.ts',
      `import { countJobs } from '~/server/jobs/service';\nexport const count = countJobs;\n`,
    );
    expect(messages).toEqual([]);
  });

  it('refuses a service that imports astro, and accepts it in http.ts', async () => {
    const code = `import type { APIContext } from 'astro';\nexport type C = APIContext;\n`;
    expect((await lint('src/server/jobs/layer-check.ts', code)).join('\n')).toContain(
      'Services do not import astro',
    );
    expect(await lint('src/server/jobs/http.ts', code)).toEqual([]);
  });

  it('refuses a store that imports anything but nanostores', async () => {
    const messages = await lint(
      'src/stores/layer-check.ts',
      `import { atom } from 'nanostores';\nimport { EMPTY_SEARCH } from '~/lib/search/state';\nexport const s = atom(EMPTY_SEARCH);\n`,
    );
    expect(messages.join('\n')).toContain('Stores import only nanostores');
    expect(messages).toHaveLength(1);
  });

  it("refuses a domain that uses another domain's schema file, and accepts its own", async () => {
    const other = await lint(
      'src/server/applications/layer-check.ts',
      `import { seekerProfiles } from '~/server/db/schema-profiles';\nexport const t = seekerProfiles;\n`,
    );
    expect(other.join('\n')).toContain('src/server/applications may use only its own tables');
    const barrel = await lint(
      'src/server/applications/layer-check.ts',
      `import { jobs } from '~/server/db/schema';\nexport const t = jobs;\n`,
    );
    expect(barrel.join('\n')).toContain('src/server/applications may use only its own tables');
    const own = await lint(
      'src/server/applications/layer-check.ts',
      `import { applications } from '~/server/db/schema-applications';\nexport const t = applications;\n`,
    );
    expect(own).toEqual([]);
  });
});

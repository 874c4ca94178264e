/**
 * The Nu HTML Checker (vnu, from the vnu-jar package, on the machine's Java; .ci/run installs it)
 * over documents given as text: the errors it reports, as "name: message extract" lines.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const VNU_JAR = path.join(
  path.dirname(require.resolve('vnu-jar/package.json')),
  'build/dist/vnu.jar',
);

/**
 * The checker does not know `<link rel="expect" blocking="render">` yet (the HTML standard has it:
 * #link-type-expect; Chrome 124 and Safari 18.2 honour it) and reads `blocking` as allowed on
 * stylesheets only. That one message, on that one link, is not an error of the page.
 */
const expectLinkNotKnown = (m: { message: string; extract?: string }) =>
  m.message.startsWith('A “link” element with a “blocking” attribute must have a “rel”') &&
  (m.extract ?? '').includes('<link rel="expect" href="#main" blocking="render">');

export function nuErrors(documents: { name: string; html: string }[]): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-vnu-'));
  try {
    const files = new Map<string, string>();
    for (const [i, doc] of documents.entries()) {
      const file = path.join(dir, `${i}.html`);
      writeFileSync(file, doc.html);
      files.set(`file:${file}`, doc.name);
    }
    const out = execFileSync(
      'java',
      [
        '-jar',
        VNU_JAR,
        '--format',
        'json',
        '--exit-zero-always',
        '--stdout',
        ...[...files.keys()].map((f) => f.slice(5)),
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const messages = (
      JSON.parse(out) as {
        messages: { type: string; url: string; message: string; extract?: string }[];
      }
    ).messages;
    return messages
      .filter((m) => m.type === 'error' && !expectLinkNotKnown(m))
      .map((m) => `${files.get(m.url) ?? m.url}: ${m.message} ${(m.extract ?? '').slice(0, 120)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

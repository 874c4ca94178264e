/** Requests to the running portal with a chosen Host header, and a shared Chromium. */
import { request } from 'node:http';
import { inject } from 'vitest';
import { chromium, type Browser } from 'playwright';

export const port = () => inject('port');

export interface Page {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET a path as a browser on the given site host would (e.g. monstergulf.localhost). */
export function get(host: string, path: string): Promise<Page> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(),
        path,
        method: 'GET',
        headers: { host: `${host}:${port()}` },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export function siteUrl(context: string, path = '/'): string {
  return `http://${context}.localhost:${port()}${path}`;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the character references HTML escaping produces. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X'))
      return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number(ref.slice(1)));
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/**
 * The server islands' URLs in a page: what a browser fetches after a shared (cached) page to get
 * the visitor's own parts (header account menu, app banner, home poll).
 */
export function islandUrls(html: string): string[] {
  return [
    ...new Set(
      [...html.matchAll(/fetch\("(\/_server-islands\/[^"]+)"/g)].map((m) => decodeEntities(m[1]!)),
    ),
  ];
}

/** Text of the first match of a tag, with tags inside stripped and entities decoded. */
export function textOf(html: string, tag: string): string {
  const match = new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`).exec(html);
  return decodeEntities((match?.[1] ?? '').replace(/<[^>]+>/g, '')).trim();
}

/**
 * The browser and system a User-Agent names, for the sessions list in Settings ("Chrome on
 * Android"). Only the families people recognise; anything else is null (shown as unknown).
 * Order matters: Edge, Opera and Samsung Internet also say Chrome and Safari.
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export interface DeviceName {
  browser: string | null;
  os: string | null;
}

const first = (table: readonly [RegExp, string][], ua: string) =>
  table.find(([re]) => re.test(ua))?.[1] ?? null;

export function describeUserAgent(userAgent: string | null | undefined): DeviceName {
  const ua = (userAgent ?? '').slice(0, 500);
  return { browser: first(BROWSERS, ua), os: first(SYSTEMS, ua) };
}

/**
 * Dates and times as a seeker reads them, in one place (decision 0039): through Intl in the
 * page's language with the site's region (hi-IN, ar-AE; English pages use the site's own locale,
 * en-IN, en-SG...), every instant in the site's time zone (sites/*.json `timeZone`, never the
 * server's), and the zone named wherever a time of day is shown ("2 Mar 2026, 6:50 am IST").
 *
 * Two kinds of value:
 * - an instant (a Date or an ISO timestamp: a payment, a notification, a posting) is shown as
 *   the day, or day and time, it is in the site's zone;
 * - a calendar day ('YYYY-MM-DD': a walk-in's date, a profile entry's start) has no zone and is
 *   shown as written, whatever zone the site or the server is in.
 * A value that cannot be read is shown as it came, so a bad row never breaks a page.
 */
import type { Lang, Site } from '~/lib/sites/schema';
import { pageLocale, type LocaleSite } from './numbers';

/** What formatting needs of a site (tests and mails pass a real Site). */
export type DateSite = LocaleSite & Pick<Site, 'timeZone'>;

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const MONTH: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = {
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};
const CLOCK_TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const STYLES = {
  day: DAY,
  month: MONTH,
  dayTime: { ...DAY, ...TIME },
  time: TIME,
  clock: CLOCK_TIME,
  isoDay: { year: 'numeric', month: '2-digit', day: '2-digit' },
} as const;
type Style = keyof typeof STYLES;

/** One formatter per style, locale and zone: building one costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(style: Style, locale: string, timeZone: string): Intl.DateTimeFormat {
  const id = `${style}|${locale}|${timeZone}`;
  let format = formats.get(id);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { ...STYLES[style], timeZone };
    // Hindi's short months are abbreviations with a mark (नव॰, अग॰); Hindi dates spell them out.
    if (options.month && locale.startsWith('hi')) options.month = 'long';
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      format = new Intl.DateTimeFormat('en', options);
    }
    if (formats.size > 500) formats.clear();
    formats.set(id, format);
  }
  return format;
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toInstant(value: Date | string): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A 'YYYY-MM-DD' day (or an ISO timestamp, whose UTC day it takes) as UTC midnight. */
function toCalendarDay(value: Date | string): Date | null {
  if (typeof value === 'string') {
    const m = CALENDAR_DAY.exec(value);
    if (m) return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  }
  return toInstant(value);
}

const shown = (value: Date | string) => (typeof value === 'string' ? value : '');

/** A calendar day: '1 Jun 2019', '1 जून 2019', '1 يونيو 2019'. */
export function formatDay(day: Date | string, lang: Lang, site: DateSite): string {
  const date = toCalendarDay(day);
  return date ? formatter('day', pageLocale(lang, site), 'UTC').format(date) : shown(day);
}

/** The month of a calendar day: 'Jun 2019', 'जून 2019', 'يونيو 2019'. */
export function formatMonth(day: Date | string, lang: Lang, site: DateSite): string {
  const date = toCalendarDay(day);
  return date ? formatter('month', pageLocale(lang, site), 'UTC').format(date) : shown(day);
}

/** The day an instant falls on in the site's zone: '2 Mar 2026'. */
export function formatDate(instant: Date | string, lang: Lang, site: DateSite): string {
  const date = toInstant(instant);
  return date
    ? formatter('day', pageLocale(lang, site), site.timeZone).format(date)
    : shown(instant);
}

/** An instant's day and time of day in the site's zone, the zone named: '2 Mar 2026, 6:50 am IST'. */
export function formatDateTime(instant: Date | string, lang: Lang, site: DateSite): string {
  const date = toInstant(instant);
  if (!date) return shown(instant);
  const locale = pageLocale(lang, site);
  // Hindi's long pattern reads "2 मार्च 2026 को 6:50 am IST बजे"; the day, a comma and the time
  // read as plainly as the other languages.
  if (lang === 'hi') return `${formatDate(date, lang, site)}, ${formatTime(date, lang, site)}`;
  return withIsolatedOffset(formatter('dayTime', locale, site.timeZone).format(date), lang);
}

/** An instant's time of day in the site's zone, the zone named: '6:50 am IST'. */
export function formatTime(instant: Date | string, lang: Lang, site: DateSite): string {
  const date = toInstant(instant);
  return date
    ? withIsolatedOffset(
        formatter('time', pageLocale(lang, site), site.timeZone).format(date),
        lang,
      )
    : shown(instant);
}

/** The calendar day an instant falls on in the site's zone, as 'YYYY-MM-DD' (file names, data). */
export function dayIn(instant: Date, site: Pick<DateSite, 'timeZone'>): string {
  const parts = formatter('isoDay', 'en-CA', site.timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const CLOCK = /^(\d{1,2})[:.](\d{2})\s*([AaPp]\.?[Mm]\.?)?$/;

/** '2:00 PM' or '14:00' as minutes after midnight; null when it is not a time of day. */
function minutesOf(text: string): number | null {
  const m = CLOCK.exec(text.trim());
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2]);
  const half = m[3]?.[0]?.toLowerCase();
  if (half && (hour < 1 || hour > 12)) return null;
  if (half === 'p' && hour < 12) hour += 12;
  if (half === 'a' && hour === 12) hour = 0;
  return hour < 24 && minute < 60 ? hour * 60 + minute : null;
}

/**
 * A walk-in's hours as the employer gave them ('10:00 AM - 4:00 PM', '14:00-18:00') in the
 * page's language: '10:00 ص – 4:00 م'. They are the venue's own clock, so no zone is added (a
 * Gulf walk-in may be in Riyadh, an hour behind the site's Dubai). Other text is shown as written.
 */
export function formatClockRange(text: string, lang: Lang, site: DateSite): string {
  const parts = text.split(/\s+(?:-|–|to)\s+|(?<=\d)\s*[-–]\s*(?=\d)/);
  const minutes = parts.map(minutesOf);
  if (parts.length > 2 || minutes.some((m) => m === null)) return text;
  const clock = formatter('clock', pageLocale(lang, site), 'UTC');
  return minutes.map((m) => clock.format(new Date(Date.UTC(2000, 0, 1, 0, m!)))).join(' – ');
}

/**
 * In Arabic a zone without a short name is an offset, "غرينتش+5:30"; inside right-to-left text
 * the bidi algorithm draws its sign after the digits ("5:30+"). A left-to-right isolate keeps it
 * "+5:30".
 */
function withIsolatedOffset(text: string, lang: Lang): string {
  return lang === 'ar' ? text.replace(/[+\-\u2212]\d{1,2}(?::\d{2})?/g, '\u2066$&\u2069') : text;
}

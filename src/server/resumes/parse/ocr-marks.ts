/**
 * What OCR makes of small marks and narrow letters, read back before the field rules run on a
 * scan's text (`scanned: true`). Each rule is a habit of tesseract on resumes' print:
 *
 * - A middle dot between the items of a list ("Java · Spring · SQL") comes out as "*", "»", "«"
 *   or "+", and before Arabic as "٠" (the Arabic zero is a dot): a line with two such marks
 *   between words is a list, and a lone "٠" between words is the dot, at a line's start a bullet.
 * - A number is written in one set of digits: a run that mixes Latin and Arabic-Indic digits
 *   ("6٠٠٠٠١", "1١10") is a misread one and is not read as a number, so that the same amount or
 *   date written elsewhere in the resume (often the English half) is the one read.
 * - The narrow letters of a web mail's name are misread ("qmail", "gqmail", "grnail", "gmai1"):
 *   a domain that reads as one of the common mail services but for such a letter is that service.
 * - A long address is cut by a space ("www.lin kedin.com/in/…"): LinkedIn's host is joined.
 * - Specks become a lone mark after a line's last word ("— 2011-2015 ;", "Manufacturing :"):
 *   they go, so the line does not read as a sentence's end. "$1" at a line's start before a
 *   capital is Indonesia's S1 degree.
 * - A space is read inside a year before its month ("201 5.04 - 2020.10"): the year is joined.
 * - A line read twice over itself (a blurred or doubled print): "Digital Marketing Executive —
 *   Malwa Webtech, Indore Marketing Executive — Malwa Webtech, Indore" keeps its first reading.
 * - A month misread at a range's end ("जुलाई 2015 - ard 2018"): the year is kept alone, so that the
 *   range still counts (to the year's end) rather than not at all.
 * - A space is read after the dots of an e-mail's name ("said. balushi. hse@gmail.com"): the
 *   name's parts that end in a dot go back together with the part before the "@".
 */

import { MONTH_WORD } from './dates';

const MAIL_SERVICES = ['gmail', 'yahoo', 'hotmail', 'outlook', 'ymail', 'rediffmail', 'icloud'];

/** Edit distance up to `max` (cheap; labels are short). */
function within(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(
        row[j]! + 1,
        next[j - 1]! + 1,
        row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    row = next;
  }
  return row[b.length]! <= max;
}

/** "qmail" -> "gmail": OCR's confusions of narrow letters undone, then one letter more or less. */
function mailService(label: string): string | null {
  const lower = label.toLowerCase();
  if (MAIL_SERVICES.includes(lower)) return null;
  const undone = lower.replace(/rn/g, 'm').replace(/q/g, 'g').replace(/[1|]/g, 'l');
  for (const service of MAIL_SERVICES) {
    if (undone === service) return service;
    if (lower.length >= 5 && within(undone, service, 1) && undone !== 'mail') return service;
  }
  return null;
}

const LIST_MARK = /(?<=[\p{L}\p{N})])\s+[*»«+]\s+(?=[\p{L}\p{N}(])/gu;
const LONE_ARABIC_ZERO = /(?<=\S)\s+[\u0660\u06f0]\s+(?=\S)/g;
const ZERO_BULLET = /^[\u0660\u06f0]\s+(?=\p{L})/u;
const MIXED_DIGITS =
  /(?<![\d\u0660-\u0669])(?=[\d\u0660-\u0669.,\u066b\u066c/]*[0-9])(?=[\d\u0660-\u0669.,\u066b\u066c/]*[\u0660-\u0669])[\d\u0660-\u0669][\d\u0660-\u0669.,\u066b\u066c/]*/g;
const LINKEDIN_HOST = /l\s?i\s?n\s?k\s?e\s?d\s?[il1]\s?n\s?\.\s?c\s?o\s?m\b/gi;
const EMAIL_NAME_SPACED = /(?<![\p{L}\p{N}._-])((?:[a-z0-9_-]+\. ){1,3})(?=[a-z0-9._-]+@)/gu;
const EMAIL_DOMAIN = /(?<=[A-Za-z0-9._-]@)([A-Za-z0-9|]+)(?=\.[a-z]{2,6}\b)/g;

/** The line without a tail that repeats the end of what comes before it (20 letters or more). */
function withoutRepeatedTail(line: string): string {
  for (let at = Math.floor(line.length / 2); at < line.length - 20; at++) {
    if (line[at] !== ' ') continue;
    const tail = line.slice(at + 1);
    if (tail.split(' ').length >= 3 && line.slice(0, at).endsWith(tail)) return line.slice(0, at);
  }
  return line;
}

const RANGE_END_WORD = /(?<=[-–—]\s*)(\p{L}{2,6})\.?\s+(?=(?:19|20)\d\d(?!\d))/gu;

export function readOcrMarks(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let out = withoutRepeatedTail(line);
      if ((out.match(LIST_MARK) ?? []).length >= 2) out = out.replace(LIST_MARK, ' · ');
      out = out.replace(ZERO_BULLET, '• ');
      // A lone Arabic zero between words or beside a Latin number is the middle dot.
      if (!/[\u0660-\u0669]{2}/.test(out)) out = out.replace(LONE_ARABIC_ZERO, ' · ');
      out = out.replace(MIXED_DIGITS, '');
      out = out.replace(RANGE_END_WORD, (all, word: string) => (MONTH_WORD.test(word) ? all : ''));
      out = out.replace(LINKEDIN_HOST, 'linkedin.com');
      out = out.replace(/\s+[;:_.,'"`~|]$/, '').replace(/^\$([123])\s+(?=\p{Lu})/u, 'S$1 ');
      out = out.replace(/(?<!\d)((?:19|20)\d) (\d)(?=[./-]\d{1,2}(?!\d))/g, '$1$2');
      out = out.replace(EMAIL_NAME_SPACED, (parts: string) => parts.replace(/\. /g, '.'));
      out = out.replace(EMAIL_DOMAIN, (label: string) => mailService(label) ?? label);
      return out;
    })
    .join('\n');
}

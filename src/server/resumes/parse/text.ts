/** Resume text as lines, grouped into headed sections, and "Label: value" lines. */
import { hijriAsGregorian } from './hijri';
import { MAX_PARSE_CHARS } from './types';

/** Bullet glyphs, including the private-use ones Word's Symbol and Wingdings fonts give. */
const BULLETS =
  /[\u2022\u25cf\u25aa\u25a0\u25e6\u27a2\u25ba\u2713\u2714\u2023\u2043\u00b7\uf0b7\uf0a7\uf076\uf0d8\uf0fc\uf0a8\uf02d]/g;

const asciiDigit = (d: string) => {
  const cp = d.codePointAt(0)!;
  return String(cp - (cp >= 0x0966 ? 0x0966 : cp >= 0x06f0 ? 0x06f0 : 0x0660));
};

/** Text split into trimmed, non-empty lines, with bullets and odd spaces normalised. */
/**
 * Brackets a right-to-left line's extractor turned round (")stc(" for "(stc)"): a line whose
 * first bracket closes, in Arabic text, has every bracket mirrored.
 */
function mirroredBrackets(line: string): string {
  const first = /[()]/.exec(line);
  if (first?.[0] !== ')' || !/[\u0600-\u06ff]/.test(line) || !line.includes('(')) return line;
  return line.replace(/[()]/g, (b) => (b === '(' ? ')' : '('));
}

export function toLines(text: string): string[] {
  return (
    text
      .slice(0, MAX_PARSE_CHARS)
      .normalize('NFKC')
      // Arabic-Indic and Devanagari digits as ASCII: dates, phones and pay are read from digits.
      .replace(/[\u0660-\u0669\u06F0-\u06F9\u0966-\u096F]/g, asciiDigit)
      .replace(/\r\n?/g, '\n')
      .replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, ' ')
      .replace(/[\u200c-\u200f\u2060\ufeff]/g, '')
      // A form table's colon column ("Name <tab> : <tab> value") joins its label and value.
      .replace(/[ \t]*\t[ \t]*:[ \t]*\t[ \t]*/g, ': ')
      // The same written with spaces ("नाम          : सुरेश पाल सिंह").
      .replace(/(?<=\S) {2,}:[ \t]+(?=\S)/g, ': ')
      .replace(/\t+/g, ' | ')
      // Columns a plain-text table aligns with runs of spaces are cells, as tabs part them.
      .replace(/(?<=\S) {3,}(?=\S)/g, ' | ')
      .split('\n')
      .map((line) =>
        hijriAsGregorian(mirroredBrackets(line))
          // A bullet between words ("ETABS · SAP2000 · SAFE") separates items, like a pipe.
          .replace(/(\S)[ \t]+[\u2022\u25cf\u25aa\u00b7\u2023\u25e6][ \t]+(?=\S)/g, '$1 | ')
          .replace(BULLETS, ' ')
          .replace(/^\s*[-*>o]\s+/, '')
          .replace(/\s+/g, ' ')
          .replace(/^[\s|]+|[\s|]+$/g, '')
          .trim(),
      )
      .filter((line) => line !== '')
      .reduce<string[]>((out, line) => {
        // "… Facilities Management Pte" / "Ltd": a legal suffix a narrow column put on a line
        // of its own ends the line above.
        if (out.length > 0 && LEGAL_SUFFIX_ALONE.test(line)) out[out.length - 1] += ` ${line}`;
        else out.push(line);
        return out;
      }, [])
  );
}

const LEGAL_SUFFIX_ALONE =
  /^(?:ltd|limited|bhd|berhad|sdn\.? bhd|llc|l\.l\.c|inc|corp|pte\.? ltd|pvt\.? ltd|w\.l\.l|tbk|jsc)\.?$/i;

export type SectionKind =
  'summary' | 'skills' | 'experience' | 'education' | 'projects' | 'personal' | 'other';

const PAY_HEADING =
  /^(?:(?:current |expected )?(?:compensation|remuneration|salary|ctc)(?: details)?|(?:compensation|remuneration|salary|ctc) (?:and|&) (?:availability|notice(?: period)?|benefits))$/;

/** A label of pay ("Salary: 5 LPA", "الراتب: …", "वेतन: …") labels its value, in any section. */
const PAY_LABEL = /salary|ctc|compensation|remuneration|package|راتب|الراتب|वेतन|सैलरी/iu;

const SECTION_HEADINGS: [SectionKind, RegExp][] = [
  [
    'summary',
    /^(?:professional |career |profile |executive )?(?:summary|profile|objective|overview|about me|career objective|professional objective)$/,
  ],
  [
    'skills',
    /^(?:key |technical |core |it |professional |primary |functional |soft |computer |software |digital |domain |engineering |management |hard |other |additional |interpersonal |transferable |design )?(?:skills?|skill set|skillset|competencies|core competencies|areas of expertise|expertise|technical proficiency|(?:software|computer|it) proficiency|technologies|tools(?: and| &) technologies|tech stack|software|software (?:and|&) (?:codes|tools)|tools|skills (?:and|&) (?:tools|software)|certifications (?:and|&) skills|skills (?:and|&) certifications|skills (?:and|&) languages)(?: summary)?$/,
  ],
  [
    'experience',
    /^(?:work |working |professional |employment |career |relevant |industry )?(?:experience|history|employment history|work history|career history|experience details)(?: summary)?$|^employment$|^career$|^(?:professional|career|work) journey$|^(?:organisational|organizational) experience$|^(?:work|professional|employment) experience details$|^employment details$/,
  ],
  [
    'education',
    /^(?:education(?:al)?|academic|academics|educational|scholastic)(?: qualifications?| background| details| profile| credentials)?(?: (?:and|&) (?:certifications?|training))?$|^qualifications?$|^(?:academic|educational) qualifications?$/,
  ],
  ['projects', /^(?:key |academic |major |personal )?projects?(?: handled| undertaken)?$/],
  [
    'personal',
    /^(?:personal(?: (?:details|information|profile|data|particulars))?|contact(?: details| information)?|declaration)$/,
  ],
  [
    'other',
    /^(?:languages?(?: known)?|bahasa|certifications?|certificates|courses|trainings?|awards?|achievements?|accomplishments|hobbies|interests|extra[- ]curricular activities|(?:character |professional )?references?|publications|strengths|volunteering|activities|others?|other (?:details|information)|additional(?: (?:details|information))?|details|availability|languages (?:and|&) certificates|certificates (?:and|&) languages)$/,
  ],
  [
    // Pay and notice under a heading of their own ("COMPENSATION", "Salary & Availability"):
    // read by their labels anywhere, and never a list of skills above them.
    'other',
    // A label of its value ("Salary: 5 LPA") opens no section (splitSections).
    PAY_HEADING,
  ],
  [
    // "Licence, salary, notice": a heading naming what its section holds, several things.
    'other',
    /^(?:licen[cs]es?|licensing|salary|ctc|notice(?: period)?|availability|references?|languages?|certifications?|visa(?: status)?)(?:(?:, | and | & )(?:licen[cs]es?|licensing|salary|ctc|notice(?: period)?|availability|references?|languages?|certifications?|visa(?: status)?))+$/,
  ],
];

/** Hindi and Arabic headings, by section (compared whole, after tidying). */
const OTHER_SCRIPT_HEADINGS: Record<SectionKind, readonly string[]> = {
  summary: [
    'सारांश',
    'पेशेवर सारांश',
    'करियर सारांश',
    'प्रोफ़ाइल',
    'प्रोफाइल',
    'उद्देश्य',
    'करियर उद्देश्य',
    'परिचय',
    'الملخص',
    'ملخص',
    'ملخص مهني',
    'الملخص المهني',
    'نبذة',
    'نبذة عني',
    'الهدف',
    'الهدف الوظيفي',
    'الملف الشخصي',
  ],
  skills: [
    'कौशल',
    'कौशल्य',
    'मुख्य कौशल',
    'तकनीकी कौशल',
    'कार्य कौशल',
    'सॉफ्टवेयर एवं कौशल',
    'कौशल एवं सॉफ्टवेयर',
    'المهارات والأدوات',
    'الشهادات والمهارات',
    'दक्षताएं',
    'दक्षताएँ',
    'المهارات',
    'مهارات',
    'المهارات الفنية',
    'المهارات التقنية',
    'المهارات الأساسية',
    'الكفاءات',
  ],
  experience: [
    'अनुभव',
    'कार्य अनुभव',
    'कार्यानुभव',
    'व्यावसायिक अनुभव',
    'पेशेवर अनुभव',
    'रोजगार विवरण',
    'रोज़गार विवरण',
    'कार्य विवरण',
    'नौकरी का अनुभव',
    'الخبرة',
    'الخبرات',
    'الخبرة العملية',
    'الخبرات العملية',
    'الخبرة المهنية',
    'الخبرات المهنية',
    'الخبرة الوظيفية',
    'السجل الوظيفي',
    'التاريخ الوظيفي',
    'السيرة المهنية',
    'المسيرة المهنية',
    'المسيرة الوظيفية',
  ],
  education: [
    'शिक्षा',
    'शैक्षणिक योग्यता',
    'शैक्षिक योग्यता',
    'शैक्षिक',
    'तकनीकी योग्यता',
    'योग्यता',
    'शैक्षिक विवरण',
    'शैक्षणिक विवरण',
    'التعليم',
    'المؤهلات',
    'المؤهلات العلمية',
    'المؤهل العلمي',
    'المؤهلات الأكاديمية',
    'التحصيل العلمي',
    'الدراسة',
    'المؤهلات التعليمية',
    'المؤهل الدراسي',
    'المؤهلات الدراسية',
  ],
  projects: ['परियोजनाएं', 'परियोजनाएँ', 'प्रोजेक्ट्स', 'المشاريع', 'المشروعات'],
  personal: [
    'व्यक्तिगत विवरण',
    'व्यक्तिगत जानकारी',
    'निजी विवरण',
    'संपर्क',
    'संपर्क विवरण',
    'البيانات الشخصية',
    'المعلومات الشخصية',
    'معلومات شخصية',
    'بيانات شخصية',
    'معلومات الاتصال',
    'التفاصيل الشخصية',
  ],
  other: [
    'भाषा',
    'भाषाएं',
    'भाषाएँ',
    'प्रमाणपत्र',
    'उपलब्धियां',
    'उपलब्धियाँ',
    'रुचियां',
    'शौक',
    'अन्य विवरण',
    'अन्य',
    'अन्य जानकारी',
    'अतिरिक्त जानकारी',
    'أخرى',
    'معلومات أخرى',
    'بيانات أخرى',
    'اللغات والشهادات',
    'اللغات',
    'الشهادات',
    'الدورات',
    'الدورات التدريبية',
    'الجوائز',
    'الهوايات',
    'المراجع',
    'الإنجازات',
    'معلومات إضافية',
    'معلومات اضافية',
    // Pay headings (a "Salary: …" label opens no section: splitSections).
    'الراتب',
    'الراتب الحالي',
    'الراتب المتوقع',
    'الراتب والإشعار',
    'वेतन',
    'वेतन व उपलब्धता',
    'वेतन और उपलब्धता',
    'वेतन और नोटिस',
  ],
};
const OTHER_SCRIPT_KIND = new Map<string, SectionKind>(
  Object.entries(OTHER_SCRIPT_HEADINGS).flatMap(([kind, names]) =>
    names.map((name) => [name, kind as SectionKind] as const),
  ),
);

const tidyHeading = (part: string) =>
  part
    .toLowerCase()
    .replace(/[:：\-–—_=*#|]+\s*$/, '')
    .replace(/^[\s\-–—_=*#|]+/, '')
    .replace(/\s+/g, ' ')
    .trim();

function kindOf(part: string): SectionKind | null {
  const key = tidyHeading(part);
  const other = OTHER_SCRIPT_KIND.get(key);
  if (other) return other;
  for (const [kind, re] of SECTION_HEADINGS) if (re.test(key)) return kind;
  return null;
}

/** "C O N TA C T" or "S K I L L S" (letter-spaced headings) as one word. */
export function closeLetterSpacing(line: string): string {
  return /^(?:\p{Lu}{1,3} ){2,}\p{Lu}{1,3}$/u.test(line) ? line.replace(/ /g, '') : line;
}

/**
 * The section a heading line opens, or null when the line is not a heading. A bilingual heading
 * ("कार्य अनुभव / Work Experience", "Education – التعليم", "अन्य (Other)") counts when its parts
 * agree.
 */
export function headingKind(line: string): SectionKind | null {
  if (line.length > 60) return null;
  const whole = kindOf(closeLetterSpacing(line));
  if (whole) return whole;
  // Parts apart by a separator, or where Latin letters meet Arabic or Devanagari ("المهارات SKILLS").
  const parts = line
    .split(
      /\s+[/|–—-]\s+|\s*[()]\s*|(?<=[\u0600-\u06ff\u0900-\u097f]\S*)\s+(?=[A-Za-z])|(?<=[A-Za-z])\s+(?=\S*[\u0600-\u06ff\u0900-\u097f])/,
    )
    // "कौशल (Skills):": the colon after the bracket is no part.
    .filter((p) => /[\p{L}\p{N}]/u.test(p));
  if (parts.length < 2) return null;
  const kinds = new Set(parts.map(kindOf));
  const [kind] = kinds;
  if (kinds.size === 1 && kind) return kind;
  // A letter-spaced part ("E D U C AT I O N") is a heading's design: the other part may be its
  // translation with broken letters ("शिा" from a PDF's text layer).
  // A heading in capitals beside other-script words a PDF broke ("EXPERIENCE الخبرا اتلعملية").
  const capitals = parts.filter((p) => /^[A-Z &]{4,}$/.test(p.trim()) && kindOf(p));
  const others = parts.filter((p) => !capitals.includes(p));
  if (
    capitals.length === 1 &&
    !/[/|]/.test(line) &&
    others.every((p) => /^[\u0600-\u06ff\u0900-\u097f\s\p{M}]+$/u.test(p.trim()))
  )
    return kindOf(capitals[0]!);
  const spaced = parts.find(
    (p) => closeLetterSpacing(p.trim()) !== p.trim() && kindOf(closeLetterSpacing(p.trim())),
  );
  return spaced ? kindOf(closeLetterSpacing(spaced.trim())) : null;
}

interface Sections {
  /** Lines before the first heading (name and contact block). */
  header: string[];
  byKind: Map<SectionKind, string[]>;
}

/** Lines grouped by section; "Skills: a, b" style lines open the section with their rest. */
export function splitSections(lines: string[]): Sections {
  const header: string[] = [];
  const byKind = new Map<SectionKind, string[]>();
  let current: string[] = header;
  let currentKind: SectionKind | null = null;
  for (const line of lines) {
    const kind = headingKind(line);
    if (kind) {
      current = byKind.get(kind) ?? [];
      byKind.set(kind, current);
      currentKind = kind;
      continue;
    }
    const labelled = /^(\p{L}[\p{L}\p{M} &/]{2,40}?)\s*(?:[:：\-–|]\s+|:)(.+)$/u.exec(line);
    const labelKind = labelled ? headingKind(labelled[1]!) : null;
    // Inside a skills section, "Languages: Java, Python" is a group of skills, not a new section.
    if (
      labelled &&
      labelKind &&
      !PAY_LABEL.test(labelled[1]!) &&
      labelKind !== 'personal' &&
      labelKind !== 'summary' &&
      currentKind !== 'skills'
    ) {
      current = byKind.get(labelKind) ?? [];
      byKind.set(labelKind, current);
      currentKind = labelKind;
      current.push(labelled[2]!);
      continue;
    }
    current.push(line);
  }
  return { header, byKind };
}

// --- labelled values ---------------------------------------------------------------------------

/** The value of the first "Label: value" line whose label matches. */
export function labelled(lines: readonly string[], label: RegExp): string | null {
  for (const line of lines) {
    const m = /^([^:]{2,40}?)\s*[:\-–]\s*(.+)$/.exec(line);
    if (m && label.test(m[1]!.trim())) {
      const value = m[2]!.trim();
      if (value) return value;
    }
  }
  return null;
}

/**
 * A line that reads as a sentence or a bullet, not as a title or a name: long, or ending as
 * sentences end (the Devanagari danda too).
 */
export const isBulletLike = (line: string) => line.length > 90 || /[.;।]$/.test(line);

/**
 * Habits of resumes written by others (fixtures in tests/unit/fixtures/resume-habits): dates on
 * their own line before the job, dates right-aligned on the company line, Arabic and Hindi
 * headings and digits, Hijri and Levantine dates, "to date" in Arabic, labelled current jobs,
 * qualifications listed lowest first, browser-printed Hindi PDFs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseResumeText, type ParseOptions } from '~/server/resumes/parse';
import { extractResumeText } from '~/server/resumes/extract';
import { cleanOcrText } from '~/server/resumes/ocr';
import { alefLamInPlace } from '~/server/resumes/parse/alef-lam';
import { hijriAsGregorian } from '~/server/resumes/parse/hijri';

const NOW = new Date('2026-12-01T10:00:00Z');
const parse = (name: string, options: ParseOptions = {}) =>
  parseResumeText(
    readFileSync(path.join(import.meta.dirname, 'fixtures', 'resume-habits', name), 'utf8'),
    { now: NOW, ...options },
  );

describe('resumes as others write them', () => {
  it('reads the job under a date line that comes first', () => {
    const parsed = parse('dates-first.txt');
    expect(parsed.designation).toBe('Senior Business Analyst');
    expect(parsed.company).toBe('Kaveri Finserv Private Limited');
    expect(parsed.experience).toEqual({ years: 9, months: 5 });
  });

  it('stops at the "Title | Company" line under the dates, before the duties', () => {
    const parsed = parse('dates-first-pipe.txt');
    expect(parsed.designation).toBe('Lead UX Researcher');
    expect(parsed.company).toBe('PhonePe');
    expect(parsed.experience).toEqual({ years: 10, months: 10 });
  });

  it('reads a table whose dates come first and end in "sekarang"', () => {
    const parsed = parse('dates-first-table.txt');
    expect(parsed.designation).toBe('Warehouse Supervisor');
    expect(parsed.company).toBe('PT Nusantara Logistik Prima');
    expect(parsed.experience).toEqual({ years: 11, months: 10 });
  });

  it('reads the company whose dates sit at the right end of its line', () => {
    const parsed = parse('dates-right.txt');
    expect(parsed.designation).toBe('Operations Manager');
    expect(parsed.company).toBe('Orion Logistics Pvt Ltd');
  });

  it('reads an Arabic resume: digits, headings, salary and a notice in words', () => {
    const parsed = parse('arabic.txt', { defaultIsd: '966' });
    expect(parsed.phone?.e164).toBe('+966551234567');
    expect(parsed.designation).toBe('محاسبة أولى');
    expect(parsed.company).toBe('شركة المراعي');
    expect(parsed.education[0]?.degree).toBe('بكالوريوس المحاسبة');
    expect(parsed.salary).toMatchObject({ amount: 14500, currency: 'SAR', mode: 'monthly' });
    expect(parsed.noticePeriod?.days).toBe(60);
  });

  it('reads a mobile an Arabic PDF drew right to left, by groups or digit by digit', () => {
    // The country code drawn last is still the number's own, whatever the site.
    expect(parse('arabic-phone-groups.txt', { defaultIsd: '971' }).phone?.e164).toBe(
      '+966551234567',
    );
    // Drawn digit by digit, the number reads as a mobile only backwards.
    expect(parse('arabic-phone-digits.txt', { defaultIsd: '966' }).phone?.e164).toBe(
      '+966551234567',
    );
  });

  it('reads a notice of two weeks written in Arabic words', () => {
    expect(parse('notice-words.txt').noticePeriod).toEqual({ days: 15, confidence: 0.9 });
  });

  it('reads the current job of an OCR-read Arabic scan whose dates came out garbled', () => {
    const parsed = parse('arabic-scan.txt', { scanned: true });
    expect(parsed.designation).toBe('مدققة داخلية');
    expect(parsed.company).toBe('شركة الخليج للتأمين');
    expect(parsed.education[0]).toMatchObject({
      degree: 'بكالوريوس المحاسبة',
      institute: 'جامعة قطر',
    });
    expect(parsed.noticePeriod?.days).toBe(30);
    // Bullets OCR read as "©" or "e" are no part of a skill, the languages line is no skill.
    expect(parsed.skills).toEqual([
      'التدقيق الداخلي',
      'IFRS',
      'Oracle Financials',
      'Excel (متقدم)',
    ]);
  });

  it('puts back the article of Arabic words a PDF drew with its alef misplaced', () => {
    const text = readFileSync(
      path.join(import.meta.dirname, 'fixtures', 'resume-habits', 'arabic-alef-lam.txt'),
      'utf8',
    );
    const parsed = parseResumeText(alefLamInPlace(text), { now: NOW });
    expect(parsed.designation).toBe('أخصائية تسويق');
    expect(parsed.company).toBe('شركة البحر الأحمر للتجارة');
    expect(parsed.education[0]).toMatchObject({ degree: 'بكالوريوس التسويق', year: 2018 });
    expect(parsed.skills).toEqual(
      expect.arrayContaining(['التسويق والاستقطاب', 'مسيرات الرواتب', 'Google Ads']),
    );
  });

  it('leaves Arabic drawn right as it is', () => {
    const text = 'الخبرات العملية\nكتبت كتابا جميلا عن التسويق\nمديرة تسويق – شركة نجد';
    expect(alefLamInPlace(text)).toBe(text);
  });

  it('parts a degree and the university written under it in one table cell', async () => {
    const bytes = readFileSync(
      path.join(import.meta.dirname, 'fixtures', 'resume-habits', 'table-cell-break.html'),
    );
    const parsed = parseResumeText(await extractResumeText(new Uint8Array(bytes), 'txt'), {
      now: NOW,
    });
    expect(parsed.education[0]).toEqual({
      degree: 'Bachelor of Science in Mechanical Engineering',
      institute: 'Khalifa University, Abu Dhabi',
      year: 2012,
    });
  });

  it('reads the job under a bare "Present employer:" label when no dates are given', () => {
    const parsed = parse('employer-label.txt');
    expect(parsed.designation).toBe('Senior Physiotherapist');
    expect(parsed.company).toBe('Mount Elizabeth Hospital');
  });

  it('reads a resume with Hindi headings', () => {
    const parsed = parse('hindi.txt');
    expect(parsed.designation).toBe('लेखाकार');
    expect(parsed.company).toBe('राजस्थान सहकारी डेयरी फेडरेशन लिमिटेड');
    expect(parsed.skills).toContain('Tally ERP 9');
    expect(parsed.education[0]).toMatchObject({ degree: 'एम.कॉम', year: 2017 });
  });

  it('reads Hindi headings with their English in brackets and a colon after', () => {
    const parsed = parse('hindi-mixed.txt');
    expect(parsed.skills).toEqual(['टैली ईआरपी 9', 'जीएसटी रिटर्न', 'एमएस एक्सेल']);
    expect(parsed.designation).toBe('वरिष्ठ लेखाकार');
    expect(parsed.company).toBe('श्री गणेश ट्रेडर्स');
    expect(parsed.education[0]).toEqual({
      degree: 'एम.कॉम.',
      institute: 'लखनऊ विश्वविद्यालय',
      year: 2016,
    });
  });

  it('reads a labelled current role and present employer, the highest degree first', () => {
    const parsed = parse('labels.txt');
    expect(parsed.designation).toBe('Quality Assurance Lead');
    expect(parsed.company).toBe('Tata Consultancy Services Limited');
    expect(parsed.education.map((e) => e.degree)).toEqual([
      'M.Tech Software Engineering',
      'B.Sc Computer Science',
      'Higher Secondary',
    ]);
  });

  it('puts a degree above a diploma in engineering, and reads an institute known by initials', () => {
    expect(parse('education-order.txt').education).toEqual([
      { degree: 'PGDM (Operations)', institute: 'IMT Ghaziabad', year: 2016 },
      { degree: 'B.E. Mechanical', institute: 'VNIT Nagpur', year: 2013 },
      {
        degree: 'Diploma in Mechanical Engineering',
        institute: 'Government Polytechnic Nagpur',
        year: 2010,
      },
    ]);
  });

  it("ranks Hindi degrees: a master's above a B.Sc. above school", () => {
    expect(parse('education-order-hindi.txt').education.map((e) => e.degree)).toEqual([
      'एम.बी.ए.',
      'बी.एससी.',
      '10वीं',
    ]);
    expect(parse('education-order-hindi.txt').education[0]?.institute).toBe('आईआईएम लखनऊ');
  });

  it('reads a Hijri graduation year as its Gregorian year', () => {
    const parsed = parse('arabic-hijri.txt', { defaultIsd: '966' });
    expect(parsed.education[0]).toEqual({
      degree: 'بكالوريوس هندسة الحاسب الآلي',
      institute: 'جامعة الملك فهد للبترول والمعادن',
      year: 2014,
    });
    expect(parsed.name).toBe('سعد بن ناصر القحطاني');
    // Apr 2019 to Dec 2026 (93 months) and Jul 2014 to Mar 2019 (57).
    expect(parsed.experience).toEqual({ years: 12, months: 6 });
  });

  it('writes a Hijri month and year as the Gregorian month it falls in', () => {
    expect(hijriAsGregorian('تاريخ التخرج: جمادى الآخرة 1438هـ')).toBe('تاريخ التخرج: Mar 2017');
    expect(hijriAsGregorian('رمضان 1445 هـ - شوال 1446 هـ')).toBe('Mar 2024 - Apr 2025');
    expect(hijriAsGregorian('محرم 1440ه')).toBe('Sep 2018');
    // A number that is not followed by the Hijri mark stays as written.
    expect(hijriAsGregorian('الهاتف 1438 ثم 1440')).toBe('الهاتف 1438 ثم 1440');
  });

  it('ends a job "حتى تاريخه" (to date) at the present', () => {
    const parsed = parse('arabic-till-date.txt', { defaultIsd: '966' });
    expect(parsed.designation).toBe('محاسبة أولى');
    expect(parsed.company).toBe('مجموعة الفيصلية القابضة');
    // Mar 2021 to Dec 2026 (70 months) and Sep 2016 to Feb 2021 (54).
    expect(parsed.experience).toEqual({ years: 10, months: 4 });
  });

  it('reads Levantine months, and a notice line after the skills is no skill', () => {
    const parsed = parse('arabic-levantine.txt', { defaultIsd: '971' });
    expect(parsed.skills).toEqual(['إدارة المشاريع', 'PMP', 'Primavera P6', 'AutoCAD']);
    expect(parsed.noticePeriod?.days).toBe(30);
    expect(parsed.phone?.e164).toBe('+971501234567');
    // أيار 2017 to Dec 2026 (116 months) and كانون الثاني 2012 to نيسان 2017 (64).
    expect(parsed.experience).toEqual({ years: 15, months: 0 });
  });

  it('reads a browser-printed Hindi PDF whose conjuncts PDF.js leaves unmapped', async () => {
    const bytes = readFileSync(
      path.join(import.meta.dirname, '..', 'fixtures', 'resumes', 'world', 'files', 'hi-in-43.pdf'),
    );
    const text = await extractResumeText(new Uint8Array(bytes), 'pdf');
    expect(text).toContain('बिक्री और वितरण में अनुभवी, टीम का नेतृत्व करने में सक्षम।');
    expect(parseResumeText(text, { now: NOW }).skills).toContain('ग्राहक सेवा');
  });

  it('reads a fresher: no experience, and the university line under the degree with its dates', () => {
    const parsed = parse('fresher.txt');
    expect(parsed.experience).toEqual({ years: 0, months: 0 });
    expect(parsed.designation).toBeNull();
    expect(parsed.education[0]).toEqual({
      degree: 'Bachelor of Science in Applied Mathematics',
      institute: 'Vietnam National University – University of Science',
      year: 2025,
    });
  });

  it('takes the marks OCR misreads out of a scan: bullets inside a line, "Inc..", "|DR", "/in"', () => {
    const text = cleanOcrText(
      readFileSync(
        path.join(import.meta.dirname, 'fixtures', 'resume-habits', 'ocr-noise.txt'),
        'utf8',
      ),
    );
    const parsed = parseResumeText(text, { now: NOW, scanned: true, defaultCurrency: 'IDR' });
    expect(parsed.linkedIn).toBe('https://www.linkedin.com/in/rafamendoza-ops');
    expect(parsed.company).toBe('Arunika Cold Chain Corp.');
    expect(parsed.education[0]).toEqual({
      degree: 'BS Industrial Engineering',
      institute: 'Institut Teknologi Sepuluh Nopember',
      year: 2014,
    });
    expect(parsed.skills).toEqual([
      'Fleet Scheduling',
      'Inventory Control',
      'SAP MM',
      'Warehouse Safety',
    ]);
    expect(parsed.salary).toMatchObject({ amount: 9250000, currency: 'IDR', mode: 'monthly' });
  });
});

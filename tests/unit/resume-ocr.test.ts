/**
 * Scanned resumes: which uploads go to OCR, and tesseract's text (as it prints it, with bidi
 * marks round Latin runs in Arabic lines and bullets read as "+" or "«") read into fields.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanOcrText, looksScanned } from '~/server/resumes/ocr';
import { parseResumeText } from '~/server/resumes/parse';
import { parseResumeFile } from '~/server/resumes/service';

const NOW = new Date('2026-11-21T10:00:00Z');
const WORLD = path.resolve(__dirname, '../fixtures/resumes/world/files');

// Tesseract 5.3 with eng+hin+ara on the scanned fixtures (trimmed).
const ARABIC_OCR = [
  'أحمد حسن الكعبي',
  'الرياض',
  '\u200earabic.0@example.com | +966 582513918\u200f',
  '',
  '\u200fالخبرة العملية',
  '',
  'منسق مشتريات - بنك قطر الوطني',
  'مارس 2023 - حتى الآن',
  '« قيادة فريق المبيعات في المنطقة.',
  '',
  '\u200fالمؤهلات',
  'بكالوريوس المحاسبة - جامعة الإمارات العربية المتحدة - 2007',
  '',
  '\u200fالمهارات',
  'إدارة المخزون, المحاسبة المالية, التفاوض, المبيعات, \u200eExcel\u200f',
  '',
  '\u200fالبيانات الشخصية',
  'المدينة: الرياض',
  'فترة الإشعار: 30 يوم',
  'الراتب الحالي: 16,000 ريال سعودي شهريًا',
].join('\n');

const HINDI_OCR = [
  'अनीता अग्रवाल',
  'दिल्ली',
  'hindi.2@example.in | +91 9585994703',
  '',
  'कार्य अनुभव / Work Experience',
  '',
  'Area Sales Manager - Dabur India Limited',
  'Mar 2024 - अब तक',
  '',
  '+ क्षेत्र में बिक्री टीम का नेतृत्व किया।',
  '',
  'शिक्षा',
  '',
  'B.Com, Delhi University, 2008',
  '',
  'कौशल',
  '',
  'ग्राहक सेवा, Trade Marketing, Tally ERP, Excel, Distribution',
].join('\n');

describe('OCR text cleaning', () => {
  it('drops the bidi marks and reads misread bullets as bullets', () => {
    const text = cleanOcrText(ARABIC_OCR);
    expect(text).not.toMatch(/[\u200e\u200f]/);
    expect(text).toContain('arabic.0@example.com | +966 582513918');
    expect(text).toContain('• قيادة فريق المبيعات في المنطقة.');
    expect(cleanOcrText('+ Led a team\n\n\n\nSkills')).toBe('• Led a team\n\nSkills');
  });
});

describe('OCR text read into fields', () => {
  it('reads an Arabic scan: the name in its script and order, the job, city, notice, salary', () => {
    const parsed = parseResumeText(cleanOcrText(ARABIC_OCR), { now: NOW });
    expect(parsed.name).toBe('أحمد حسن الكعبي');
    expect(parsed.email).toBe('arabic.0@example.com');
    expect(parsed.phone?.number).toBe('582513918');
    expect(parsed.designation).toBe('منسق مشتريات');
    expect(parsed.company).toBe('بنك قطر الوطني');
    expect(parsed.experience).toEqual({ years: 3, months: 9 });
    expect(parsed.education[0]).toMatchObject({ degree: 'بكالوريوس المحاسبة', year: 2007 });
    expect(parsed.skills).toContain('Excel');
    expect(parsed.city?.city).toBe('Riyadh');
    expect(parsed.noticePeriod?.days).toBe(30);
    expect(parsed.salary).toMatchObject({ amount: 16000, currency: 'SAR', mode: 'monthly' });
  });

  it('reads a Hindi scan: the name, not the city under it, and the current job', () => {
    const parsed = parseResumeText(cleanOcrText(HINDI_OCR), { now: NOW });
    expect(parsed.name).toBe('अनीता अग्रवाल');
    expect(parsed.city?.city).toBe('Delhi');
    expect(parsed.designation).toBe('Area Sales Manager');
    expect(parsed.company).toBe('Dabur India Limited');
    expect(parsed.education[0]).toMatchObject({ degree: 'B.Com', year: 2008 });
    expect(parsed.skills).toEqual(
      expect.arrayContaining(['Trade Marketing', 'Tally ERP', 'Excel', 'Distribution']),
    );
  });
});

describe('which uploads go to OCR', () => {
  it('takes a PDF without a text layer as scanned, and nothing else', async () => {
    expect(looksScanned('pdf', '')).toBe(true);
    expect(looksScanned('pdf', ' \n\n 1 ')).toBe(true);
    expect(looksScanned('pdf', 'Priya Sharma, Java developer in Bengaluru')).toBe(false);
    expect(looksScanned('docx', '')).toBe(false);

    const scan = new Uint8Array(readFileSync(path.join(WORLD, 'en-in-03-scan.pdf')));
    const outcome = await parseResumeFile(scan, 'pdf', { now: NOW });
    expect(outcome).toMatchObject({ status: 'empty', scanned: true });
    const printed = new Uint8Array(readFileSync(path.join(WORLD, 'en-in-03.pdf')));
    expect((await parseResumeFile(printed, 'pdf', { now: NOW })).scanned).toBe(false);
  });
});

/**
 * Rules for resumes of the nine countries as other people write them: names with patronymics,
 * family names in capitals, English names beside Chinese ones; page headers and footers.
 */
import { describe, expect, it } from 'vitest';
import { parsedRows } from '~/lib/resume-drop/messages';
import { Document, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import PDFDocument from 'pdfkit';
import { digitRunsInOrder, extractResumeText } from '~/server/resumes/extract';
import { alefLamInPlace } from '~/server/resumes/parse/alef-lam';
import { readOcrMarks } from '~/server/resumes/parse/ocr-marks';
import { findSkills } from '~/server/resumes/parse/skills';
import { noticeDays } from '~/server/resumes/parse/fields';
import { toLines } from '~/server/resumes/parse/text';
import {
  EMPTY_PARSE,
  findName,
  headingKind,
  parseResumeText,
  readsClean,
} from '~/server/resumes/parse';

const name = (text: string) => {
  const lines = toLines(text);
  return findName(lines, lines);
};

describe('names of the region', () => {
  it.each([
    ['MUHAMMAD FAIZAL BIN ABDUL RAHMAN\nMechanical Engineer', 'Muhammad Faizal bin Abdul Rahman'],
    ['ARJUN S/O RAMASAMY\nTechnician', 'Arjun s/o Ramasamy'],
    ['Nur Aisyah binti Mohamed Rafi\nStaff Nurse', 'Nur Aisyah binti Mohamed Rafi'],
    ['Karen WONG Ka-yan\nMerchandiser', 'Karen WONG Ka-yan'],
    ['TAN WEI MING, JASMINE\nSenior Data Analyst', 'Tan Wei Ming, Jasmine'],
    ['LIM CHEE KEONG (JASON) 林志强\nTest Engineer', 'Lim Chee Keong'],
    ['Kristine Joy M. Villanueva\nAccountant', 'Kristine Joy M. Villanueva'],
    ['Khalid bin Saeed bin Ali Al-Harthy\nDrilling Engineer', 'Khalid bin Saeed bin Ali Al-Harthy'],
    ['Maria\nCristina\nD. Santos\nTeam Lead', 'Maria Cristina D. Santos'],
    ['Siti Aminah binte Rahmat\nAdmin Executive', 'Siti Aminah binte Rahmat'],
    // A form table's colon column: "Name <tab> : <tab> value".
    ['बायोडाटा\nनाम\t:\tसुनील कुमार मौर्य\nपिता का नाम\t:\tश्री रमेश मौर्य', 'सुनील कुमार मौर्य'],
    [
      'KUMARESAN A/L MUNIANDY — Site Engineer | HP: +6012-345 6789 — Ipoh, Perak',
      'Kumaresan a/l Muniandy',
    ],
  ])('reads %j as %j', (text, expected) => {
    expect(name(text)).toBe(expected);
  });

  it('never takes a place, a civil status or a letter-spaced heading for the name', () => {
    expect(name('Selangor\nSingle\nAbout Me')).toBeNull();
    expect(name('Lahug, Cebu City\nNimmanhaemin Rd')).toBeNull();
    expect(name('सं प र्क | CO N TAC T\nDeepak Chauhan')).toBe('Deepak Chauhan');
  });

  it('reads headings split by a dash and letter-spaced headings', () => {
    expect(headingKind('Education  –  التعليم')).toBe('education');
    expect(headingKind('S K I L L S')).toBe('skills');
    expect(headingKind('अन्य जानकारी (Other Details)')).toBe('other');
  });
});

describe('the current city from an address or the contact line', () => {
  const city = (text: string) =>
    parseResumeText(text, { now: new Date('2026-12-01') }).city?.city ?? null;

  it.each([
    ['Nguyen Thi Thu Ha\nQA Engineer Cầu Giấy, Hà Nội 0912 345 678 ha@gmail.com', 'Hanoi'],
    [
      'Muthukumar s/o Ramasamy\nAddress: Blk 231 Jurong East St 21, Singapore 600231',
      'Jurong East',
    ],
    ['Lim Chee Keong\n+60 12-345 6789 | 12 Jalan Sungai, Georgetown, Penang', 'George Town'],
    ['Tran Minh Khoa\nkhoa@gmail.com | HCMC', 'Ho Chi Minh City'],
  ])('%j is in %s', (text, expected) => {
    expect(city(text)).toBe(expected);
  });

  // An Indian address ends "City, State - PIN": the part before the state is the city, though
  // it is none of the site's cities; the address may wrap before the state.
  it.each([
    ['Anil Negi\nanil@gmail.com | 7, Civil Lines, Haldwani,\nUttarakhand - 263139', 'Haldwani'],
    ['Ravi Kumar\nPhone: 98765 43210\nAddress: Ward 12, Muzaffarpur, Bihar 842001', 'Muzaffarpur'],
    ['सीमा यादव\nपता : मकान नं. 9, गांधी नगर, गया (बिहार) - ८२३००१', 'गया'],
  ])('%j is in %s', (text, expected) => {
    expect(city(text)).toBe(expected);
  });

  it('never takes a locality or a state without its PIN for the city', () => {
    expect(city('Anil Negi\nanil@gmail.com | 7, Gandhi Nagar, Uttarakhand - 263139')).toBeNull();
    expect(city('Anil Negi\nanil@gmail.com | Haldwani, Uttarakhand')).toBeNull();
  });
});

describe('education as the region writes it', () => {
  const first = (text: string) =>
    parseResumeText(text, { now: new Date('2026-12-01') }).education[0] ?? null;

  it('reads a year or range written before the degree, and a short range as its later year', () => {
    expect(
      first(
        'A B\nEducation\n2015 — Bachelor of Engineering (Hons) Mechanical, Universiti Teknologi MARA (UiTM)',
      ),
    ).toEqual({
      degree: 'Bachelor of Engineering (Hons) Mechanical',
      institute: 'Universiti Teknologi MARA (UiTM)',
      year: 2015,
    });
    expect(
      first('A B\nEducation\nM.Sc. (Data Science)\nUniversity of Hyderabad\n2019-21')?.year,
    ).toBe(2021);
  });

  it('knows the degrees of Indonesia, Thailand and Vietnam and joins a degree a column broke', () => {
    expect(
      first('A B\nEducation\nSarjana Psikologi (S.Psi.) — Universitas Indonesia (2016), GPA 3.41'),
    ).toMatchObject({
      degree: 'Sarjana Psikologi (S.Psi.)',
      institute: 'Universitas Indonesia',
      year: 2016,
    });
    expect(
      first('A B\nEducation\nB.Eng. Industrial Engineering | KMUTT University | 2016')?.degree,
    ).toBe('B.Eng. Industrial Engineering');
    expect(
      first('A B\nEducation\nBachelor of Science in Facilities\nand Events Management\nSUSS, 2016')
        ?.degree,
    ).toBe('Bachelor of Science in Facilities and Events Management');
  });
});

describe('experience from the union of dated ranges', () => {
  const experience = (text: string) =>
    parseResumeText(text, { now: new Date('2026-12-15') }).experience;

  it('lets the dates win over a rounded statement', () => {
    expect(
      experience('A B\nTotal experience: 11 years\nExperience\nAnalyst, X Ltd\nMay 2015 – Present'),
    ).toEqual({ years: 11, months: 8 });
    expect(experience('A B\nSummary\n6 years of experience in sales.')).toEqual({
      years: 6,
      months: 0,
    });
  });

  it("reads short ranges, 'Since', a day before the month, and leaves a career break out", () => {
    expect(experience("A B\nExperience\nAnalyst, X Ltd | '19-'21")).toEqual({
      years: 2,
      months: 0,
    });
    expect(experience('A B\nExperience\nAnalyst, X Ltd 2014–16')).toEqual({ years: 2, months: 0 });
    expect(experience('A B\nExperience\nFacilities Manager | Since 2017')).toEqual({
      years: 10,
      months: 0,
    });
    expect(experience('A B\nExperience\nX Corp.\nFrom 1 July 2016 to present')).toEqual({
      years: 10,
      months: 6,
    });
    expect(
      experience(
        'A B\nExperience\nEngineer, X Sdn Bhd\nSep 2021 – Present\nCareer break\nFeb 2020 – Aug 2021\nEngineer, Y Bhd\nJan 2015 – Jan 2020',
      ),
    ).toEqual({ years: 10, months: 5 });
  });
});

describe('numbers of the region', () => {
  it.each([
    ['الراتب الحالي: ١٤٬٥٠٠ درهم شهريا', null, { amount: 14500, currency: 'AED', mode: 'monthly' }],
    [
      'Current salary: IDR 9.500.000/month',
      null,
      { amount: 9_500_000, currency: 'IDR', mode: 'monthly' },
    ],
    [
      'Current salary: VND 45 million/month (gross)',
      null,
      { amount: 45_000_000, currency: 'VND', mode: 'monthly' },
    ],
    ['वर्तमान वेतन: ₹ 45,000/माह', null, { amount: 45000, currency: 'INR', mode: 'monthly' }],
    [
      'Current: SGD 8,200/mo (expected SGD 9,500/mo)',
      null,
      { amount: 8200, currency: 'SGD', mode: 'monthly' },
    ],
    ['Current salary: RM\n9,500/month', null, { amount: 9500, currency: 'MYR', mode: 'monthly' }],
    ['वर्तमान CTC: 9.5 LPA', null, { amount: 950_000, currency: 'INR', mode: 'annual' }],
  ])('%j', (line, _, expected) => {
    const salary = parseResumeText(`A B\n${line}`, { now: new Date('2026-12-01') }).salary;
    expect(salary).toMatchObject(expected);
  });
});

describe('fields read with low confidence', () => {
  it('marks a scan’s name and company unsure, and garbled text anywhere', () => {
    const text =
      'Wong Ka Yan\nSenior Merchandiser\nExperience\nSenior Merchandiser, Pearl River Garments Ltd\nJan 2020 – Present';
    expect(parseResumeText(text).unsure).toBeUndefined();
    expect(parseResumeText(text, { scanned: true }).unsure).toEqual([
      'name',
      'designation',
      'company',
    ]);
    expect(readsClean('فاطمة عبدا اهلللزهراني')).toBe(true);
    expect(readsClean('ी गणेशेडर्स')).toBe(false);
    expect(readsClean('Oracle Financials 0»')).toBe(false);
    expect(readsClean('Kristine Joy M. Villanueva')).toBe(true);
  });

  it('the drop zone asks to check an unsure name or company instead of showing it as read', () => {
    const strings = {
      fields: {
        name: 'Name',
        email: 'Email',
        phone: 'Mobile',
        skills: 'Skills',
        experience: 'Experience',
        designation: 'Designation',
        company: 'Company',
        education: 'Education',
        linkedIn: 'LinkedIn',
      },
      experienceJoin: '{{years}} {{months}}',
      unsure: 'Not read for sure: please check it in the next step.',
    };
    const parsed = {
      ...EMPTY_PARSE,
      skills: [],
      education: [],
      name: 'Ka Yan',
      company: 'Pearl R1ver',
      email: 'k@x.hk',
      unsure: ['name' as const, 'company' as const],
    };
    expect(parsedRows(parsed, strings, 'en')).toEqual([
      ['Name', strings.unsure],
      ['Email', 'k@x.hk'],
      ['Company', strings.unsure],
    ]);
  });
});

describe('Arabic-Indic numbers a PDF writer drew from the right', () => {
  it('turns every run back when its years read only backwards', () => {
    expect(
      digitRunsInOrder('مارس ١٢٠٢ – حتى الآن\nالراتب الحالي: ٠٠٠٬٢٢ ريال\nالجوال: ٠٥٠ ٧٤٤ ١٢٩٨'),
    ).toBe('مارس ٢٠٢١ – حتى الآن\nالراتب الحالي: ٢٢٬٠٠٠ ريال\nالجوال: ٠٥٠ ٤٤٧ ٨٩٢١');
    const typed = 'يناير ٢٠١٩ – الآن\nالراتب: ١٢٬٠٠٠ ريال';
    expect(digitRunsInOrder(typed)).toBe(typed);
  });
});

describe('the current job around its dates', () => {
  const job = (text: string) => {
    const r = parseResumeText(`Tan Wei Ming\nWork Experience\n${text}`, {
      now: new Date('2026-12-01'),
    });
    return [r.designation, r.company];
  };

  it.each([
    [
      'Senior Data Analyst\nLion City Payments Pte. Ltd. | Mar 2021 – Present',
      ['Senior Data Analyst', 'Lion City Payments Pte. Ltd.'],
    ],
    [
      'Marketing Manager Jun 2019 – Present\nSiam Lotus Consumer Co., Ltd., Bangkok',
      ['Marketing Manager', 'Siam Lotus Consumer Co., Ltd.'],
    ],
    [
      'PT Nusantara Prima Logistik, Jakarta — HR Generalist\nJanuary 2020 – Present',
      ['HR Generalist', 'PT Nusantara Prima Logistik'],
    ],
    [
      'Company | Position | Duration\nAmata Precision Parts Co., Ltd. | Production Engineer | Feb 2021 – Present',
      ['Production Engineer', 'Amata Precision Parts Co., Ltd.'],
    ],
    [
      '1. श्रीराम लॉजिस्टिक्स प्रा. लि., मानेसर\nपद : वेयरहाउस सुपरवाइज़र\nअवधि : अगस्त 2019 से अब तक',
      ['वेयरहाउस सुपरवाइज़र', 'श्रीराम लॉजिस्टिक्स प्रा. लि.'],
    ],
    [
      'Jun 2017 – Present: Relationship Manager – SME Banking, Gulf Pearl Bank B.S.C., Manama',
      ['Relationship Manager', 'Gulf Pearl Bank B.S.C.'],
    ],
  ])('%j', (text, expected) => {
    expect(job(text)).toEqual(expected);
  });

  // A trade's own name, or an English title written in Devanagari, is no known title word: beside
  // an employer named by its company words on the job's heading line, it is the title.
  it.each([
    [
      '2. वेल्डर – कृष्णा ऑटो पार्ट्स प्रा. लि., गुड़गांव\nअवधि : मार्च 2018 से अब तक',
      ['वेल्डर', 'कृष्णा ऑटो पार्ट्स प्रा. लि.'],
    ],
    [
      'बैरिस्टा - ग्रीन लीफ कैफ़े प्राइवेट लिमिटेड\nजून 2020 – वर्तमान',
      ['बैरिस्टा', 'ग्रीन लीफ कैफ़े प्राइवेट लिमिटेड'],
    ],
    [
      'Welder – Gulf Fabrication LLC, Sharjah\nMarch 2018 – Present',
      ['Welder', 'Gulf Fabrication LLC'],
    ],
  ])('a title beside its employer: %j', (text, expected) => {
    expect(job(text)).toEqual(expected);
  });

  it('keeps a known title over the words beside the employer', () => {
    expect(
      job('Sales Operations – Gulf Fabrication LLC\nSales Coordinator\nMarch 2018 – Present'),
    ).toEqual(['Sales Coordinator', 'Gulf Fabrication LLC']);
  });
});

describe('skills lists as people write them', () => {
  const skills = (line: string) =>
    parseResumeText(`A B\nSkills\n${line}`, { now: new Date('2026-12-01') }).skills;

  it('splits a tool in brackets off its skill, keeps levels, lists and translations whole', () => {
    expect(skills('Onboarding (Zoho People) · PLC (basic) · Linux (RHEL, Ubuntu)')).toEqual([
      'Onboarding',
      'Zoho People',
      'PLC (basic)',
      'Linux (RHEL, Ubuntu)',
    ]);
    expect(skills('SAP (बेसिक), إدارة العقود (فيديك)')).toEqual([
      'SAP (बेसिक)',
      'إدارة العقود (فيديك)',
    ]);
  });

  it('drops a second group label and a certificate year', () => {
    expect(skills('Languages: PHP, JavaScript - Frameworks: Laravel, Vue.js')).toEqual([
      'PHP',
      'JavaScript',
      'Laravel',
      'Vue.js',
    ]);
    expect(skills('NEBOSH IGC (2015), OSHA 30 (2017)')).toEqual(['NEBOSH IGC', 'OSHA 30']);
  });
});

describe('layouts and numbers of other hands', () => {
  it('joins an institute a narrow column broke, and keeps its year', () => {
    const parsed = parseResumeText(
      [
        'Sneha Agarwal',
        'EDUCATION',
        'MBA (Finance)',
        'Indian Institute of Social',
        'Welfare and Business',
        'Management (IISWBM),',
        'Kolkata',
        '2017',
        'B.Sc in Facilities Management',
        'Singapore University of Social',
        'Sciences (SUSS), 2016',
      ].join('\n'),
      { now: new Date('2026-01-01') },
    );
    expect(parsed.education.map((e) => [e.institute, e.year])).toEqual([
      ['Indian Institute of Social Welfare and Business Management (IISWBM), Kolkata', 2017],
      ['Singapore University of Social Sciences (SUSS)', 2016],
    ]);
  });

  it('gives years on a line of their own to the degree after them', () => {
    const parsed = parseResumeText(
      [
        'Sutrisno',
        'EDUCATION',
        '2009 – 2013',
        'S1 Teknik Industri (Bachelor of Industrial Engineering), Institut Teknologi Sepuluh',
        'Nopember (ITS) (GPA 3.28)',
        '2006 – 2009 SMA Negeri 5 Surabaya (IPA)',
      ].join('\n'),
      { now: new Date('2026-01-01') },
    );
    expect(parsed.education[0]).toMatchObject({
      degree: 'S1 Teknik Industri (Bachelor of Industrial Engineering)',
      year: 2013,
    });
    expect(parsed.education[1]).toMatchObject({
      institute: 'SMA Negeri 5 Surabaya (IPA)',
      year: 2009,
    });
  });

  it('reads an Indonesian mobile written with its trunk 0 on the Indonesia site', () => {
    const parsed = parseResumeText('Sutrisno\nMobile Phone : 0813-3456-7821', { defaultIsd: '62' });
    expect(parsed.phone?.e164).toBe('+6281334567821');
    // Not a mobile there: a long number with a 0 first stays unread as one.
    expect(parseResumeText('Ref : 0999-1234-5678', { defaultIsd: '62' }).phone?.e164 ?? null).toBe(
      null,
    );
  });

  it('drops the category column of a skills table, and keeps a list without one', () => {
    const table = parseResumeText(
      [
        'Karthik S',
        'TECHNICAL SKILLS',
        'Cloud AWS, Terraform, Argo CD',
        'Containers Kubernetes, Docker, Helm',
        'CI/CD Jenkins, GitHub Actions',
        'Scripting / OS Python, Bash',
      ].join('\n'),
    );
    expect(table.skills).toEqual(
      expect.arrayContaining(['AWS', 'Kubernetes', 'Jenkins', 'Python', 'Bash']),
    );
    expect(table.skills).not.toContain('Containers Kubernetes');
    expect(table.skills).not.toContain('Scripting');
    // One row that starts with a category word is a skill, not a table.
    const list = parseResumeText('Asha\nSKILLS\nSecurity Audits, Excel\nTally, GST');
    expect(list.skills).toContain('Security Audits');
  });

  it('reads the city of a street address without a label, as unsure', () => {
    const parsed = parseResumeText(
      'Muthukumar s/o Ramasamy\nCONTACT\nHP: 9734 2210\nBlk 231 Jurong East St 21,\n#08-114, Singapore 600231',
      { defaultIsd: '65' },
    );
    expect(parsed.city).toMatchObject({ city: 'Jurong East', country: 'SG' });
    expect(parsed.city!.confidence).toBeLessThan(0.7);
  });
});

describe('Arabic as PDF fonts map it', () => {
  it('reads the ligature of "الله" that fonts map to "اهلل" as the word, in a name and alone', () => {
    expect(alefLamInPlace('سعيد عبداهلل المري\nبسم اهلل')).toBe('سعيد عبدالله المري\nبسم الله');
  });

  it('drops a vowel mark that stands before any letter (drawn for another line)', () => {
    expect(alefLamInPlace('ًالمؤهلات\nشكراً')).toBe('المؤهلات\nشكراً');
  });
});

describe('what OCR makes of marks and narrow letters on a scan', () => {
  it('reads a middle dot read as *, », + or an Arabic zero as the dot, a zero at the start as a bullet', () => {
    expect(readOcrMarks('Data Analyst | Python * Tableau » Power BI')).toBe(
      'Data Analyst | Python · Tableau · Power BI',
    );
    expect(readOcrMarks('Tel: +974 3312 6605 ٠ Doha')).toBe('Tel: +974 3312 6605 · Doha');
    expect(readOcrMarks('٠ Managed a fleet of 40 trucks')).toBe('• Managed a fleet of 40 trucks');
    // One plus is not a list; Arabic-Indic numbers stay.
    expect(readOcrMarks('Hotel staff 2 + 1 shifts')).toBe('Hotel staff 2 + 1 shifts');
    expect(readOcrMarks('الهاتف: ٠٥٥ ٢١٣ ٧٧٠٩')).toBe('الهاتف: ٠٥٥ ٢١٣ ٧٧٠٩');
  });

  it('does not read a number that mixes Latin and Arabic-Indic digits', () => {
    expect(readOcrMarks('الراتب: 9٠٠7 ريال')).toBe('الراتب:  ريال');
    expect(readOcrMarks('الراتب: ٩٬٥٠٠ ريال, 2019')).toBe('الراتب: ٩٬٥٠٠ ريال, 2019');
  });

  it('gives a web mail its name back and joins a LinkedIn address OCR cut', () => {
    expect(readOcrMarks('sara.lim@qmail.com | ali@grnail.com | x@yahoo.co.in')).toBe(
      'sara.lim@gmail.com | ali@gmail.com | x@yahoo.co.in',
    );
    expect(readOcrMarks('team@mail.com')).toBe('team@mail.com');
    expect(readOcrMarks('www.linked in.com/in/sara-lim')).toBe('www.linkedin.com/in/sara-lim');
  });

  it('reads the name before a sidebar heading OCR put on its line', () => {
    expect(name('Sara Lim Mei Ling CONTACT\nsara@example.com')).toBe('Sara Lim Mei Ling');
    expect(name('Khalid Al Amri CONTACT / التواصل\nDubai')).toBe('Khalid Al Amri');
  });
});

describe('a DOCX laid out by a table', () => {
  const paragraphs = (lines: string[]) => lines.map((text) => new Paragraph({ text }));
  const layoutDocx = () =>
    Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Table({
                rows: [
                  new TableRow({
                    children: [
                      new TableCell({
                        children: paragraphs([
                          'CONTACT',
                          'Mobile: +63 917 555 0142',
                          'ana.reyes@example.com',
                          'SKILLS',
                          'Payroll',
                          'SAP HCM',
                          'Labor Relations',
                        ]),
                      }),
                      new TableCell({
                        children: paragraphs([
                          'ANA REYES',
                          'HR Supervisor',
                          'WORK EXPERIENCE',
                          'HR Supervisor',
                          'Luzon Freight Services Inc., Pasig | Mar 2019 – Present',
                          'EDUCATION',
                          'Bachelor of Science in Psychology — University of Santo Tomas, 2014',
                        ]),
                      }),
                    ],
                  }),
                ],
              }),
            ],
          },
        ],
      }),
    );

  it('parts the paragraphs of one cell: a name over its title in a header table', async () => {
    const bytes = await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Table({
                rows: [
                  new TableRow({
                    children: [
                      new TableCell({ children: paragraphs(['Yusuf Al-Rashid', 'Site Engineer']) }),
                      new TableCell({ children: paragraphs(['+968 9123 4567', 'Muscat']) }),
                    ],
                  }),
                ],
              }),
            ],
          },
        ],
      }),
    );
    const text = await extractResumeText(new Uint8Array(bytes), 'docx');
    expect(text).toContain('Yusuf Al-Rashid — Site Engineer');
    expect(parseResumeText(text).name).toBe('Yusuf Al-Rashid');
  });

  it('reads a sidebar cell and a main cell as sections, the cell with the name first', async () => {
    const text = await extractResumeText(new Uint8Array(await layoutDocx()), 'docx');
    const lines = text.split('\n').filter((l) => l.trim());
    expect(lines.slice(0, 2)).toEqual(['ANA REYES', 'HR Supervisor']);
    expect(lines).toContain('SAP HCM');
    const parsed = parseResumeText(text, { now: new Date('2026-12-15') });
    expect(parsed.name).toBe('Ana Reyes');
    expect(parsed.company).toBe('Luzon Freight Services Inc.');
    expect(parsed.skills).toEqual(
      expect.arrayContaining(['Payroll', 'SAP HCM', 'Labor Relations']),
    );
    expect(parsed.education[0]).toMatchObject({
      institute: 'University of Santo Tomas',
      year: 2014,
    });
  });
});

describe('sections and tables as other hands write them', () => {
  it('keeps a skill with its own abbreviation in brackets whole', () => {
    expect(findSkills('', ['Root Cause Analysis (RCA)', 'Onboarding (Workday)'])).toEqual([
      'Root Cause Analysis (RCA)',
      'Onboarding',
      'Workday',
    ]);
  });

  it('takes "Software Skills" and "Digital Skills" for skills headings', () => {
    expect(headingKind('SOFTWARE SKILLS')).toBe('skills');
    expect(headingKind('Digital Skills')).toBe('skills');
  });

  it('reads a plain-text table whose columns are aligned with spaces', () => {
    const text = [
      'Meera Joshi',
      'meera.joshi@example.com',
      'EDUCATION',
      'Exam          Board/University                      Year    Result',
      'B.Com         Maharaja Sayajirao University, Vadodara  2016    68 %',
    ].join('\n');
    expect(parseResumeText(text).education[0]).toMatchObject({
      degree: 'B.Com',
      institute: 'Maharaja Sayajirao University, Vadodara',
      year: 2016,
    });
  });

  it("reads a degree's years written short with apostrophes ('18–'22)", () => {
    const text = "Ravi Nair\nEDUCATION\nB.Tech (Civil) — NIT Calicut, '18–'22 (part-time)";
    expect(parseResumeText(text, { now: new Date('2026-12-15') }).education[0]).toMatchObject({
      institute: 'NIT Calicut',
      year: 2022,
    });
  });
});

describe('a PDF read by where its text stands', () => {
  /** A page drawn by pdfkit: a sidebar drawn first, then the main column. */
  const pdf = (draw: (doc: PDFKit.PDFDocument) => void) =>
    new Promise<Uint8Array>((resolve) => {
      const doc = new PDFDocument({ size: 'A4', margin: 40 });
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
      draw(doc);
      doc.end();
    });

  it('gives first a name in large type that is broken over two lines', async () => {
    const bytes = await pdf((doc) => {
      doc.fontSize(10).text('CONTACT', 30, 60).text('+91 98450 12345', 30, 76);
      doc.text('SKILLS', 30, 110).text('Python', 30, 126).text('Airflow', 30, 142);
      doc.fontSize(24).text('Lakshmi', 220, 60).text('Venkataraman', 220, 88);
      doc.fontSize(12).text('Data Engineer', 220, 120);
    });
    const text = await extractResumeText(bytes, 'pdf');
    expect(text.split('\n')[0]).toBe('Lakshmi Venkataraman');
    expect(parseResumeText(text).name).toBe('Lakshmi Venkataraman');
  });

  it('parts by a tab the cells of a table row that stand far apart on one line', async () => {
    const bytes = await pdf((doc) => {
      doc.fontSize(10).text('EDUCATION', 40, 60);
      doc.text('Bachelor of Commerce', 40, 80, { lineBreak: false });
      doc.text('University of Mumbai', 260, 80, { lineBreak: false });
      doc.text('2015', 460, 80, { lineBreak: false });
    });
    const text = await extractResumeText(bytes, 'pdf');
    expect(text).toMatch(/Bachelor of Commerce\s*\t\s*University of Mumbai\s*\t\s*2015/);
  });
});

describe('place names and names in two scripts', () => {
  it('reads a two-word place written closed up', () => {
    expect(parseResumeText('Ivy Chan\nFlat 8, Block 2, Kwuntong, Kowloon').city?.city).toBe(
      'Kwun Tong',
    );
  });

  it('reads the name in the script a bilingual name line starts with', () => {
    expect(name('Maryam Saeed Al-Nuaimi مريم سعيد النعيمي\nHR Officer')).toBe(
      'Maryam Saeed Al-Nuaimi',
    );
  });
});

describe('dates in a column of their own', () => {
  it('gives the current job the heading that stands first after a block of dates', () => {
    const text = [
      'Winnie Lau',
      'WORK EXPERIENCE',
      '03/2020 — Present',
      '07/2016 — 02/2020',
      'Kowloon Bay Logistics Limited, Kowloon Bay',
      'Shipping Coordinator',
      '• Arrange sea and air freight bookings for 40 accounts',
      '• Prepare export documents and letters of credit',
      'Pearl River Forwarding Company Limited, Tsuen Wan',
      'Shipping Clerk',
      '• Filed bills of lading and invoices',
    ].join('\n');
    const parsed = parseResumeText(text, { now: new Date('2026-12-15') });
    expect(parsed.designation).toBe('Shipping Coordinator');
    expect(parsed.company).toBe('Kowloon Bay Logistics Limited');
  });
});

describe('numbers and notice as written in the Gulf and the Philippines', () => {
  it('reads a notice written in words and digits, or after the availability label', () => {
    expect(noticeDays('One (1) month')).toBe(30);
    expect(noticeDays('2 (two) months')).toBe(60);
    expect(
      parseResumeText('Joy Santos\nAvailability\tCan report 15 days after notice is given')
        .noticePeriod?.days,
    ).toBe(15);
  });

  it("takes the number labelled mobile over a home country's WhatsApp number", () => {
    const text = 'Anil Menon\nDeira, Dubai\nMobile: 055 318 2290 | WhatsApp: +91 98470 55123';
    expect(parseResumeText(text, { defaultIsd: '966' }).phone?.e164).toBe('+971553182290');
  });

  it("reads a number written without its code as one of the resume's own country", () => {
    const text = 'Sara Khan\nAl Nahda, Sharjah\nMobile: 050 441 7788';
    expect(parseResumeText(text, { defaultIsd: '966' }).phone?.e164).toBe('+971504417788');
  });
});

describe('table cells of paragraphs and right-to-left brackets', () => {
  it("reads the title that heads a cell of the job's duties", () => {
    const text = [
      'Lim Boon Huat',
      'WORK EXPERIENCE',
      'Period | Company | Position & Duties',
      'Feb 2019 – Present | Penang Semicon Sdn. Bhd., Bayan Lepas | Process Engineer — Led yield improvement projects on two wire-bond lines — Trained six technicians on SPC charts',
    ].join('\n');
    const parsed = parseResumeText(text, { now: new Date('2026-12-15') });
    expect(parsed.designation).toBe('Process Engineer');
    expect(parsed.company).toBe('Penang Semicon Sdn. Bhd.');
  });

  it('turns round brackets an extractor mirrored in an Arabic line', () => {
    expect(toLines('مهندس شبكات — شركة الخليج للاتصالات )GTC(')).toEqual([
      'مهندس شبكات — شركة الخليج للاتصالات (GTC)',
    ]);
    expect(toLines('مهندس (أول) في شركة (GTC)')).toEqual(['مهندس (أول) في شركة (GTC)']);
  });
});

describe('education written institute first', () => {
  it('gives each degree the institute named on the line before it', () => {
    const text = [
      'Nguyen Van An',
      'EDUCATION',
      'Da Nang University of Technology 2013 – 2017',
      'Bachelor of Civil Engineering – GPA 3.1/4',
      'SKILLS',
      'AutoCAD',
    ].join('\n');
    expect(parseResumeText(text, { now: new Date('2026-12-15') }).education[0]).toEqual({
      degree: 'Bachelor of Civil Engineering',
      institute: 'Da Nang University of Technology',
      year: 2017,
    });
  });

  it('never takes a table of degrees’ column headings for an institute', () => {
    const text =
      'Asha Rao\nEDUCATION\nDegree Institution Year Score\nB.Com\nUniversity of Mysore\n2012';
    expect(parseResumeText(text).education[0]?.institute).not.toBe('Institution');
  });
});

/**
 * Habits of resumes written by other hands that the parser learnt from a set written apart from
 * it: a career break written in Hindi, an institute broken before its last word, pharmacy and
 * education degrees, "Mohd." in a name, an Arabic joining label, an Arabic mobile drawn group by
 * group from the right, and a laid-out table whose cell wraps.
 */
import { describe, expect, it } from 'vitest';
import { parseResumeText } from '~/server/resumes/parse';
import { tableRows } from '~/server/resumes/poppler';

const NOW = new Date('2026-12-15T10:00:00Z');

describe('resumes by other hands', () => {
  it('leaves a dated career break written in Hindi out of the experience', () => {
    const parsed = parseResumeText(
      [
        'Neha Saxena',
        'कार्य अनुभव',
        'Store Manager | Lakeview Retail Pvt. Ltd., Indore',
        '01/2022 - till date',
        'करियर ब्रेक: 01/2021 – 12/2021 (मातृत्व)',
        'Cashier | Apex Mart, Indore',
        '01/2019 – 12/2020',
      ].join('\n'),
      { now: NOW },
    );
    // 2019-01..2020-12 (24) and 2022-01..2026-12 (60): the year's break is not work.
    expect(parsed.experience).toEqual({ years: 7, months: 0 });
  });

  it('joins an institute broken before "University" and reads its years', () => {
    const parsed = parseResumeText(
      [
        'Ankit Mehra',
        'शिक्षा',
        'MBA (Marketing), Devi Ahilya',
        'University — 2015–2017',
        'B.Com, Holkar Science College — 2015',
      ].join('\n'),
      { now: NOW },
    );
    expect(parsed.education[0]).toEqual({
      degree: 'MBA (Marketing)',
      institute: 'Devi Ahilya University',
      year: 2017,
    });
  });

  it('ranks a B.Pharm over the 12th and knows a B.Ed written in Devanagari', () => {
    const pharmacy = parseResumeText(
      [
        'Rohit Verma',
        'EDUCATION',
        '12th (CBSE) - 2012',
        'B.Pharm - Rajiv Gandhi University - 2016',
      ].join('\n'),
      { now: NOW },
    );
    expect(pharmacy.education[0]?.degree).toBe('B.Pharm');
    const teacher = parseResumeText(
      [
        'रीना कुमारी',
        'शैक्षणिक योग्यता',
        'बी.एड., मगध विश्वविद्यालय, 2015',
        'बी.ए., मगध विश्वविद्यालय, 2013',
      ].join('\n'),
      { now: NOW },
    );
    expect(teacher.education[0]).toEqual({
      degree: 'बी.एड.',
      institute: 'मगध विश्वविद्यालय',
      year: 2015,
    });
  });

  it('reads a name written with "Mohd."', () => {
    const parsed = parseResumeText('Mohd. Arif Khan\nAccountant\narif.khan@mail.test', {
      now: NOW,
    });
    expect(parsed.name).toBe('Mohd. Arif Khan');
  });

  it('reads "الالتحاق: فوري" as joining at once', () => {
    const parsed = parseResumeText('خالد سعيد\nمحاسب\nالالتحاق: فوري', { now: NOW });
    expect(parsed.noticePeriod?.days).toBe(1);
  });

  it('reads an Arabic mobile whose groups a right-to-left line drew from the right', () => {
    const parsed = parseResumeText('سارة علي\nالجوال: ٤٤٥٥ ٧٨٣ ٠٥٠ | البريد: sara@mail.test', {
      now: NOW,
      defaultIsd: '966',
    });
    expect(parsed.phone?.e164).toBe('+966507834455');
  });

  it('keeps a laid-out table as rows and joins a cell broken over lines', () => {
    const laidOut = [
      'Degree          Institute                       Year',
      'M.Sc            Institute of Chemical               2018',
      '                Technology, Mumbai',
      'B.Sc            Wilson College                  2016',
    ].join('\n');
    expect(tableRows(laidOut).split('\n')).toEqual([
      'Degree\tInstitute\tYear',
      'M.Sc\tInstitute of Chemical Technology, Mumbai\t2018',
      'B.Sc\tWilson College\t2016',
    ]);
  });

  it('takes the number labelled mobile in Hindi over a home landline', () => {
    const parsed = parseResumeText(
      'Manoj Singh\nफ़ोन (घर): 0522-2234567 | मोबाइल: 98390 12345\nmanoj@mail.test',
      { now: NOW, defaultIsd: '91' },
    );
    expect(parsed.phone?.e164).toBe('+919839012345');
  });

  it('reads Indonesian months and notice periods', () => {
    const parsed = parseResumeText(
      [
        'Dimas Saputra',
        'Pengalaman Kerja',
        'Staf Gudang',
        'PT Sinar Logistik — Okt 2016 - Agustus 2020',
        'Supervisor Gudang',
        'PT Laju Cargo — Desember 2020 - sekarang',
        'Notice period: 1 bulan',
      ].join('\n'),
      { now: NOW },
    );
    // Oct 2016-Aug 2020 (47 months) and Dec 2020-Dec 2026 (73 months).
    expect(parsed.experience).toEqual({ years: 10, months: 0 });
    expect(parsed.noticePeriod?.days).toBe(30);
  });

  it('keeps a skills list whose items name a standard year or MS Excel', () => {
    const parsed = parseResumeText(
      'Arif Hidayat\nSkills\nLean Manufacturing, 5S, ISO 9001:2015, SAP (PP/QM), Kaizen, MS Excel',
      { now: NOW },
    );
    expect(parsed.skills).toEqual([
      'Lean Manufacturing',
      '5S',
      'ISO 9001:2015',
      'SAP (PP/QM)',
      'Kaizen',
      'MS Excel',
    ]);
  });
});

describe('Hindi resumes by other hands', () => {
  it('reads a trade written in Devanagari, an ITI, "एक माह" and a name a PDF spaced', () => {
    const parsed = parseResumeText(
      [
        'सुरेश कु मार',
        'कार्य अनुभव',
        '१. वेल्डर',
        'भारत फैब्रिकेशन वर्क्स, नासिक',
        'जून २०१९ – वर्तमान',
        'शैक्षणिक योग्यता',
        '10वीं, महाराष्ट्र राज्य बोर्ड, 2014',
        'आईटीआई (वेल्डर), शासकीय औद्योगिक प्रशिक्षण संस्था, नासिक, 2016',
        'नोटिस अवधि: एक माह',
      ].join('\n'),
      { now: NOW },
    );
    expect(parsed.name).toBe('सुरेश कुमार');
    expect(parsed.designation).toBe('वेल्डर');
    expect(parsed.education[0]?.degree).toBe('आईटीआई (वेल्डर)');
    expect(parsed.education[0]?.year).toBe(2016);
    expect(parsed.noticePeriod?.days).toBe(30);
  });

  it('drops a skills table category cell before its list', () => {
    const parsed = parseResumeText(
      'Lim Wei\nSKILLS\nTechnical\tCisco Routing, Fortinet FortiGate, VMware vSphere, Windows Server',
      { now: NOW },
    );
    expect(parsed.skills).toEqual([
      'Cisco Routing',
      'Fortinet FortiGate',
      'VMware vSphere',
      'Windows Server',
    ]);
  });
});

describe('scans read by OCR', () => {
  const scanned = (text: string) =>
    parseResumeText(text, { now: NOW, scanned: true, defaultIsd: '91' });

  it('mends an e-mail with spaces after its dots, a year cut by a space and stray end marks', () => {
    const parsed = scanned(
      [
        'Kiran Rao',
        'Email: kiran. rao. qa@gmail.com',
        'EXPERIENCE',
        '201 6.04 - Present QA Lead, Nimbus Labs Pvt. Ltd.',
        'EDUCATION',
        'B.E. (Computer Science) — Institut Teknologi Bandung',
        '(ITB), Bandung — 2012-2016 ;',
      ].join('\n'),
    );
    expect(parsed.email).toBe('kiran.rao.qa@gmail.com');
    expect(parsed.experience).toEqual({ years: 10, months: 9 });
    expect(parsed.education[0]?.year).toBe(2016);
    expect(parsed.education[0]?.institute).toBe('Institut Teknologi Bandung (ITB), Bandung');
  });

  it('parts a title from its employer when OCR dropped the rule between them', () => {
    const parsed = scanned(
      [
        'Vivek Anand',
        'Safety Officer Coastal Marine Services LLC, Jebel Ali 03/2019 - Present',
        'Skills',
        'NEBOSH, Risk Assessment, Permit to Work, First Aid, ISO 45001',
      ].join('\n'),
    );
    expect(parsed.designation).toBe('Safety Officer');
    expect(parsed.company).toBe('Coastal Marine Services LLC');
  });

  it('reads a list of skills whose heading OCR garbled', () => {
    const parsed = scanned(
      [
        'Vivek Anand',
        'We ae',
        'AutoCAD, STAAD.Pro, Bar Bending Schedule, Quantity Estimation, Site Execution, MS Project',
      ].join('\n'),
    );
    expect(parsed.skills).toEqual([
      'AutoCAD',
      'STAAD.Pro',
      'Bar Bending Schedule',
      'Quantity Estimation',
      'Site Execution',
      'MS Project',
    ]);
  });

  it('parts an Arabic title from its firm, never takes "حتى الآن" or a region for a field', () => {
    const parsed = parseResumeText(
      [
        'المدينة: جدة، المنطقة الغربية',
        'الخبرات',
        'محاسب أول شركة البحر الأحمر للتجارة مارس - حتى الآن',
      ].join('\n'),
      { now: NOW, scanned: true, defaultIsd: '966' },
    );
    expect(parsed.name).toBeNull();
    expect(parsed.designation).toBe('محاسب أول');
    expect(parsed.company).toBe('شركة البحر الأحمر للتجارة');
  });

  it('keeps the first reading of a line OCR read twice over itself', () => {
    const parsed = parseResumeText(
      [
        'Meera Iyer',
        'Experience',
        'Content Strategist — Bluefin Media Pvt. Ltd., Chennai Strategist — Bluefin Media Pvt. Ltd., Chennai',
        '03/2020 - Present',
      ].join('\n'),
      { now: NOW, scanned: true },
    );
    expect(parsed.designation).toBe('Content Strategist');
    expect(parsed.company).toBe('Bluefin Media Pvt. Ltd.');
  });

  it('counts a range whose end month OCR misread, to the end of its year', () => {
    const parsed = parseResumeText(
      [
        'Arun Pillai',
        'Experience',
        'Site Engineer | Coastal Builders Pvt. Ltd. | April 2019 - Present',
        'Junior Engineer | Metro Infra Ltd. | July 2015 - ard 2018',
      ].join('\n'),
      { now: NOW, scanned: true },
    );
    // Jul 2015 to Dec 2018 and Apr 2019 to Dec 2026: 42 + 93 months.
    expect(parsed.experience).toEqual({ years: 11, months: 3 });
  });
});

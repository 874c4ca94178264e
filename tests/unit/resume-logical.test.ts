/**
 * PDF text in logical order: the lines below are what PDF.js gives for resumes printed by
 * Chromium (Arabic drawn right to left in presentation forms; Devanagari in glyph order with
 * unmapped glyphs as U+0000).
 */
import { describe, expect, it } from 'vitest';
import { repairDevanagari, toLogicalOrder } from '~/server/resumes/parse/logical';

describe('PDF text in logical order', () => {
  it('reorders a visual Arabic line and undoes presentation forms', () => {
    expect(toLogicalOrder('يﺮﻤﺸﻟا ﻪﻠﻟاﺪﺒﻋ ﺪﻤﺤﻣ')).toBe('محمد عبدالله الشمري');
    expect(toLogicalOrder('ﺔﻴﻠﻤﻌﻟا ةﺮﺒﺨﻟا')).toBe('الخبرة العملية');
  });

  it('keeps numbers left to right inside a reordered Arabic line', () => {
    expect(toLogicalOrder('نﻵا ﻰﺘﺣ - 2015 ﺮﻳﺎﻨﻳ')).toBe('يناير 2015 - حتى الآن');
  });

  it('leaves logical Arabic, Latin and mixed lines alone', () => {
    const typed = 'محمد عبدالله الشمري\nmohammed@example.com | +966 50 123 4567';
    expect(toLogicalOrder(typed)).toBe(typed);
    // Presentation forms already in typed order (initial form first) are only normalised.
    expect(toLogicalOrder('\uFEE3\uFEA4\uFEE4\uFEAA')).toBe('محمد');
  });

  it('puts the short i sign after its consonant and restores a reph', () => {
    expect(repairDevanagari('सेल् स मैनेजर - यूिनलीवर')).toBe('सेल्स मैनेजर - यूनिलीवर');
    expect(repairDevanagari('राहुल कुमार शमा\u0000')).toBe('राहुल कुमार शर्मा');
    expect(repairDevanagari('काय\u0000 अनुभव / Work Experience')).toBe(
      'कार्य अनुभव / Work Experience',
    );
    expect(repairDevanagari('कौशल: िवतरण')).toBe('कौशल: वितरण');
  });

  it('drops stray spaces before vowel signs', () => {
    expect(repairDevanagari('प्रब ंधक')).toBe('प्रबंधक');
  });
});

describe('conjuncts left on the line above', () => {
  it('gives a conjunct back to the word it starts', () => {
    expect(toLogicalOrder('कौशलग्र\nाहक सेवा, Excel, Distributionव्\nयिगत विवरण')).toBe(
      'कौशल\nग्राहक सेवा, Excel, Distribution\nव्यिगत विवरण',
    );
  });
});

describe('PDF text from a font that maps the i sign to a whole syllable (LibreOffice)', () => {
  // What PDF.js gives for lines of a Hindi resume saved as PDF by LibreOffice Writer 7.4.
  const drawn = [
    'बिबक्री अ धि\u001eकारी - पारले लिलबिमटेड',
    'काय\u0017 अनुभव',
    'शिशक्षा',
    'नोबिटस अवधि\u001e: 30 बिदन',
    'वत\u0017मान वेतन: 45,000₹ प्र धित माह',
    'जून 2014 - मार्च\u0017 2019',
  ].join('\n');

  it('puts each i sign after its consonant, restores the reph, drops unmapped glyphs', () => {
    expect(toLogicalOrder(drawn).split('\n')).toEqual([
      'बिक्री अ धिकारी - पारले लिमिटेड',
      'कार्य अनुभव',
      'शिक्षा',
      'नोटिस अवधि: 30 दिन',
      'वर्तमान वेतन: 45,000₹ प्रति माह',
      'जून 2014 - मार्च 2019',
    ]);
  });

  it('leaves typed text with i syllables before consonants alone', () => {
    const typed = 'लिखना, दिल्ली, किताब\nशिशु विकास';
    expect(toLogicalOrder(typed)).toBe(typed);
  });
});

describe('Arabic from a PDF whose runs were turned round', () => {
  it('puts a lam-alef ligature read backwards after an alef back in order', () => {
    expect(toLogicalOrder('بكالوريوس هندسة االتصاالت')).toBe('بكالوريوس هندسة الاتصالات');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { siteByContext } from '../../sites';
import { EMPTY_SEARCH, type SearchState } from '~/lib/search/state';
import { warmDictionary } from '~/server/search/dictionary';
import { resolveLocation } from '~/server/search/places';
import { understandSearch } from '~/server/search/understand';

const india = siteByContext('rexmonster')!;
const gulf = siteByContext('monstergulf')!;

const read = (site: typeof india, q: string, location = '', more: Partial<SearchState> = {}) => {
  const u = understandSearch(site, { ...EMPTY_SEARCH, q, location, ...more });
  return { q: u.state.q, location: u.state.location, corrected: u.corrected, u };
};

describe('reading what people type in the search box', () => {
  // The dictionary is built once per process (seconds on a busy machine), not in the first test.
  beforeAll(warmDictionary, 60_000);

  it('drops padding words and reads a place in the keyword box as the location', () => {
    expect(read(india, 'accountant jobs in mumbai')).toMatchObject({
      q: 'accountant',
      location: 'Mumbai',
      corrected: false,
    });
    expect(read(india, 'java developer bangalore')).toMatchObject({
      q: 'java developer',
      location: 'Bengaluru',
    });
    expect(read(india, 'मुंबई में अकाउंटेंट की नौकरी').location).toBe('Mumbai');
    expect(read(india, 'मुंबई में अकाउंटेंट की नौकरी').q).toContain('अकाउंटेंट');
    expect(read(gulf, 'وظائف محاسب في دبي').location).toBe('Dubai');
    expect(read(gulf, 'وظائف محاسب في دبي').q).toContain('محاسب');
    // The location box wins; the country after a city adds nothing.
    expect(read(gulf, 'civil engineer dubai uae')).toMatchObject({
      q: 'civil engineer',
      location: 'Dubai',
    });
    expect(read(india, 'nurse pune', 'Mumbai').location).toBe('Mumbai');
  });

  it('reads years of experience out of the box', () => {
    const r = read(india, 'java developer 5 years');
    expect(r.q).toBe('java developer');
    expect(r.u.state.experience).toBe(5);
    expect(read(india, 'java 3 years', '', { experience: 1 }).u.state.experience).toBe(1);
  });

  it('reads the portal’s other names of its job words', () => {
    expect(read(india, 'H.R. executive').q.toLowerCase()).toBe('hr executive');
    expect(read(india, 'human resources executive').q).toBe('hr executive');
    expect(read(india, 'salesman').q).toBe('sales executive');
    expect(read(india, 'BPO', 'Mumbai').q).toBe('voice process');
    expect(read(india, 'customer care executive').q).toBe('customer service executive');
    expect(read(india, 'sde').q).toBe('software engineer');
    // Nursing reads as the Arabic name of Staff Nurse, which the clean ممرضة finds first.
    expect(read(gulf, 'تمريض').q).toBe('ممرض');
    expect(read(india, 'SDE-2').q).toBe('software engineer');
    expect(read(india, 'delivery boy').q).toBe('delivery associate');
    expect(read(india, 'डिलीवरी मैन').q).toBe('delivery associate');
    expect(read(gulf, 'صيادلة').q).toBe('صيدلي');
    // A target is read once: "penetration testing" is not rewritten again by "tester".
    expect(read(india, 'VAPT').q).toBe('penetration testing');
    // The portal's own titles and skills are searched as they are, typed or corrected.
    expect(read(india, 'data analysis').q).toBe('data analysis');
    expect(read(india, 'talent acquisition specialists').q).toBe('talent acquisition specialist');
    expect(read(india, 'data scinetist').q).toBe('data scientist');
    expect(read(india, 'Inside Sales Representative').q).toBe('Inside Sales Representative');
    expect(read(india, 'Finance & Accounts Manager').q).toBe('Finance & Accounts Manager');
  });

  it('reads spellings of one skill as the portal writes it, and does not call them typos', () => {
    const spellings = {
      'node.js': ['node js', 'nodejs', 'node.js', 'Node.JS', 'node-js'],
      'c#': ['c sharp', 'csharp', 'c#', 'C#'],
      '.net': ['dot net', 'dotnet', '.net', '.NET'],
      react: ['react js', 'reactjs', 'React.js', 'react'],
      'vue.js': ['vue js', 'vuejs', 'Vue.js'],
      'node.js developer': ['node js developer', 'nodejs developer', 'Node.js Developer'],
      '.net developer': ['dot net developer', 'c sharp developer', 'c# developer'],
    };
    for (const [meant, typed] of Object.entries(spellings))
      for (const q of typed) {
        expect(read(india, q).q.toLowerCase(), q).toBe(meant);
        expect(read(india, q).corrected, q).toBe(false);
      }
    // The list's words are not read again: "engineering lead" is an Engineering Manager, not an
    // "engineer manager"; "accounts officer" an Accounts Executive, not an Account Executive.
    expect(read(india, 'engineering lead').q).toBe('engineering manager');
    expect(read(gulf, 'accounts officer').q).toBe('accounts executive');
  });

  it('corrects words no dictionary knows, within one or two edits, and says so', () => {
    expect(read(india, 'acountant')).toMatchObject({ q: 'accountant', corrected: true });
    expect(read(india, 'sofware engineer')).toMatchObject({
      q: 'software engineer',
      corrected: true,
    });
    expect(read(india, 'java develoepr').q).toBe('java developer');
    expect(read(gulf, 'pharmasist').q).toBe('pharmacist');
    // Of two words as close, the one that goes with its neighbour (not "quality surveyor").
    expect(read(gulf, 'quanity surveyor').q).toBe('quantity surveyor');
    expect(read(india, 'एकाउंटेंट').q).toBe('अकाउंटेंट');
    expect(read(india, 'सॉफ्टवेर इंजीनियर').q).toBe('सॉफ्टवेयर इंजीनियर');
    expect(read(gulf, 'مهندسة').q).toBe('مهندس');
    // Common words and qualifications are not typos of portal words; a neighbour may confirm one.
    for (const word of ['driver', 'welder', 'visa', 'helper', 'bcom', 'iti'])
      expect(read(india, word), word).toMatchObject({ q: word, corrected: false });
    expect(read(india, 'costumer service executive').q).toBe('customer service executive');
    // "manger" is a word, but next to a corrected "stor" it is a typo of manager.
    expect(read(gulf, 'stor manger').q).toBe('store manager');
    // Known words stay as typed; so does everything when asked to search as typed.
    expect(read(india, 'accountant')).toMatchObject({ q: 'accountant', corrected: false });
    expect(read(india, 'acountant', '', { asTyped: true })).toMatchObject({
      q: 'acountant',
      corrected: false,
    });
  });

  it('splits run-together and hyphenated words, and joins a split one', () => {
    expect(read(india, 'salesexecutive').q).toBe('sales executive');
    expect(read(india, 'dataanalyst').q).toBe('data analyst');
    expect(read(india, 'businessdevelopmentmanager').q).toBe('business development manager');
    // One slip in a long word is a typo, not words run together.
    expect(read(india, 'houseekeping supervisor').q).toBe('housekeeping supervisor');
    expect(read(india, 'sales-executive').q).toBe('sales executive');
    expect(read(india, 'tele caller').q).toBe('telecaller');
    expect(read(india, 'डेटा-एंट्री ऑपरेटर').q).toBe('डेटा एंट्री ऑपरेटर');
    // Search syntax stays: a lone dash, and "-word" to leave a word out.
    expect(read(india, 'project manager -construction').q).toBe('project manager -construction');
  });

  it('reads plurals of title words as the title word', () => {
    expect(read(india, 'accountants').q).toBe('accountant');
    expect(read(india, 'java developers').q).toBe('java developer');
    expect(read(india, 'नर्सों').q).toBe('नर्स');
    expect(read(india, 'sales').q).toBe('sales');
  });

  it('corrects a location that names no place to the closest place of the site', () => {
    // Another name of a place stays as typed (the location box reads it).
    expect(read(india, 'nurse', 'Banglore')).toMatchObject({
      location: 'Banglore',
      corrected: false,
    });
    expect(resolveLocation('rexmonster', 'Banglore').cityKeys).toEqual(['bengaluru']);
    expect(read(india, 'nurse', 'Chenai')).toMatchObject({ location: 'Chennai', corrected: true });
    expect(read(india, 'nurse', 'Kolkatta').location).toBe('Kolkata');
    expect(read(india, 'nurse', 'Mumbi').location).toBe('Mumbai');
    expect(read(gulf, 'nurse', 'Riyad').location).toBe('Riyadh');
    expect(read(gulf, 'nurse', 'Abu Dabi').location).toBe('Abu Dhabi');
    expect(read(gulf, 'nurse', 'دبى').location).toBe('Dubai');
    expect(read(india, 'nurse', 'हैदरबाद').location).toBe('Hyderabad');
  });
});

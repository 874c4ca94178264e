import { describe, it, expect } from 'vitest';
import {
  SiteConfigError,
  brands,
  defaultSite,
  loadSites,
  resolveBrand,
  resolveSite,
  siteByContext,
  siteByKey,
  sites,
} from '../../sites/index';
import india from '../../sites/india.json' with { type: 'json' };
import gulf from '../../sites/gulf.json' with { type: 'json' };
import isdList from '../../public/seeker/images/isd.json' with { type: 'json' };

/** SPEC §3: channel table, country-list order and default dialling codes. */
const table = [
  {
    key: 'india',
    context: 'rexmonster',
    channelId: 1,
    subchannelId: 1,
    id: 1,
    isd: '91',
    abv: 'in',
    tld: 'com',
  },
  {
    key: 'gulf',
    context: 'monstergulf',
    channelId: 2,
    subchannelId: 2,
    id: 2,
    isd: '966',
    abv: 'ae',
    tld: 'ae',
  },
  {
    key: 'hongkong',
    context: 'monsterhongkong',
    channelId: 4,
    subchannelId: 5,
    id: 3,
    isd: '852',
    abv: 'hk',
    tld: 'com.hk',
  },
  {
    key: 'singapore',
    context: 'monstersingapore',
    channelId: 4,
    subchannelId: 6,
    id: 4,
    isd: '65',
    abv: 'sg',
    tld: 'com.sg',
  },
  {
    key: 'philippines',
    context: 'monsterphilippines',
    channelId: 4,
    subchannelId: 7,
    id: 5,
    isd: '63',
    abv: 'ph',
    tld: 'com.ph',
  },
  {
    key: 'thailand',
    context: 'monsterthailand',
    channelId: 4,
    subchannelId: 8,
    id: 6,
    isd: '66',
    abv: 'th',
    tld: 'co.th',
  },
  {
    key: 'vietnam',
    context: 'monstervietnam',
    channelId: 4,
    subchannelId: 9,
    id: 7,
    isd: '84',
    abv: 'vn',
    tld: 'vn',
  },
  {
    key: 'indonesia',
    context: 'monsterindonesia',
    channelId: 4,
    subchannelId: 10,
    id: 8,
    isd: '62',
    abv: 'id',
    tld: 'co.id',
  },
  {
    key: 'malaysia',
    context: 'monstermalaysia',
    channelId: 4,
    subchannelId: 11,
    id: 9,
    isd: '60',
    abv: 'my',
    tld: 'com.my',
  },
] as const;

/** A deep copy of a site file, so a test can break it without touching the real one. */
function copy<T>(data: T): T {
  return structuredClone(data);
}

function loadError(files: Record<string, unknown>): SiteConfigError {
  try {
    loadSites(files);
  } catch (error) {
    expect(error).toBeInstanceOf(SiteConfigError);
    return error as SiteConfigError;
  }
  throw new Error('loadSites accepted a broken configuration');
}

describe('site configuration', () => {
  it('loads the nine sites in country-list order', () => {
    expect(sites.map((s) => s.key)).toEqual(table.map((t) => t.key));
    expect(sites.map((s) => s.country.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it.each(table)('$key has the SPEC §3 context, channel, subchannel and dialling code', (t) => {
    const site = siteByKey(t.key);
    expect(site).toBeDefined();
    expect(site).toMatchObject({
      context: t.context,
      channelId: t.channelId,
      subchannelId: t.subchannelId,
    });
    expect(site?.country).toMatchObject({
      id: t.id,
      context: t.context,
      abv: t.abv,
      isoCode: t.abv.toUpperCase(),
    });
    expect(site?.country.defaultCountryCode).toBe(t.isd);
    expect(site?.isdCodes).toContain(t.isd);
    expect(site?.domain).toBe(`www.jobharbor.${t.tld}`);
    expect(site?.domains).toEqual(
      expect.arrayContaining([
        `www.jobharbor.${t.tld}`,
        `jobharbor.${t.tld}`,
        `www.workora.${t.tld}`,
        `workora.${t.tld}`,
      ]),
    );
    expect(siteByContext(t.context)).toBe(site);
  });

  it('offers the Gulf ISD list and a single code elsewhere', () => {
    expect(siteByKey('gulf')?.isdCodes).toEqual(['971', '966', '974', '968', '965', '973']);
    for (const site of sites.filter((s) => s.key !== 'gulf')) {
      expect(site.isdCodes).toEqual([site.country.defaultCountryCode]);
    }
  });

  it('enables Hindi and Arabic for India and the Gulf only', () => {
    for (const site of sites) {
      expect(site.languages).toEqual(
        ['india', 'gulf'].includes(site.key) ? ['en', 'hi', 'ar'] : ['en'],
      );
    }
  });

  it('uses the Indian number format for INR only', () => {
    expect(siteByKey('india')?.currency).toMatchObject({ code: 'INR', symbol: '₹', format: 'inr' });
    for (const site of sites.filter((s) => s.key !== 'india'))
      expect(site.currency.format).toBe('intl');
  });

  it('defaults to India', () => {
    expect(defaultSite.key).toBe('india');
    expect(defaultSite.country.abv).toBe('in');
    expect(defaultSite.country.isoCode).toBe('IN');
  });
});

describe('resolveSite', () => {
  it.each(table)('resolves the production domains of $key', (t) => {
    for (const host of [
      `www.jobharbor.${t.tld}`,
      `jobharbor.${t.tld}`,
      `www.workora.${t.tld}`,
      `workora.${t.tld}`,
    ]) {
      expect(resolveSite(host).key).toBe(t.key);
    }
    expect(resolveSite(`WWW.JobHarbor.${t.tld}:443`).key).toBe(t.key);
    expect(resolveSite(`www.jobharbor.${t.tld}.`).key).toBe(t.key);
  });

  it.each(table)("resolves $context.localhost and the newer brand's local host", (t) => {
    expect(resolveSite(`${t.context}.localhost:4321`).key).toBe(t.key);
    expect(resolveSite(`${t.context}.localhost`).key).toBe(t.key);
    expect(resolveSite(`${t.context}.workora.localhost`).key).toBe(t.key);
    expect(resolveSite(`${t.context}.workora.localhost:4321`).key).toBe(t.key);
  });

  it('falls back to India for unknown, empty and missing hosts', () => {
    expect(resolveSite('jobs.example.org').key).toBe('india');
    expect(resolveSite('nosuchcontext.localhost:4321').key).toBe('india');
    expect(resolveSite('localhost:4321').key).toBe('india');
    expect(resolveSite('').key).toBe('india');
    expect(resolveSite(null).key).toBe('india');
    expect(resolveSite(undefined).key).toBe('india');
  });
});

describe('resolveBrand', () => {
  it('has the two brands', () => {
    expect(brands.classic).toMatchObject({
      id: 'classic',
      name: 'JobHarbor',
      logo: '/brand/jobharbor.svg',
      localeSuffix: '',
    });
    expect(brands.dm).toMatchObject({
      id: 'dm',
      name: 'Workora',
      logo: '/brand/workora.svg',
      localeSuffix: 'dm',
    });
    expect(brands.marker).toBe('workora');
  });

  it('picks the newer brand when the host contains the marker', () => {
    expect(resolveBrand('www.workora.ae').id).toBe('dm');
    expect(resolveBrand('monstergulf.workora.localhost:4321').id).toBe('dm');
    expect(resolveBrand('WWW.WORKORA.COM').id).toBe('dm');
  });

  it('keeps the default brand without the marker', () => {
    expect(resolveBrand('www.jobharbor.com').id).toBe('classic');
    expect(resolveBrand('rexmonster.localhost:4321').id).toBe('classic');
    expect(resolveBrand('').id).toBe('classic');
    expect(resolveBrand(null).id).toBe('classic');
  });

  it('honours an explicit marker', () => {
    expect(resolveBrand('rexmonster.newbrand.localhost', 'newbrand').id).toBe('dm');
    expect(resolveBrand('www.workora.com', 'newbrand').id).toBe('classic');
    expect(resolveBrand('www.jobharbor.com', 'JOBHARBOR').id).toBe('dm');
    expect(resolveBrand('www.workora.com', '').id).toBe('classic');
  });
});

describe('loadSites', () => {
  it('accepts the real files', () => {
    expect(
      loadSites({ 'india.json': copy(india), 'gulf.json': copy(gulf) }).map((s) => s.key),
    ).toEqual(['india', 'gulf']);
  });

  it('names the file and the field of a wrong channel id', () => {
    const error = loadError({
      'india.json': copy(india),
      'gulf.json': { ...copy(gulf), channelId: 'x' },
    });
    expect(error.message).toContain('sites/gulf.json');
    expect(error.message).toMatch(/^\s+- channelId: channelId must be a number$/m);
  });

  it('names the file and the field of a missing country name', () => {
    const broken = copy(india);
    const { name: _name, ...country } = broken.country;
    const error = loadError({ 'india.json': { ...broken, country } });
    expect(error.message).toContain('sites/india.json');
    expect(error.message).toMatch(/^\s+- country\.name: /m);
  });

  it('lists every broken field of a file', () => {
    const broken = {
      ...copy(gulf),
      isdCodes: ['+971'],
      currency: { ...gulf.currency, format: 'euro' },
    };
    const error = loadError({ 'gulf.json': broken });
    expect(error.message).toContain('sites/gulf.json');
    expect(error.message).toMatch(/- isdCodes\.0: /);
    expect(error.message).toMatch(/- currency\.format: /);
  });

  it('refuses a key that does not match the file name', () => {
    const error = loadError({ 'gulf.json': { ...copy(gulf), key: 'india' } });
    expect(error.message).toContain('sites/gulf.json');
    expect(error.message).toContain('- key:');
  });

  it('refuses duplicate contexts', () => {
    const error = loadError({
      'india.json': copy(india),
      'gulf.json': { ...copy(gulf), context: 'rexmonster' },
    });
    expect(error.message).toMatch(/sites\/(india|gulf)\.json/);
    expect(error.message).toContain('context: "rexmonster" is used by another site');
  });
});

describe('public/seeker/images/isd.json', () => {
  it('is a sorted, indexed list of dialling codes', () => {
    expect(isdList.length).toBeGreaterThanOrEqual(200);
    isdList.forEach((entry, index) => {
      expect(entry.i).toBe(index);
      expect(entry.isd).toMatch(/^\d{1,4}$/);
      expect(entry.cc).toMatch(/^[A-Z]{2}$/);
      expect(entry.label).toBe(`${entry.n} (+${entry.isd})`);
    });
    const names = isdList.map((e) => e.n);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(isdList.map((e) => e.cc)).size).toBe(isdList.length);
  });

  it('has every code a site offers', () => {
    const codes = new Set(isdList.map((e) => e.isd));
    for (const site of sites) for (const code of site.isdCodes) expect(codes).toContain(code);
    const byCc = new Map(isdList.map((e) => [e.cc, e.isd]));
    expect(byCc.get('IN')).toBe('91');
    expect(byCc.get('AE')).toBe('971');
    expect(byCc.get('SA')).toBe('966');
    expect(byCc.get('HK')).toBe('852');
    expect(byCc.get('VN')).toBe('84');
  });
});

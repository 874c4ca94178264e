/**
 * The mobile rule (src/lib/validation/mobile.ts): real mobiles of each site's countries pass in
 * the ways people type them and come out in E.164; their landlines, short or foreign numbers are
 * refused; India keeps SPEC §5's rule to its edges; the metadata slice is what the installed
 * libphonenumber-js gives for the sites' codes.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SendOtpV1Body } from '~/lib/validation/account-api';
import { registrationSchema, otpRequestSchema } from '~/lib/validation/account-mobile';
import { alertFormSchema } from '~/lib/validation/alerts';
import { ResumeDraftSchema } from '~/lib/validation/builder';
import { CallbackBody } from '~/lib/validation/commerce';
import { MobileUpdateSchema } from '~/lib/validation/profile';
import {
  formatMobile,
  isKnownIsd,
  looksLikeMobile,
  mobileE164,
  nationalMobile,
  parseMobile,
} from '~/lib/validation/mobile';
import committed from '~/lib/validation/phone-metadata.json' with { type: 'json' };
import { sites } from '../../sites/index';
import { sitesMetadata } from '../../scripts/phone-metadata';

/** [ISD code, as typed, E.164] of real mobile numbers (national and international forms). */
const VALID: [string, string, string][] = [
  ['971', '+971 50 123 4567', '+971501234567'],
  ['971', '050 123 4567', '+971501234567'],
  ['971', '(050) 123-4567', '+971501234567'],
  ['971', '0097155 987 6543', '+971559876543'],
  ['966', '0512345678', '+966512345678'],
  ['966', '+966 55 123 4567', '+966551234567'],
  ['974', '3312 3456', '+97433123456'],
  ['974', '+974 5512 3456', '+97455123456'],
  ['968', '9212 3456', '+96892123456'],
  ['968', '7123 4567', '+96871234567'],
  ['965', '5123 4567', '+96551234567'],
  ['965', '+965 9987 6543', '+96599876543'],
  ['973', '3612 3456', '+97336123456'],
  ['973', '+973 3312-3456', '+97333123456'],
  ['65', '+65 9123 4567', '+6591234567'],
  ['65', '8123 4567', '+6581234567'],
  ['852', '+852 5123 4567', '+85251234567'],
  ['852', '9123-4567', '+85291234567'],
  ['60', '+60 12-345 6789', '+60123456789'],
  ['60', '012-345 6789', '+60123456789'],
  ['60', '011-2345 6789', '+601123456789'],
  ['63', '0917 123 4567', '+639171234567'],
  ['63', '+63 917 123 4567', '+639171234567'],
  ['66', '081 234 5678', '+66812345678'],
  ['66', '+66 91 234 5678', '+66912345678'],
  ['84', '091 234 56 78', '+84912345678'],
  ['84', '+84 98 765 43 21', '+84987654321'],
  ['62', '0812-3456-7890', '+6281234567890'],
  ['62', '+62 812 3456 789', '+628123456789'],
  ['91', '98765 43210', '+919876543210'],
  ['91', '+91 98765-43210', '+919876543210'],
  ['91', '098765 43210', '+919876543210'],
  // Arabic-Indic digits, as an Arabic keyboard types them.
  ['971', '٠٥٠١٢٣٤٥٦٧', '+971501234567'],
];

/** [ISD code, as typed]: landlines, wrong lengths, foreign codes, not numbers. */
const INVALID: [string, string][] = [
  ['971', '04 123 4567'], // Dubai landline
  ['971', '050 123 456'], // one digit short
  ['966', '011 234 5678'], // Riyadh landline
  ['974', '4412 3456'], // Doha landline
  ['968', '2412 3456'], // Muscat landline
  ['965', '2212 3456'], // Kuwait landline
  ['973', '1712 3456'], // Manama landline
  ['65', '6123 4567'], // Singapore landline
  ['65', '0912 3456'], // no trunk 0 in Singapore
  ['852', '2123 4567'], // Hong Kong landline
  ['60', '03-2123 4567'], // Kuala Lumpur landline
  ['63', '02 8123 4567'], // Manila landline
  ['66', '02 123 4567'], // Bangkok landline
  ['84', '024 3123 4567'], // Hanoi landline
  ['62', '021 1234 5678'], // Jakarta landline
  ['62', '0812 34'], // far too short
  ['971', '+44 7911 123456'], // a code no site offers
  ['971', '050 123 4567 ext 2'],
  ['971', 'call 0501234567'],
  ['971', ''],
];

describe('the mobile rule of every site country', () => {
  it.each(VALID)('+%s: accepts %s as %s', (isd, typed, e164) => {
    expect(parseMobile(typed, isd)?.e164).toBe(e164);
  });

  it.each(INVALID)('+%s: refuses %j', (isd, typed) => {
    expect(parseMobile(typed, isd)).toBeNull();
  });

  it('takes the code typed with the number, when the form offers it', () => {
    const gulf = ['971', '966', '974', '968', '965', '973'];
    expect(parseMobile('+971 50 123 4567', '966', gulf)).toEqual({
      isdCode: '971',
      national: '501234567',
      e164: '+971501234567',
    });
    // Singapore's site offers +65 only: a UAE number typed with its code is not for it.
    expect(parseMobile('+971 50 123 4567', '65', ['65'])).toBeNull();
    // A Qatari mobile is not a Saudi one.
    expect(parseMobile('3312 3456', '966', gulf)).toBeNull();
  });

  it('keeps SPEC §5 for India: first digit 6-9, 10 to 15 digits', () => {
    for (const good of ['6000000000', '7000000000', '8999999999', '987654321012345']) {
      expect(parseMobile(good, '91')?.e164).toBe(`+91${good}`);
    }
    for (const bad of ['5999999999', '987654321', '9876543210123456', '0000000000', '1234567890']) {
      expect(parseMobile(bad, '91')).toBeNull();
    }
    // 12 digits starting 9 are a valid Indian number by the SPEC, kept as typed.
    expect(parseMobile('919876543210', '91')?.e164).toBe('+91919876543210');
  });

  it('tells loose text from a possible number before the rule runs', () => {
    expect(looksLikeMobile('050 123 4567')).toBe(true);
    expect(looksLikeMobile('+65 9123 4567')).toBe(true);
    expect(looksLikeMobile('12345')).toBe(false);
    expect(looksLikeMobile('9876x43210')).toBe(false);
  });
});

describe('every form that takes a mobile', () => {
  const mobileOf = (schema: v.GenericSchema, input: Record<string, unknown>) => {
    const result = v.safeParse(schema, input);
    return result.success
      ? (result.output as { mobile: string }).mobile
      : result.issues.map((i) => i.message).join('; ');
  };

  it('reads local numbers in E.164 and refuses landlines with the SPEC messages', () => {
    // The call-back form and API, with the site's codes.
    expect(mobileOf(CallbackBody(['65']), { isdCode: '65', mobile: '9123 4567' })).toBe(
      '+6591234567',
    );
    expect(mobileOf(CallbackBody(['65']), { isdCode: '65', mobile: '6123 4567' })).toBe(
      'Enter a Valid Mobile Number',
    );
    expect(mobileOf(CallbackBody(['65']), { isdCode: '65', mobile: '' })).toBe(
      'Please Enter Mobile Number',
    );
    // The profile's (and settings') change of number.
    expect(mobileOf(MobileUpdateSchema, { isdCode: '+852', mobile: '5123 4567' })).toBe(
      '+85251234567',
    );
    expect(mobileOf(MobileUpdateSchema, { isdCode: '60', mobile: '03-2123 4567' })).toBe(
      'Enter a Valid Mobile Number',
    );
    // The OTP API (JSON: numbers may come as numbers).
    expect(mobileOf(SendOtpV1Body, { isdCode: 66, mobile: '081 234 5678' })).toBe('+66812345678');
    expect(mobileOf(SendOtpV1Body, { isdCode: '66', mobile: '02 123 4567' })).toBe(
      'please enter a valid mobile number',
    );
    // The job alert form has no code field: a number is of the site's one code it fits.
    const alert = {
      keywords: 'accountant',
      frequency: 'daily',
      name: 'Siti Rahman',
      email: 'siti@example.com',
      isdCode: '',
    };
    const indonesia = alertFormSchema(['62']);
    expect(mobileOf(indonesia, { ...alert, mobile: '0812-3456-7890' })).toBe('+6281234567890');
    expect(mobileOf(indonesia, { ...alert, mobile: '' })).toBe('');
    expect(mobileOf(indonesia, { ...alert, mobile: '021 1234 5678' })).toBe(
      'Enter a Valid Mobile Number',
    );
  });

  it('never guesses a Gulf code: the number tells, or the seeker is asked which', () => {
    const gulf = ['971', '966', '974', '968', '965', '973'];
    const seeker = {
      careerStage: 'professional',
      name: 'Aisha Khan',
      email: 'aisha@example.com',
      password: 'secret123pass',
    };
    const register = (isdCode: string, mobile: string) =>
      v.safeParse(registrationSchema(gulf), { ...seeker, isdCode, mobile });
    /** The number kept, its code and E.164 ('' when refused). */
    const kept = (isdCode: string, mobile: string) => {
      const result = register(isdCode, mobile);
      return result.success ? `${result.output.isdCode} ${result.output.mobile}` : '';
    };
    // 050 123 4567 is a UAE and a Saudi mobile: with no code chosen, the code field asks.
    const both = register('', '050 123 4567');
    expect(both.success).toBe(false);
    expect(both.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([
      [
        'isdCode',
        'This number is a mobile number in more than one of the listed countries. Please choose its country code.',
      ],
    ]);
    // Chosen, typed with its code, or of one country only: no question.
    expect(kept('971', '050 765 4321')).toBe('971 +971507654321');
    expect(kept('', '+971 50 765 4321')).toBe('971 +971507654321');
    expect(kept('', '٠٠٩٧١٥٠٧٦٥٤٣٢١')).toBe('971 +971507654321');
    expect(kept('', '9123 4567')).toBe('968 +96891234567');
    // A number of no listed country is the mobile field's message.
    expect(register('', '0712 345 678').issues?.map((i) => v.getDotPath(i))).toEqual(['mobile']);
    // A site of one code needs no choice; a code the site lacks is refused.
    expect(
      v.safeParse(otpRequestSchema(['65']), { isdCode: '', mobile: '9123 4567' }).output,
    ).toEqual({ isdCode: '65', mobile: '+6591234567' });
    expect(
      v.safeParse(otpRequestSchema(gulf), { isdCode: '91', mobile: '9876543210' }).success,
    ).toBe(false);
    // The alert form has no code field: it asks for the number with its code.
    const alert = alertFormSchema(gulf);
    const input = {
      keywords: 'accountant',
      frequency: 'daily',
      name: 'Aisha Khan',
      email: 'a@example.com',
    };
    expect(mobileOf(alert, { ...input, isdCode: '', mobile: '050 123 4567' })).toBe(
      'This number is a mobile number in more than one country. Please type it with its country code, e.g. +971 50 123 4567.',
    );
    expect(mobileOf(alert, { ...input, isdCode: '', mobile: '+966 50 123 4567' })).toBe(
      '+966501234567',
    );
  });

  it("takes the builder's printed phone with a code only when it is a mobile", () => {
    // The phone's message, or 'ok' (the rest of this draft may have messages of its own).
    const phoneOf = (phone: string) => {
      const result = v.safeParse(ResumeDraftSchema, { name: 'Ana Cruz', phone });
      return result.issues?.find((i) => v.getDotPath(i) === 'phone')?.message ?? 'ok';
    };
    expect(phoneOf('+63 917 123 4567')).toBe('ok');
    expect(phoneOf('0917 123 4567')).toBe('ok');
    expect(phoneOf('+63 2 8123 4567')).toBe('Enter a Valid Mobile Number');
    expect(phoneOf('12345')).toBe('Enter a Valid Mobile Number');
  });
});

describe('stored numbers', () => {
  it('reads rows of before E.164 (national digits beside the ISD code) and E.164 alike', () => {
    expect(mobileE164('9876543210', '91')).toBe('+919876543210');
    expect(mobileE164('+971501234567', '971')).toBe('+971501234567');
  });

  it("shows a number the country's way", () => {
    expect(formatMobile('+971501234567')).toBe('+971 50 123 4567');
    expect(formatMobile('+6591234567')).toBe('+65 9123 4567');
    expect(formatMobile('+85251234567')).toBe('+852 5123 4567');
    expect(formatMobile('+60123456789')).toBe('+60 12 345 6789');
    expect(formatMobile('9876543210', '91')).toBe('+91 98765 43210');
    // SPEC-valid Indian numbers libphonenumber does not know still read cleanly.
    expect(formatMobile('+91919876543210')).toBe('+91 919876543210');
    expect(nationalMobile('+971501234567')).toBe('050 123 4567');
    expect(nationalMobile('+639171234567')).toBe('0917 123 4567');
    expect(nationalMobile('+919876543210')).toBe('9876543210');
  });
});

describe('the sites and the metadata', () => {
  it("offers each site's own country first, the Gulf in the SPEC's order", () => {
    for (const site of sites) {
      expect(site.isdCodes).toContain(site.country.defaultCountryCode);
      for (const code of site.isdCodes) expect(isKnownIsd(code)).toBe(true);
      if (site.key !== 'gulf') expect(site.isdCodes[0]).toBe(site.country.defaultCountryCode);
    }
    expect(sites.find((s) => s.key === 'gulf')?.isdCodes).toEqual([
      '971',
      '966',
      '974',
      '968',
      '965',
      '973',
    ]);
  });

  it('ships the metadata of the installed libphonenumber-js for the sites (npm run phone:metadata)', () => {
    expect(committed).toEqual(JSON.parse(JSON.stringify(sitesMetadata())));
  });
});

/**
 * The portal's one mobile number rule (docs/decisions/0037-mobile-numbers-by-country.md), shared
 * by the server's checks and the browser's (forms, islands):
 *
 * - A number is read with the ISD code chosen beside it, or with the code typed in front of it
 *   (+971..., 00971...), which must be one the form offers. A site of several codes (the Gulf)
 *   pre-selects none: with none chosen, the number's own code is the one code it is a valid
 *   mobile of, and a number of several (050 123 4567: UAE and Saudi Arabia) is refused asking
 *   which (readMobile; decision 0089). Spaces, dashes, dots, brackets and
 *   the national trunk 0 (050 123 4567) are what people type and are accepted; Arabic-Indic and
 *   Devanagari digits too.
 * - A code whose site file says `"mobileRule": "spec5"` keeps SPEC §5's rule exactly: a first
 *   digit 6-9, 10-15 digits (phone-metadata.json's spec5_codes).
 * - Every other code: a valid MOBILE (or FIXED_LINE_OR_MOBILE) number of that code's country by
 *   libphonenumber-js, with its `mobile` metadata cut to the sites' codes (phone-metadata.json,
 *   made by `npm run phone:metadata`).
 * - A valid number is kept as E.164 ('+971501234567'); it is shown in the international format
 *   of its country ('+971 50 123 4567').
 */
import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
import metadataJson from './phone-metadata.json' with { type: 'json' };
import * as v from 'valibot';
import { PHONE_RE } from './formats';
import { MOBILE_CODE_AMBIGUOUS, mobileDigits } from './mobile-typing';

// What needs no rule (typing, the field's first check) lives in mobile-typing.ts, so forms
// without a number, and the account schemas, load none of libphonenumber.
export { MOBILE_CODE_AMBIGUOUS, looksLikeMobile, mobileDigits, mobileField } from './mobile-typing';

const { spec5_codes: spec5Codes, ...metadataOnly } = metadataJson as typeof metadataJson & {
  spec5_codes?: readonly string[];
};
const metadata = metadataOnly as unknown as MetadataJson;
const callingCodes = metadata.country_calling_codes as Record<string, readonly string[]>;
/** The dialling codes of SPEC §5's rule (their site file's `country.mobileRule`). */
const SPEC5_CODES: ReadonlySet<string> = new Set(spec5Codes ?? []);
/** The number types that can receive an SMS (FIXED_LINE_OR_MOBILE: the plan doesn't tell). */
const MOBILE_TYPES: ReadonlySet<string> = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

export interface MobileNumber {
  /** The dialling code, without +. */
  isdCode: string;
  /** The national significant number: digits, no trunk 0. */
  national: string;
  /** '+' + isdCode + national. */
  e164: string;
}

/** Whether the rule knows a dialling code (every site's codes must be known). */
export function isKnownIsd(code: string): boolean {
  return Object.hasOwn(callingCodes, code);
}

/** The leading dialling code of international digits, when it is one the rule knows. */
function splitCallingCode(digits: string): [string, string] | null {
  for (let n = 1; n <= 3; n++) {
    const code = digits.slice(0, n);
    if (isKnownIsd(code)) return [code, digits.slice(n)];
  }
  return null;
}

function spec5Mobile(code: string, national: string): MobileNumber | null {
  // The trunk 0 of 098765 43210 is not part of the number; the rule is SPEC §5's.
  const nsn = national.replace(/^0/, '');
  return PHONE_RE.test(nsn) ? { isdCode: code, national: nsn, e164: `+${code}${nsn}` } : null;
}

/**
 * The mobile number `text` stands for, with `isdCode` the code chosen beside it, or null when it
 * is not a valid mobile number. A number typed with its own code has that code, which must be in
 * `offered` (null: any code the rule knows).
 */
export function parseMobile(
  text: string,
  isdCode: string,
  offered: readonly string[] | null = null,
): MobileNumber | null {
  const typed = mobileDigits(text);
  if (typed === null) return null;
  let code = isdCode.replace(/^\+/, '');
  let national = typed;
  if (typed.startsWith('+')) {
    const split = splitCallingCode(typed.slice(1));
    if (!split) return null;
    [code, national] = split;
  }
  if (!isKnownIsd(code) || (offered && !offered.includes(code))) return null;
  if (SPEC5_CODES.has(code)) return spec5Mobile(code, national);
  const number = parsePhoneNumberFromString(national, { defaultCallingCode: code }, metadata);
  if (!number || number.countryCallingCode !== code || !number.isValid()) return null;
  if (!MOBILE_TYPES.has(number.getType() ?? '')) return null;
  return { isdCode: code, national: number.nationalNumber, e164: number.number };
}

/**
 * The codes of `offered` a number typed without a code of its own is a valid mobile number of
 * (a Gulf '050 123 4567' is one of the UAE and one of Saudi Arabia); [] when it names its own
 * code (+971..., 00971...) or is valid under none.
 */
export function mobileCodesOf(text: string, offered: readonly string[]): string[] {
  const typed = mobileDigits(text);
  if (typed === null || typed.startsWith('+')) return [];
  return offered.filter((code) => parseMobile(text, code, offered) !== null);
}

/** The same national number under the other codes of `offered` it is a valid mobile of. */
export function sameNumberElsewhere(number: MobileNumber, offered: readonly string[]) {
  return offered
    .filter((code) => code !== number.isdCode)
    .flatMap((code) => parseMobile(number.national, code, offered) ?? []);
}

/**
 * The number of a form's pair: with the code chosen beside it, or the code typed in front of it;
 * with none chosen, the one code of `offered` it can belong to. 'ambiguous' when it is valid under
 * several (the seeker is asked which: the code is never guessed), null when under none.
 */
export function readMobile(
  pair: { isdCode: string; mobile: string },
  offered: readonly string[] | null,
): MobileNumber | 'ambiguous' | null {
  const code = pair.isdCode.replace(/^\+/, '');
  if (code !== '' || !offered) return parseMobile(pair.mobile, code, offered);
  if (mobileDigits(pair.mobile)?.startsWith('+')) return parseMobile(pair.mobile, '', offered);
  const codes = mobileCodesOf(pair.mobile, offered);
  if (codes.length > 1) return 'ambiguous';
  return codes[0] === undefined ? null : parseMobile(pair.mobile, codes[0], offered);
}

/** The code a mobile field starts with: the site's only one; none when it lists several. */
export function preselectedIsd(isdCodes: readonly string[]): string {
  return isdCodes.length === 1 ? (isdCodes[0] ?? '') : '';
}

/**
 * A stored number as E.164: rows written before numbers were kept in E.164 hold the national
 * digits beside their ISD code.
 */
export function mobileE164(stored: string, isdCode?: string | null): string {
  if (stored.startsWith('+')) return stored;
  return `+${isdCode ?? ''}${stored.replace(/\D/g, '')}`;
}

/** A stored number as its country writes it for the world: '+971 50 123 4567'. */
export function formatMobile(stored: string, isdCode?: string | null): string {
  const e164 = mobileE164(stored, isdCode);
  const number = parsePhoneNumberFromString(e164, metadata);
  if (number?.isValid()) return number.formatInternational();
  const split = splitCallingCode(e164.slice(1));
  return split ? `+${split[0]} ${split[1]}` : e164;
}

/** A stored number as typed in its country, beside its ISD code in a form: '050 123 4567'. */
export function nationalMobile(stored: string, isdCode?: string | null): string {
  const e164 = mobileE164(stored, isdCode);
  const split = splitCallingCode(e164.slice(1));
  if (!split) return stored;
  const number = SPEC5_CODES.has(split[0]) ? undefined : parsePhoneNumberFromString(e164, metadata);
  return number?.isValid() ? number.formatNational() : split[1];
}

// --- valibot: an ISD code field and a mobile field, checked as a pair -------------------------

type MobilePair = { isdCode: string; mobile: string };

/**
 * `schema` (an object with isdCode and mobile) with the mobile checked by the rule against its
 * ISD code (`invalid` on the mobile field), then the pair normalised: isdCode the number's own
 * code, mobile its E.164. `offered`: the codes a number may have (null: any the rule knows, the
 * caller checks the site's); with no code chosen the number's own among them is taken, and a
 * number of several is refused with `ambiguous` on the code's field (readMobile). An empty
 * mobile (an optional one) stays ''.
 */
export function withMobileRule<S extends v.GenericSchema<unknown, MobilePair>>(
  schema: S,
  offered: readonly string[] | null,
  invalid: string,
  ambiguous: string = MOBILE_CODE_AMBIGUOUS,
): v.GenericSchema<v.InferInput<S>, v.InferOutput<S>> {
  const read = (i: MobilePair) => readMobile(i, offered);
  const pair = schema as v.GenericSchema<unknown, MobilePair>;
  return v.pipe(
    pair,
    v.forward(
      v.partialCheck(
        [['isdCode'], ['mobile']],
        (i) => i.mobile === '' || read(i) !== 'ambiguous',
        ambiguous,
      ),
      ['isdCode'],
    ),
    v.forward(
      v.partialCheck(
        [['isdCode'], ['mobile']],
        (i) => i.mobile === '' || read(i) !== null,
        invalid,
      ),
      ['mobile'],
    ),
    v.transform((i) => {
      const number = i.mobile === '' ? null : read(i);
      return number && number !== 'ambiguous'
        ? { ...i, isdCode: number.isdCode, mobile: number.e164 }
        : i;
    }),
  ) as v.GenericSchema<v.InferInput<S>, v.InferOutput<S>>;
}

import { describe, it, expect } from 'vitest';
import * as v from 'valibot';
import {
  ALPHANUMERIC_RE,
  AlphanumericSchema,
  DATE_MESSAGE,
  DateSchema,
  EMAIL_MESSAGE,
  EmailSchema,
  NAME_MESSAGE,
  NameSchema,
  NUMBER_RE,
  NumberSchema,
  PHONE_MESSAGE,
  PhoneSchema,
  parseDate,
} from '~/lib/validation/formats';

const ok = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input).success;
const message = (schema: v.GenericSchema, input: unknown) =>
  v.safeParse(schema, input).issues?.[0]?.message;

describe('email', () => {
  it.each([
    'a@b.co',
    'first.last@example.com',
    'user_name-1@mail.example.co.in',
    'x@domain.museum',
    'a@b.c0m',
  ])('accepts %s', (email) => expect(ok(EmailSchema, email)).toBe(true));
  it.each([
    '',
    'plain',
    '@example.com',
    'a@',
    'a@b',
    'a@b.c',
    'a@b.abcdefg',
    'a b@c.com',
    'a+b@c.com',
    'a@b_c.com',
    'a@@b.com',
    'a@b.com.',
  ])('rejects %s', (email) => expect(message(EmailSchema, email)).toBe(EMAIL_MESSAGE));
  it('trims', () => expect(v.parse(EmailSchema, '  a@b.co ')).toBe('a@b.co'));
});

describe('phone', () => {
  it.each(['9876543210', '6000000000', '7123456789012', '812345678901234'])('accepts %s', (phone) =>
    expect(ok(PhoneSchema, phone)).toBe(true),
  );
  it.each([
    ['9 digits', '987654321'],
    ['16 digits', '9123456789012345'],
    ['starting with 5', '5876543210'],
    ['starting with 0', '0987654321'],
    ['with +', '+919876543210'],
    ['with spaces', '98765 43210'],
    ['letters', '98765abcde'],
  ])('rejects %s', (_, phone) => expect(message(PhoneSchema, phone)).toBe(PHONE_MESSAGE));
  it('accepts exactly 10 and 15 digits', () => {
    expect(ok(PhoneSchema, '9'.repeat(10))).toBe(true);
    expect(ok(PhoneSchema, '9'.repeat(15))).toBe(true);
  });
});

describe('number and alphanumeric', () => {
  it('accepts digits only for Number', () => {
    expect(ok(NumberSchema, '0123')).toBe(true);
    expect(ok(NumberSchema, '12.5')).toBe(false);
    expect(ok(NumberSchema, '-1')).toBe(false);
    expect(ok(NumberSchema, '')).toBe(false);
    expect(NUMBER_RE.test('١٢٣')).toBe(false);
  });
  it('accepts letters and digits only for Alphanumeric', () => {
    expect(ok(AlphanumericSchema, 'abc123XYZ')).toBe(true);
    expect(ok(AlphanumericSchema, 'abc 123')).toBe(false);
    expect(ok(AlphanumericSchema, 'abc_123')).toBe(false);
    expect(ALPHANUMERIC_RE.test('')).toBe(false);
  });
});

describe('name', () => {
  it('accepts 2 to 30 characters of letters and spaces', () => {
    expect(ok(NameSchema, 'Al')).toBe(true);
    expect(ok(NameSchema, 'A'.repeat(30))).toBe(true);
    expect(ok(NameSchema, 'Priya Sharma')).toBe(true);
  });
  it('rejects 1 and 31 characters', () => {
    expect(message(NameSchema, 'A')).toBe(NAME_MESSAGE);
    expect(message(NameSchema, 'A'.repeat(31))).toBe(NAME_MESSAGE);
  });
  it('accepts Hindi and Arabic names', () => {
    expect(ok(NameSchema, 'राहुल शर्मा')).toBe(true);
    expect(ok(NameSchema, 'प्रिया')).toBe(true);
    expect(ok(NameSchema, 'محمد علي')).toBe(true);
    expect(ok(NameSchema, 'José Müller')).toBe(true);
  });
  it('rejects digits, punctuation and blank names', () => {
    for (const name of ['R2D2', 'Anne-Marie', "O'Brien", 'a.b', '   ', '', 'a  ']) {
      expect(ok(NameSchema, name), name).toBe(false);
    }
  });
});

describe('dates', () => {
  it('parses dd-mm-yyyy and yyyy-mm-dd with - or /', () => {
    const expected = new Date(Date.UTC(2024, 2, 5));
    expect(parseDate('05-03-2024')).toEqual(expected);
    expect(parseDate('05/03/2024')).toEqual(expected);
    expect(parseDate('2024-03-05')).toEqual(expected);
    expect(parseDate('2024/03/05')).toEqual(expected);
    expect(parseDate(' 2024-03-05 ')).toEqual(expected);
  });
  it('accepts leap days only in leap years', () => {
    expect(parseDate('29-02-2024')).toEqual(new Date(Date.UTC(2024, 1, 29)));
    expect(parseDate('29-02-2023')).toBeNull();
    expect(parseDate('29-02-1900')).toBeNull();
    expect(parseDate('2000-02-29')).not.toBeNull();
  });
  it.each([
    '31-02-2024',
    '31-04-2024',
    '00-01-2024',
    '01-13-2024',
    '01-00-2024',
    '2024-02-30',
    '32-01-2024',
  ])('rejects the impossible date %s', (s) => {
    expect(parseDate(s)).toBeNull();
    expect(message(DateSchema, s)).toBe(DATE_MESSAGE);
  });
  it.each([
    '05-03/2024',
    '2024/03-05',
    '5-3-2024',
    '05-03-24',
    '2024.03.05',
    '20240305',
    '',
    'yesterday',
  ])('rejects the malformed date %s', (s) => {
    expect(parseDate(s)).toBeNull();
    expect(ok(DateSchema, s)).toBe(false);
  });
  it('keeps the valid string in the schema output', () => {
    expect(v.parse(DateSchema, '31-12-1999')).toBe('31-12-1999');
  });
});

/**
 * valibot issues as the portal's own messages: a check the schema named keeps its message; any
 * other (a wrong shape, a limit it gave no message for) gets the field's own message, the
 * enclosing field's when it names none, and the field check when nothing does.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors, parseBody, ValidationError } from '~/server/api/envelope';
import { FIELD_CHECK, isValidatorText, issueMessage } from '~/lib/validation/issues';

const Schema = v.object({
  mobile: v.pipe(
    v.string('Please Enter Mobile Number'),
    v.regex(/^\d+$/, 'Enter a Valid Mobile Number'),
  ),
  name: v.pipe(v.string(), v.maxLength(5), v.regex(/^[a-z]+$/, 'Please enter your name')),
  skills: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.maxLength(10))),
      v.maxLength(3, 'Please select at most 3 skills'),
    ),
  ),
  tags: v.optional(v.array(v.string())),
  nested: v.optional(
    v.object({ city: v.pipe(v.string(), v.minLength(1, 'Please enter your city name.')) }),
  ),
});

const messages = (input: unknown) => {
  const result = v.safeParse(Schema, input);
  if (result.success) return {};
  return Object.fromEntries(
    issuesToFieldErrors(result.issues, Schema).map((e) => [e.field, e.message]),
  );
};

describe('issueMessage', () => {
  it('keeps a message the schema named', () => {
    expect(messages({ mobile: 'abc', name: 'asha' })).toEqual({
      mobile: 'Enter a Valid Mobile Number',
    });
  });

  it("gives a wrong shape the field's own message", () => {
    expect(messages({ mobile: ['9876543210'], name: { first: 'a' } })).toEqual({
      mobile: 'Please Enter Mobile Number',
      name: 'Please enter your name',
    });
  });

  it('gives a limit without a message the field message, and an item the enclosing one', () => {
    expect(
      messages({ mobile: '98', name: 'abcdefgh', skills: ['a'.repeat(40)], nested: { city: 5 } }),
    ).toEqual({
      name: 'Please enter your name',
      'skills.0': 'Please select at most 3 skills',
      'nested.city': 'Please enter your city name.',
    });
  });

  it('falls back to the field check when nothing names a message', () => {
    expect(messages({ mobile: '98', name: 'asha', tags: [1] })).toEqual({ 'tags.0': FIELD_CHECK });
    const [root] = v.safeParse(Schema, 'just text').issues!;
    expect(issueMessage(root!, Schema)).toBe(FIELD_CHECK);
    expect(issueMessage(root!)).toBe(FIELD_CHECK);
  });

  it("recognises valibot's own texts only", () => {
    expect(isValidatorText('Invalid type: Expected string but received Array')).toBe(true);
    expect(isValidatorText('Invalid length: Expected <=10 but received 12')).toBe(true);
    expect(isValidatorText('Invalid key: Expected "x" but received undefined')).toBe(true);
    expect(isValidatorText('Please Enter Mobile Number')).toBe(false);
    expect(isValidatorText('Invalid OTP')).toBe(false);
  });

  it('parseBody answers field messages, never validator text', async () => {
    const request = new Request('http://x/api', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: 9876543210, name: true, tags: {} }),
    });
    const error = await parseBody(Schema, request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual([
      { field: 'mobile', message: 'Please Enter Mobile Number' },
      { field: 'name', message: 'Please enter your name' },
      { field: 'tags', message: FIELD_CHECK },
    ]);
  });
});

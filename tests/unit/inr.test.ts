import { describe, it, expect } from 'vitest';
import { formatInr } from '~/lib/format/inr';
import { formatMoney } from '~/lib/format/money';

describe('formatInr', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [12.5, '12.5'],
    [0.29, '0.29'],
    [999, '999'],
    [999.999, '999.99'],
    [1000, '1 Thousand'],
    [1500, '1.5 Thousand'],
    [5000, '5 Thousand'],
    [12_345, '12.34 Thousand'],
    [99_999, '99.99 Thousand'],
    [100_000, '1 Lakh'],
    [115_000, '1.15 Lakh'],
    [150_000, '1.5 Lakh'],
    [1_000_000, '10 Lakh'],
    [9_999_999, '99.99 Lakh'],
    [10_000_000, '100 Lakh'],
    [10_000_001, '100+ Lakh'],
    [50_000_000, '100+ Lakh'],
  ])('%d → %s', (amount, text) => {
    expect(formatInr(amount)).toBe(text);
  });

  it('keeps the sign of negative amounts', () => {
    expect(formatInr(-5000)).toBe('-5 Thousand');
    expect(formatInr(-150_000)).toBe('-1.5 Lakh');
    expect(formatInr(-999)).toBe('-999');
    expect(formatInr(-0)).toBe('0');
  });

  it('shows nothing for NaN and infinities', () => {
    expect(formatInr(Number.NaN)).toBe('');
    expect(formatInr(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatInr(Number.NEGATIVE_INFINITY)).toBe('');
  });

  it('reads crores as CR when asked', () => {
    expect(formatInr(9_999_999, { crore: true })).toBe('99.99 Lakh');
    expect(formatInr(10_000_000, { crore: true })).toBe('1 CR');
    expect(formatInr(10_000_001, { crore: true })).toBe('1 CR');
    expect(formatInr(25_000_000, { crore: true })).toBe('2.5 CR');
    expect(formatInr(1_000_000_000, { crore: true })).toBe('100 CR');
    expect(formatInr(-25_000_000, { crore: true })).toBe('-2.5 CR');
    expect(formatInr(5000, { crore: true })).toBe('5 Thousand');
  });
});

describe('formatMoney', () => {
  const inr = { code: 'INR', symbol: '₹', format: 'inr' } as const;
  const aed = { code: 'AED', symbol: 'AED', format: 'intl' } as const;

  it('uses the INR wording for inr currencies', () => {
    expect(formatMoney(150_000, inr, 'en-IN')).toBe('₹ 1.5 Lakh');
    expect(formatMoney(20_000_000, inr, 'en-IN')).toBe('₹ 100+ Lakh');
    expect(formatMoney(-5000, inr, 'en-IN')).toBe('-₹ 5 Thousand');
  });

  it('groups digits with the locale otherwise', () => {
    expect(formatMoney(5000, aed, 'en-AE')).toBe('AED 5,000');
    expect(formatMoney(1_234_567.891, aed, 'en-US')).toBe('AED 1,234,567.89');
    expect(formatMoney(-5000, { code: 'SGD', symbol: 'S$', format: 'intl' }, 'en-SG')).toBe(
      '-S$ 5,000',
    );
    expect(formatMoney(5000, aed, 'de-DE')).toBe('AED 5.000');
  });

  it('survives a broken locale and non-finite amounts', () => {
    expect(formatMoney(5000, aed, 'not a locale!!')).toBe('AED 5,000');
    expect(formatMoney(Number.NaN, aed, 'en')).toBe('');
    expect(formatMoney(Number.NaN, inr, 'en-IN')).toBe('');
  });
});

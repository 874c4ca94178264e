import { describe, it, expect } from 'vitest';
import { formatInr } from '~/lib/format/inr';
import { formatMoney, type MoneySite } from '~/lib/format/money';

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
  const site = (locale: string, currency: MoneySite['currency'], isoCode = 'IN') => ({
    locale,
    currency,
    country: { isoCode },
  });
  const india = site('en-IN', { code: 'INR', symbol: '₹', format: 'inr' });
  const gulf = site('en-AE', { code: 'AED', symbol: 'AED', format: 'intl' }, 'AE');

  it('uses the INR wording for inr currencies', () => {
    expect(formatMoney(150_000, 'INR', 'en', india)).toBe('₹ 1.5 Lakh');
    expect(formatMoney(20_000_000, 'INR', 'en', india)).toBe('₹ 100+ Lakh');
    expect(formatMoney(-5000, 'INR', 'en', india)).toBe('-₹ 5 Thousand');
  });

  it('groups digits with the locale otherwise', () => {
    expect(formatMoney(5000, 'AED', 'en', gulf)).toBe('AED 5,000');
    expect(formatMoney(1_234_567.891, 'AED', 'en', site('en-US', gulf.currency))).toBe(
      'AED 1,234,567.89',
    );
    const sg = site('en-SG', { code: 'SGD', symbol: 'S$', format: 'intl' }, 'SG');
    expect(formatMoney(-5000, 'SGD', 'en', sg)).toBe('-S$ 5,000');
    expect(formatMoney(5000, 'AED', 'en', site('de-DE', gulf.currency))).toBe('AED 5.000');
  });

  it('survives a broken locale, an unknown currency and non-finite amounts', () => {
    expect(formatMoney(5000, 'AED', 'en', site('not a locale!!', gulf.currency))).toBe('AED 5,000');
    expect(formatMoney(5000, 'XYZW', 'en', gulf)).toBe('XYZW 5,000');
    expect(formatMoney(Number.NaN, 'AED', 'en', gulf)).toBe('');
    expect(formatMoney(Number.NaN, 'INR', 'en', india)).toBe('');
  });
});

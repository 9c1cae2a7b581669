import { describe, expect, it } from 'vitest';
import { formatDate, formatRupees, tagLabel } from './format';

describe('formatRupees', () => {
  it('formats rupees with the symbol and two decimals', () => {
    expect(formatRupees(1299)).toBe('₹1,299.00');
    expect(formatRupees(499.5)).toBe('₹499.50');
    expect(formatRupees(0)).toBe('₹0.00');
  });

  it('groups digits the Indian way (lakhs and crores)', () => {
    expect(formatRupees(100000)).toBe('₹1,00,000.00');
    expect(formatRupees(12345678.9)).toBe('₹1,23,45,678.90');
  });

  it('rounds to paise', () => {
    expect(formatRupees(10.005 + 0.001)).toBe('₹10.01');
  });

  it('shows ₹0.00 for a value that is not a number', () => {
    expect(formatRupees(Number.NaN)).toBe('₹0.00');
  });
});

describe('formatDate', () => {
  it('shows Indian day/month/year and 12-hour time in Asia/Kolkata, joined by " at "', () => {
    // 02:04 UTC is 07:34 in India (UTC+5:30).
    expect(formatDate('2026-11-22T02:04:00Z')).toBe('22/11/2026 at 7:34 am');
  });

  it('uses the Kolkata date, not the UTC date, near midnight', () => {
    // 20:00 UTC on 31 Dec is 01:30 on 1 Jan in India.
    expect(formatDate('2025-12-31T20:00:00Z')).toBe('01/01/2026 at 1:30 am');
  });

  it('shows afternoon times with pm', () => {
    expect(formatDate('2026-03-05T09:15:00Z')).toBe('05/03/2026 at 2:45 pm');
  });

  it('returns an empty string for a missing or invalid date', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('tagLabel', () => {
  it('shows underscores as spaces', () => {
    expect(tagLabel('graphic_tee')).toBe('graphic tee');
    expect(tagLabel('men')).toBe('men');
  });
});

import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatRupees, tagLabel } from './format';

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

  it('writes every amount as Intl.NumberFormat does for en-IN rupees, which it stands in for', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    const amounts = [0, 0.01, 0.5, 9.99, 99, 999, 1000, 9999.99, 10000, 99999.5, 100000, 1234567.89, 10000000, 987654321.12, -1, -1299.5, 1.005, 129.995, 715.4549999999999, 0.125, 2.675, 1e15, 1.5e21, -2e16];
    // Whole paise, as the shop's prices are, up to a crore of rupees, and amounts between paise.
    for (let i = 0; i < 2000; i++) amounts.push(Math.floor(Math.random() * 1e9) / 100, Math.floor(Math.random() * 1e8) / 1000);
    for (const a of amounts) expect(formatRupees(a), String(a)).toBe(intl.format(a));
    // Where it differs: less than a paisa below zero is nothing, not Intl's "-₹0.00".
    expect(formatRupees(-0.001)).toBe('₹0.00');
  });
});

describe('formatCount', () => {
  it('groups a whole count the Indian way, as Intl.NumberFormat does for en-IN', () => {
    const intl = new Intl.NumberFormat('en-IN');
    for (const n of [0, 7, 999, 1000, 12345, 123456, 1234567, 123456789, -4321, 1e15, 3e21]) expect(formatCount(n)).toBe(intl.format(n));
  });

  it('shows 0 for a value that is not a number', () => {
    expect(formatCount(Number.NaN)).toBe('0');
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

import { describe, expect, it } from 'vitest';
import { formatCount, formatWholeRupees, istDate, shortDay } from './figures';

describe('dashboard figures', () => {
  it('groups digits the Indian way', () => {
    expect(formatWholeRupees(123456.4)).toBe('₹1,23,456');
    expect(formatWholeRupees(10000000)).toBe('₹1,00,00,000');
    expect(formatCount(123456)).toBe('1,23,456');
    expect(formatCount(Number.NaN)).toBe('0');
  });
  it('takes the date in India, not UTC', () => {
    // 20:00 UTC on 8 March is 01:30 on 9 March in India.
    expect(istDate(new Date('2026-03-08T20:00:00Z'))).toBe('2026-03-09');
    expect(istDate(new Date('2026-03-08T18:00:00Z'))).toBe('2026-03-08');
  });
  it('names a day short', () => {
    expect(shortDay('2026-03-09')).toBe('9 Mar');
  });
});

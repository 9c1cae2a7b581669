import { describe, expect, it } from 'vitest';
import { lastMonth } from './GstReportScreen';

describe('lastMonth', () => {
  it('is the month before, in India', () => {
    expect(lastMonth(new Date('2026-11-25T04:00:00Z'))).toBe('2026-10');
    expect(lastMonth(new Date('2026-01-10T00:00:00Z'))).toBe('2025-12');
    // 31 March 19:00 UTC is already 1 April in India.
    expect(lastMonth(new Date('2026-03-31T19:00:00Z'))).toBe('2026-03');
  });
});

import { describe, expect, it, vi } from 'vitest';
import {
  DIGITS,
  generatePassword,
  LOWERS,
  PASSWORD_POOL,
  SYMBOLS,
  UPPERS,
} from './passwordGenerator';

describe('generatePassword', () => {
  it('makes passwords of every length from 6 to 25', () => {
    for (let n = 6; n <= 25; n++) expect(generatePassword(n)).toHaveLength(n);
  });

  it('refuses lengths outside 6-25', () => {
    expect(() => generatePassword(5)).toThrow('Password should not be less than 6 characters.');
    expect(() => generatePassword(26)).toThrow('Password should not be more than 25 characters.');
    expect(() => generatePassword(Number.NaN)).toThrow();
    expect(() => generatePassword(7.5)).toThrow();
  });

  it('draws from a pool of letters, digits and symbols, with at least one of each', () => {
    expect(PASSWORD_POOL).toMatch(/[a-z]/);
    expect(PASSWORD_POOL).toMatch(/[A-Z]/);
    expect(PASSWORD_POOL).toMatch(/\d/);
    expect(PASSWORD_POOL).toMatch(/[^A-Za-z0-9]/);
    for (let i = 0; i < 200; i++) {
      const pw = generatePassword(6);
      for (const ch of pw) expect(PASSWORD_POOL).toContain(ch);
      expect([...pw].some((c) => LOWERS.includes(c)), pw).toBe(true);
      expect([...pw].some((c) => UPPERS.includes(c)), pw).toBe(true);
      expect([...pw].some((c) => DIGITS.includes(c)), pw).toBe(true);
      expect([...pw].some((c) => SYMBOLS.includes(c)), pw).toBe(true);
    }
  });

  it('uses crypto.getRandomValues', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    generatePassword(12);
    expect(spy).toHaveBeenCalled();
  });

  it('comes out different each time', () => {
    const seen = new Set(Array.from({ length: 50 }, () => generatePassword(12)));
    expect(seen.size).toBe(50);
  });

  it('follows its random source', () => {
    const zeros = (a: Uint32Array) => a.fill(0);
    // All-zero randomness picks the first character of each class, then of the pool.
    expect(generatePassword(6, zeros)).toHaveLength(6);
    expect(generatePassword(6, zeros)).toBe(generatePassword(6, zeros));
  });
});

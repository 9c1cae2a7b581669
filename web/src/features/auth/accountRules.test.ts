import { describe, expect, it } from 'vitest';
import { safeRedirect, truncateName } from './accountRules';

describe('truncateName', () => {
  it('keeps a name of up to 20 characters and cuts a longer one at 20 with ...', () => {
    expect(truncateName('Asha Rao')).toBe('Asha Rao');
    expect(truncateName('A'.repeat(20))).toBe('A'.repeat(20));
    expect(truncateName('Venkata Lakshmi Narasimha')).toBe('Venkata Lakshmi Nara...');
    expect(truncateName('A'.repeat(21))).toBe(`${'A'.repeat(20)}...`);
  });

  it('counts an emoji as one character', () => {
    expect(truncateName(`${'😀'.repeat(20)}`)).toBe('😀'.repeat(20));
    expect(truncateName(`${'😀'.repeat(21)}`)).toBe(`${'😀'.repeat(20)}...`);
  });
});

describe('safeRedirect', () => {
  it('goes to a path of this shop, home otherwise', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('/profile')).toBe('/profile');
    expect(safeRedirect('shipping')).toBe('/shipping');
    expect(safeRedirect('/search/polo?x=1')).toBe('/search/polo?x=1');
    expect(safeRedirect('//evil.example.com')).toBe('/');
    expect(safeRedirect('/\\evil.example.com')).toBe('/');
    expect(safeRedirect('https://evil.example.com')).toBe('/https://evil.example.com');
  });
});

import { describe, expect, it } from 'vitest';
import { DISTRICTS, districtsOf, STATES, UNION_TERRITORIES } from './districts';

describe('districts table', () => {
  it('has all 28 states and 8 union territories', () => {
    expect(STATES).toHaveLength(28);
    expect(UNION_TERRITORIES).toHaveLength(8);
    expect(Object.keys(DISTRICTS)).toHaveLength(36);
    for (const ut of UNION_TERRITORIES) expect(DISTRICTS).toHaveProperty([ut]);
    expect(STATES).toEqual(expect.arrayContaining(['Telangana', 'Uttarakhand', 'Odisha', 'Karnataka', 'West Bengal']));
    expect(UNION_TERRITORIES).toEqual(expect.arrayContaining(['Ladakh', 'Dadra and Nagar Haveli and Daman and Diu']));
  });

  it('lists every district of a state once, in alphabetical order', () => {
    for (const [state, districts] of Object.entries(DISTRICTS)) {
      expect(districts.length, state).toBeGreaterThan(0);
      expect(new Set(districts).size, state).toBe(districts.length);
      expect([...districts].sort((a, b) => a.localeCompare(b)), state).toEqual(districts);
    }
  });

  it.each([
    ['Andhra Pradesh', 26],
    ['Assam', 35],
    ['Bihar', 38],
    ['Chhattisgarh', 33],
    ['Gujarat', 34],
    ['Karnataka', 31],
    ['Kerala', 14],
    ['Madhya Pradesh', 55],
    ['Maharashtra', 36],
    ['Rajasthan', 41],
    ['Tamil Nadu', 38],
    ['Telangana', 33],
    ['Uttar Pradesh', 75],
    ['West Bengal', 23],
    ['Delhi', 11],
    ['Jammu and Kashmir', 20],
    ['Ladakh', 2],
  ])('%s has %i districts', (state, n) => {
    expect(districtsOf(state)).toHaveLength(n);
  });

  it('knows current names and has none for an unknown state', () => {
    expect(districtsOf('Maharashtra')).toEqual(expect.arrayContaining(['Chhatrapati Sambhajinagar', 'Dharashiv', 'Ahilyanagar']));
    expect(districtsOf('Uttar Pradesh')).toEqual(expect.arrayContaining(['Prayagraj', 'Ayodhya']));
    expect(districtsOf('Karnataka')).toContain('Bengaluru Urban');
    expect(districtsOf('Atlantis')).toEqual([]);
    expect(districtsOf('constructor')).toEqual([]);
  });
});

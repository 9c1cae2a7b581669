import { describe, expect, it } from 'vitest';
import { districtsOf } from './districts';
import { decodePins, loadPincodes, pinStateProblem, placeOfPin, statesOfPin } from './pincodes';

describe('pin codes', () => {
  it('reads the table: distances between pins, and the place when it changes', () => {
    const table = decodePins({ places: ['Delhi|New Delhi', 'Goa|'], pins: '110001=0,2,3=1' });
    expect([...table]).toEqual([
      [110001, { state: 'Delhi', district: 'New Delhi' }],
      [110003, { state: 'Delhi', district: 'New Delhi' }],
      [110006, { state: 'Goa', district: '' }],
    ]);
  });

  it.each([
    ['110001', 'Delhi', 'Central Delhi'],
    ['560038', 'Karnataka', 'Bengaluru Urban'],
    ['122001', 'Haryana', 'Gurugram'],
    ['211001', 'Uttar Pradesh', 'Prayagraj'],
    ['194101', 'Ladakh', 'Leh'],
    ['605001', 'Puducherry', 'Puducherry'],
    ['403001', 'Goa', 'North Goa'],
  ])('finds %s in %s, %s (today’s names)', async (pin, state, district) => {
    expect(await placeOfPin(pin)).toEqual({ state, district });
  });

  it('knows no pin code that is not six digits or not listed', async () => {
    expect(await placeOfPin('56003')).toBeNull();
    expect(await placeOfPin('56003a')).toBeNull();
    expect(await placeOfPin('000000')).toBeNull();
  });

  it('names only states and districts the address forms offer', async () => {
    const table = await loadPincodes();
    expect(table.size).toBeGreaterThan(19_000);
    const unknown = [...table].filter(
      ([, { state, district }]) => !districtsOf(state).length || (district && !districtsOf(state).includes(district)),
    );
    expect(unknown).toEqual([]);
  });
});

describe('statesOfPin', () => {
  const byPin = decodePins({ places: ['Karnataka|Bengaluru Urban', 'Punjab|Mohali', 'Chandigarh|Chandigarh'], pins: '560038=0,100=0' });
  it('is the listed pin code’s state, else those of its first three digits', () => {
    expect(statesOfPin('560038', byPin)).toEqual(['Karnataka']);
    expect(statesOfPin('560099', byPin)).toEqual(['Karnataka']);
    expect(statesOfPin('999999', byPin)).toEqual([]);
  });
});

describe('pinStateProblem', () => {
  it('says the server’s message for a pin code in another state', async () => {
    expect(await pinStateProblem('560038', 'Maharashtra')).toBe('Pin code 560038 is not in Maharashtra');
    expect(await pinStateProblem('560038', 'Karnataka')).toBeNull();
    expect(await pinStateProblem('5600', 'Karnataka')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { districtsOf } from './districts';
import { decodePins, loadPincodes, placeOfPin } from './pincodes';

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

import { describe, expect, it } from 'vitest';
import { ADDRESS } from '../../test/checkout';
import { canContinue, cleanAddress, isCompleteAddress, SHIPPING_MESSAGES, validateShipping } from './shippingRules';

describe('shipping rules', () => {
  it('accepts a complete address', () => {
    expect(validateShipping(ADDRESS)).toEqual({});
    expect(isCompleteAddress(ADDRESS)).toBe(true);
  });

  it.each([
    ['shippingName', '  ', SHIPPING_MESSAGES.name],
    ['shippingEmail', 'chitra@example', SHIPPING_MESSAGES.email],
    ['shippingEmail', 'chitra.example.com', SHIPPING_MESSAGES.email],
    ['shippingPhoneNumber', '900000000', SHIPPING_MESSAGES.mobile],
    ['address', '12 MG Rd', 'Address must be at least 10 characters'],
    ['city', 'Goa', 'City must be at least 4 characters'],
    ['state', 'Atlantis', SHIPPING_MESSAGES.state],
    ['district', 'Pune', SHIPPING_MESSAGES.district],
    ['pinCode', '56003', 'Pin code must be 6 digits'],
    ['pinCode', '56003a', 'Pin code must be 6 digits'],
    ['landmark', 'x'.repeat(51), 'Landmark must be at most 50 characters'],
    ['shippingNote', 'x'.repeat(151), 'The note must be at most 150 characters'],
  ] as const)('%s %j: %s', (field, value, message) => {
    expect(validateShipping({ ...ADDRESS, [field]: value })).toEqual({ [field]: message });
    expect(isCompleteAddress({ ...ADDRESS, [field]: value })).toBe(false);
  });

  it('points the mobile number error at the Basic Details section', () => {
    expect(SHIPPING_MESSAGES.mobile).toMatch(/Basic Details/);
    expect(SHIPPING_MESSAGES.email).toMatch(/Basic Details/);
  });

  it('allows Continue only once address, city, district, state and pin code are filled', () => {
    expect(canContinue(ADDRESS)).toBe(true);
    for (const f of ['address', 'city', 'district', 'state', 'pinCode'] as const) {
      expect(canContinue({ ...ADDRESS, [f]: ' ' }), f).toBe(false);
    }
    // The basic details and the optional fields do not hold it back.
    expect(canContinue({ ...ADDRESS, shippingName: '', shippingEmail: '', landmark: '', shippingNote: '' })).toBe(true);
  });

  it('saves trimmed values and drops a landmark that is only the prefix', () => {
    const clean = cleanAddress({ ...ADDRESS, city: ' Pune ', shippingEmail: 'Chitra@Example.com ', landmark: 'Near ' });
    expect(clean).toMatchObject({ city: 'Pune', shippingEmail: 'chitra@example.com', landmark: '' });
  });
});

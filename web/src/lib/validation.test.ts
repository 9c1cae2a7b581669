import { describe, expect, it } from 'vitest';
import { ADDRESS } from '../test/checkout';
import { districtsOf } from './districts';
import {
  canAddVariant,
  canContinue,
  canVerifyEmail,
  capLength,
  charactersLeft,
  cleanAddress,
  confirmHint,
  decreaseQty,
  digitsOnly,
  generatedLengthProblem,
  increaseQty,
  isCompleteAddress,
  MESSAGES,
  mobileShortHint,
  parseTags,
  passwordLongHint,
  positivePrice,
  searchKeyword,
  sizeCode,
  tagsProblem,
  validateProfile,
  validateRegistration,
  validateShipping,
  variantName,
  wholeStock,
  type AccountForm,
} from './validation';

// The vectors (validation.vectors.test.ts) hold each rule's boundaries against the server; these
// hold what only the app does: shaping typed input, live hints, and how a form's rules combine.

const filled: AccountForm = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  mobileNo: '9876543210',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('typed input', () => {
  it('keeps digits only, at most the cap', () => {
    expect(digitsOnly('+91 98765-43210', 10)).toBe('9198765432');
    expect(digitsOnly('98a76', 10)).toBe('9876');
    expect(digitsOnly('123456789012')).toBe('123456789012');
  });

  it('caps text by characters, an emoji counting as one', () => {
    expect(capLength('x'.repeat(60), 50)).toHaveLength(50);
    expect(capLength('Asha', 50)).toBe('Asha');
    expect(capLength('😀'.repeat(3), 2)).toBe('😀😀');
    expect(charactersLeft('😀😀', 250)).toBe(248);
  });

  it('searches for the trimmed keyword', () => {
    expect(searchKeyword('  polo tee ')).toBe('polo tee');
    expect(searchKeyword(' \t ')).toBeNull();
  });
});

describe('account forms', () => {
  it('accepts a complete sign-up with a verified address, and wants it verified', () => {
    expect(validateRegistration(filled, true)).toBeNull();
    expect(validateRegistration(filled, false)).toBe(MESSAGES.verifyFirst);
  });

  it('requires every sign-up field, the confirm password too', () => {
    for (const field of Object.keys(filled) as (keyof AccountForm)[]) {
      expect(validateRegistration({ ...filled, [field]: '' }, true), field).toBe(MESSAGES.fillAll);
    }
  });

  it('asks for all the fields before anything else, then the confirm password', () => {
    expect(validateRegistration({ ...filled, name: '', confirmPassword: 'other' }, true)).toBe(MESSAGES.fillAll);
    expect(validateRegistration({ ...filled, password: '1', confirmPassword: '2' }, true)).toBe(MESSAGES.confirmPassword);
  });

  it('checks what the server checks in its order: the mobile number before the password', () => {
    const form = { ...filled, mobileNo: '98765', password: '123', confirmPassword: '123' };
    expect(validateRegistration(form, true)).toBe(MESSAGES.mobile);
  });

  it('applies the password rules on the profile once one is typed in either field', () => {
    const profile = { ...filled, password: '', confirmPassword: '' };
    expect(validateProfile(profile)).toBeNull();
    expect(validateProfile({ ...profile, password: 'secret1' })).toBe(MESSAGES.confirmPassword);
    expect(validateProfile({ ...profile, confirmPassword: 'secret1' })).toBe(MESSAGES.confirmPassword);
  });

  it('enables Verify only for an address the server takes', () => {
    expect(canVerifyEmail('  asha@mail.example.in ')).toBe(true);
    expect(canVerifyEmail('')).toBe(false);
    expect(canVerifyEmail('a..b@example.com')).toBe(false);
  });

  it('hints live: a confirm password that differs, a password past 25, a short mobile for the admin', () => {
    expect(confirmHint('secret1', '')).toBeNull();
    expect(confirmHint('secret1', 'sec')).toBe(MESSAGES.passwordMismatchHint);
    expect(confirmHint('secret1', 'secret1')).toBeNull();
    expect(passwordLongHint('x'.repeat(25))).toBeNull();
    expect(passwordLongHint('x'.repeat(26))).toBe(MESSAGES.passwordLong);
    expect(mobileShortHint('')).toBeNull();
    expect(mobileShortHint('98765')).toBe(MESSAGES.mobile);
    expect(mobileShortHint('9876543210')).toBeNull();
  });

  it('asks the generator for a length it can make', () => {
    expect(generatedLengthProblem(Number.NaN)).toBe(MESSAGES.generatedShort);
  });
});

describe('shipping', () => {
  it('accepts a complete address', () => {
    expect(validateShipping(ADDRESS, districtsOf)).toEqual({});
    expect(isCompleteAddress(ADDRESS, districtsOf)).toBe(true);
    expect(isCompleteAddress({ ...ADDRESS, pinCode: '5600' }, districtsOf)).toBe(false);
  });

  it('reports every field that breaks a rule', () => {
    expect(validateShipping({}, districtsOf)).toEqual({
      shippingName: MESSAGES.shippingName,
      shippingEmail: MESSAGES.shippingEmail,
      shippingPhoneNumber: MESSAGES.shippingMobile,
      address: MESSAGES.addressShort,
      city: MESSAGES.cityShort,
      state: MESSAGES.state,
      district: MESSAGES.district,
      pinCode: MESSAGES.pinCode,
    });
  });

  it('points the mobile number and e-mail errors at the Basic Details section', () => {
    expect(MESSAGES.shippingMobile).toMatch(/Basic Details/);
    expect(MESSAGES.shippingEmail).toMatch(/Basic Details/);
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

describe('cart quantity', () => {
  const line = (qty: number, stock: number) => ({ qty, variant: { size: { stock } } });

  it('adds and takes away one unit at a time', () => {
    expect(increaseQty(line(1, 20), true)).toEqual({ qty: 2 });
    expect(increaseQty(line(9, 20), true)).toEqual({ qty: 10 });
    expect(increaseQty(line(2, 3), true)).toEqual({ qty: 3 });
    expect(decreaseQty(line(3, 5))).toEqual({ qty: 2 });
    expect(decreaseQty(line(2, 5))).toEqual({ qty: 1 });
  });
});

describe('admin product edit', () => {
  it.each(['men, polo', 'graphic_tee,kids', 'unisex', '', 'Men Polo', 'café, naïve'])('accepts the tags %j', (tags) => {
    expect(tagsProblem(tags)).toBeNull();
  });

  it.each(['size 42', 'tee!', 'a\tb', "women's"])('refuses the tags %j', (tags) => {
    expect(tagsProblem(tags)).toBe(MESSAGES.tags);
  });

  it('parses tags as the server stores them', () => {
    expect(parseTags(' Men,  Polo  neck ,, men ,graphic_tee')).toEqual(['men', 'polo neck', 'graphic_tee']);
  });

  it('makes the price positive', () => {
    expect(positivePrice('-12.5')).toBe('12.5');
    expect(positivePrice('899.50')).toBe('899.50');
    expect(positivePrice('')).toBe('');
  });

  it('keeps stock a whole number of at least 0, uppercases size codes, caps variant names at 20', () => {
    expect(wholeStock('12')).toBe('12');
    expect(wholeStock('-3')).toBe('3');
    expect(wholeStock('2.5')).toBe('25');
    expect(wholeStock('007')).toBe('7');
    expect(wholeStock('0')).toBe('0');
    expect(sizeCode('xxxxxxxxxxxxl')).toBe('XXXXXXXXXX');
    expect(variantName('a'.repeat(25))).toHaveLength(20);
  });

  it('allows Add Variant only when the last variant has a name', () => {
    const named = (variantName: string) => ({ variantName });
    expect(canAddVariant([])).toBe(true);
    expect(canAddVariant([named('')])).toBe(false);
    expect(canAddVariant([named('   ')])).toBe(false);
    expect(canAddVariant([named('navy')])).toBe(true);
    expect(canAddVariant([named('navy'), named('')])).toBe(false);
  });
});

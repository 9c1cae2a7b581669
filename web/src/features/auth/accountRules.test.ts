import { describe, expect, it } from 'vitest';
import {
  canVerifyEmail,
  capLength,
  confirmHint,
  digitsOnly,
  MESSAGES,
  safeRedirect,
  truncateName,
  validateProfile,
  validateRegistration,
  type AccountForm,
} from './accountRules';

const filled: AccountForm = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  mobileNo: '9876543210',
  password: 'secret1',
  confirmPassword: 'secret1',
};

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

describe('canVerifyEmail', () => {
  it('allows only an address with an @ and a dot after it', () => {
    expect(canVerifyEmail('asha@example.com')).toBe(true);
    expect(canVerifyEmail('  asha@mail.example.in ')).toBe(true);
    expect(canVerifyEmail('')).toBe(false);
    expect(canVerifyEmail('asha@example')).toBe(false);
    expect(canVerifyEmail('asha.example.com')).toBe(false);
    expect(canVerifyEmail('a.b@c')).toBe(false);
    expect(canVerifyEmail('asha @example.com')).toBe(false);
  });
});

describe('input caps', () => {
  it('keeps digits only, at most the cap', () => {
    expect(digitsOnly('+91 98765-43210', 10)).toBe('9198765432');
    expect(digitsOnly('98a76', 10)).toBe('9876');
    expect(digitsOnly('123456789012')).toBe('123456789012');
  });

  it('caps a name at 50 characters', () => {
    expect(capLength('x'.repeat(60), 50)).toHaveLength(50);
    expect(capLength('Asha', 50)).toBe('Asha');
  });
});

describe('validateRegistration', () => {
  it('accepts a complete form with a verified address', () => {
    expect(validateRegistration(filled, true)).toBeNull();
  });

  it('requires every field', () => {
    for (const field of Object.keys(filled) as (keyof AccountForm)[]) {
      expect(validateRegistration({ ...filled, [field]: '' }, true), field).toBe('Please fill all the fields');
    }
    expect(validateRegistration({ ...filled, name: '   ' }, true)).toBe('Please fill all the fields');
  });

  it('asks to retype a confirm password that differs', () => {
    expect(validateRegistration({ ...filled, confirmPassword: 'secret2' }, true)).toBe(
      "Please retype the 'Confirm Password' correctly",
    );
  });

  it('holds the password to 6-25 characters', () => {
    const pw = (p: string) => validateRegistration({ ...filled, password: p, confirmPassword: p }, true);
    expect(pw('12345')).toBe('Your password must contains atleast 6 characters');
    expect(pw('123456')).toBeNull();
    expect(pw('x'.repeat(25))).toBeNull();
    expect(pw('x'.repeat(26))).toBe('Password should not be more than 25 characters');
  });

  it('wants a 10-digit mobile number', () => {
    expect(validateRegistration({ ...filled, mobileNo: '987654321' }, true)).toBe('Please re-check your mobile number');
    expect(validateRegistration({ ...filled, mobileNo: '98765x3210' }, true)).toBe('Please re-check your mobile number');
  });

  it('wants the address verified', () => {
    expect(validateRegistration(filled, false)).toBe(MESSAGES.verifyFirst);
  });
});

describe('validateProfile', () => {
  const profile = { ...filled, password: '', confirmPassword: '' };

  it('keeps the password when both password fields are empty', () => {
    expect(validateProfile(profile)).toBeNull();
  });

  it('applies the password rules once one is typed', () => {
    expect(validateProfile({ ...profile, password: 'secret1' })).toBe("Please retype the 'Confirm Password' correctly");
    expect(validateProfile({ ...profile, password: '12345', confirmPassword: '12345' })).toBe(
      'Your password must contains atleast 6 characters',
    );
    const long = 'x'.repeat(26);
    expect(validateProfile({ ...profile, password: long, confirmPassword: long })).toBe(
      'Password should not be more than 25 characters',
    );
  });

  it('wants exactly 10 mobile digits and every detail', () => {
    expect(validateProfile({ ...profile, mobileNo: '98765432101' })).toBe('Please re-check your mobile number');
    expect(validateProfile({ ...profile, mobileNo: '98765' })).toBe('Please re-check your mobile number');
    expect(validateProfile({ ...profile, name: '' })).toBe('Please fill all the fields');
  });
});

describe('confirmHint', () => {
  it('shows once something differing is typed in the confirm field', () => {
    expect(confirmHint('secret1', '')).toBeNull();
    expect(confirmHint('secret1', 'sec')).toBe(MESSAGES.passwordMismatchHint);
    expect(confirmHint('secret1', 'secret1')).toBeNull();
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

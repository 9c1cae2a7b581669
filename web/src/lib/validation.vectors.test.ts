import { describe, expect, it } from 'vitest';
import file from '../../../testdata/validation.json';
import { ADDRESS } from '../test/checkout';
import { districtsOf } from './districts';
import { toPaise, type PaymentMethod } from './pricing';
import {
  decreaseQty,
  generatedLengthProblem,
  increaseQty,
  imagesProblem,
  lineQtyProblem,
  mrpProblem,
  mrpValue,
  mobileLongHint,
  otpEmailProblem,
  otpProblem,
  parseTags,
  paymentLimitProblem,
  positivePrice,
  reviewProblem,
  searchKeyword,
  sizeCode,
  tagsProblem,
  validateProfile,
  validateRegistration,
  validateShipping,
  validateUserEdit,
  variantName,
  type AccountFields,
  type AccountForm,
  type QtyChange,
  type ShippingField,
} from './validation';

/** A row of testdata/validation.json, which internal/shop/validation_test.go runs too. */
interface Vector {
  name: string;
  rule: string;
  input: unknown;
  repeat?: number;
  suffix?: string;
  only?: 'web' | 'go';
  valid: boolean;
  message?: string | null;
  value?: unknown;
}

/**
 * What a rule says of an input: its refusal (null when valid), whether it takes the input when that
 * is not the same (the search rule has no message), and what it keeps, for rows that pin it.
 */
interface Outcome {
  problem: string | null;
  valid?: boolean;
  kept?: unknown;
}

type Rule = (v: Vector) => Outcome;

const text = (v: Vector) => String(v.input).repeat(v.repeat ?? 1) + (v.suffix ?? '');

// The forms of the vectors, valid as they are (ADDRESS too); a row changes one field.
const USER: AccountForm = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  mobileNo: '9876543210',
  password: 'secret1',
  confirmPassword: 'secret1',
};
/** A password row sets the confirm field too: it is the length rule the row is about. */
const withField = <F extends AccountFields>(form: F, field: keyof AccountFields, value: string): F =>
  field === 'password' && 'confirmPassword' in form
    ? { ...form, password: value, confirmPassword: value }
    : { ...form, [field]: value };

const register =
  (field: keyof AccountFields): Rule =>
  (v) => ({ problem: validateRegistration(withField(USER, field, text(v)), true) });
const profile =
  (field: keyof AccountFields): Rule =>
  (v) => ({ problem: validateProfile(withField({ ...USER, password: '', confirmPassword: '' }, field, text(v))) });
const userEdit =
  (field: keyof AccountFields): Rule =>
  (v) => ({ problem: validateUserEdit(withField({ ...USER, password: '' }, field, text(v))) });
const shipping =
  (field: ShippingField): Rule =>
  (v) => {
    const errors = validateShipping({ ...ADDRESS, [field]: text(v) }, districtsOf);
    // Only the field the row is about may be wrong: the rest of the address is good.
    expect(Object.keys(errors).filter((f) => f !== field)).toEqual([]);
    return { problem: errors[field] ?? null };
  };
const refusal = (change: QtyChange) => ('refused' in change ? change.refused : null);
type Line = { qty: number; stock: number; signedIn?: boolean };
const line = (v: Vector) => {
  const { qty, stock } = v.input as Line;
  return { qty, variant: { size: { stock } } };
};

const RULES: Record<string, Rule> = {
  'search.keyword': (v) => ({ problem: null, valid: searchKeyword(text(v)) !== null }),

  'register.name': register('name'),
  'register.email': register('email'),
  'register.mobileNo': register('mobileNo'),
  'register.password': register('password'),
  'register.confirmPassword': (v) => ({ problem: validateRegistration({ ...USER, confirmPassword: text(v) }, true) }),

  'otp.code': (v) => ({ problem: otpProblem(text(v)) }),
  'otp.email': (v) => ({ problem: otpEmailProblem(text(v)) }),

  'profile.name': profile('name'),
  'profile.email': profile('email'),
  'profile.mobileNo': profile('mobileNo'),
  'profile.password': profile('password'),
  'profile.mobileWarning': (v) => ({ problem: mobileLongHint(text(v)) }),

  'userEdit.name': userEdit('name'),
  'userEdit.email': userEdit('email'),
  'userEdit.mobileNo': userEdit('mobileNo'),
  'userEdit.password': userEdit('password'),
  'userEdit.passwordLength': (v) => ({ problem: generatedLengthProblem(v.input as number) }),

  'shipping.shippingName': shipping('shippingName'),
  'shipping.shippingEmail': shipping('shippingEmail'),
  'shipping.shippingPhoneNumber': shipping('shippingPhoneNumber'),
  'shipping.address': shipping('address'),
  'shipping.city': shipping('city'),
  'shipping.pinCode': shipping('pinCode'),
  'shipping.state': shipping('state'),
  'shipping.district': shipping('district'),
  'shipping.landmark': shipping('landmark'),
  'shipping.shippingNote': shipping('shippingNote'),

  'review.rating': (v) => ({ problem: reviewProblem(v.input as number, 'Soft and true to size.') }),
  'review.comment': (v) => ({ problem: reviewProblem(4, text(v)) }),

  'cart.qty': (v) => {
    const { qty, stock } = v.input as Line;
    return { problem: lineQtyProblem(qty, stock) };
  },
  'cart.increase': (v) => ({ problem: refusal(increaseQty(line(v), (v.input as Line).signedIn ?? true)) }),
  'cart.decrease': (v) => ({ problem: refusal(decreaseQty(line(v))) }),

  'payment.method': (v) => {
    const { method, totalPrice, secureTransactionFee } = v.input as {
      method: PaymentMethod;
      totalPrice: number;
      secureTransactionFee: number;
    };
    const prices = { total: toPaise(totalPrice), secureFee: toPaise(secureTransactionFee) };
    return { problem: paymentLimitProblem(prices, method) };
  },

  'product.tags': (v) => ({ problem: tagsProblem(text(v)), kept: parseTags(text(v)) }),
  'product.mrp': (v) => {
    const { price, mrp } = v.input as { price: number; mrp: number | null };
    const typed = mrp === null ? '' : String(mrp);
    return { problem: mrpProblem(String(price), typed), kept: mrpValue(typed) };
  },
  'product.price': (v) => ({ problem: null, kept: Number(positivePrice(String(v.input))) }),
  'product.size': (v) => ({ problem: null, kept: sizeCode(text(v)) }),
  'product.variantName': (v) => ({ problem: null, kept: variantName(text(v)) }),
  'product.images': (v) => ({ problem: imagesProblem(v.input as string[]) }),
};

const vectors = (file as { vectors: Vector[] }).vectors;

describe('validation vectors shared with Go', () => {
  it('has at least 60 vectors, each for a rule this side or the server knows', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(60);
    for (const v of vectors) {
      expect([undefined, 'web', 'go'], v.name).toContain(v.only);
      if (v.only !== 'go') expect(Object.keys(RULES), v.name).toContain(v.rule);
    }
  });

  it('runs every rule of this side', () => {
    const ran = new Set(vectors.filter((v) => v.only !== 'go').map((v) => v.rule));
    expect(Object.keys(RULES).filter((r) => !ran.has(r))).toEqual([]);
  });

  it.each(vectors.filter((v) => v.only !== 'go').map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const { problem, valid = problem === null, kept } = RULES[v.rule](v);
    expect(valid, `refused with ${problem}`).toBe(v.valid);
    expect(problem).toBe(v.valid ? null : v.message);
    if ('value' in v) expect(kept).toEqual(v.value);
  });
});

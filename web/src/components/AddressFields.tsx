import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { ShippingAddress } from '../lib/address';
import { districtsOf, STATES, UNION_TERRITORIES } from '../lib/districts';
import { LIMITS } from '../lib/limits';
import { loadPincodes, pinStateProblem, placeOfPin, type PinPlace } from '../lib/pincodes';
import {
  capLength,
  charactersLeft,
  digitsOnly,
  FEW_CHARACTERS_LEFT,
  SHIPPING_FIELDS,
  validateShipping,
  type ShippingErrors,
  type ShippingField as Field,
} from '../lib/validation';
import './checkout.css';

/** The longest each typed field may be: the server's limits. */
const MAX_LENGTH: Partial<Record<Field, number>> = {
  shippingName: LIMITS.name,
  shippingEmail: LIMITS.email,
  shippingPhoneNumber: LIMITS.mobile,
  address: LIMITS.address,
  city: LIMITS.city,
  pinCode: LIMITS.pinCode,
  landmark: LIMITS.landmark,
  shippingNote: LIMITS.shippingNote,
};

/** How each field's typed value is kept: digits only, or cut to its limit. */
const SHAPE: Partial<Record<Field, (v: string) => string>> = {
  shippingName: (v) => capLength(v, LIMITS.name),
  shippingEmail: (v) => capLength(v, LIMITS.email),
  address: (v) => capLength(v, LIMITS.address),
  city: (v) => capLength(v, LIMITS.city),
  shippingPhoneNumber: (v) => digitsOnly(v, LIMITS.mobile),
  pinCode: (v) => digitsOnly(v, LIMITS.pinCode),
  landmark: (v) => capLength(v, LIMITS.landmark),
  shippingNote: (v) => capLength(v, LIMITS.shippingNote),
};

/** What a typed pin code told: its place, or that India Post does not list it. */
type PinLookup = { pin: string; place: PinPlace | null };

/**
 * The state of an address form (SPEC.md §3, §5): its values, the errors shown, set() for a typed
 * value (shaped, and a new state clearing the district), replace() for a whole address (a saved one
 * picked), offer() for one that arrives later and must not overwrite what was typed, and check(), which
 * shows every error and answers the first.
 */
export function useAddressForm(initial: () => ShippingAddress) {
  const [form, setForm] = useState<ShippingAddress>(initial);
  const [errors, setErrors] = useState<ShippingErrors>({});
  const [lookup, setLookup] = useState<PinLookup | null>(null);
  /**
   * Whether anything was typed: an address offered later (a saved default) must not overwrite it. A ref,
   * set by the keystroke itself: the state of the render that brought the offer could be a key behind.
   */
  const typed = useRef(false);
  /** The pin code typed last, which a lookup still on its way must match. */
  const typedPin = useRef('');

  const set = (field: Field, value: string) => {
    typed.current = true;
    const shaped = SHAPE[field]?.(value) ?? value;
    setForm((f) => ({
      ...f,
      [field]: shaped,
      // A district belongs to its state: a new state needs a new district.
      ...(field === 'state' && shaped !== f.state ? { district: '' } : {}),
    }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    if (field === 'pinCode') lookUpPin(shaped);
  };

  /** A complete pin code typed fills the state and suggests the district, unless another was typed since. */
  const lookUpPin = (pin: string) => {
    typedPin.current = pin;
    setLookup(null);
    if (pin.length !== LIMITS.pinCode) return;
    void placeOfPin(pin).then((place) => {
      if (typedPin.current !== pin) return;
      setLookup({ pin, place });
      if (!place) return;
      setForm((f) => ({ ...f, state: place.state, district: place.district || (place.state === f.state ? f.district : '') }));
      setErrors((e) => ({ ...e, state: undefined, district: undefined }));
    });
  };

  const replace = useCallback((address: ShippingAddress) => {
    typedPin.current = address.pinCode;
    setForm(address);
    setErrors({});
    setLookup(null);
  }, []);

  /** An address offered once the screen is open (the book's default) fills it unless something was typed. */
  const offer = useCallback(
    (address: ShippingAddress) => {
      if (!typed.current) replace(address);
    },
    [replace],
  );

  /** Shows every error; answers the first field that has one, with its message, or null. */
  const check = (): { field: Field; message: string } | null => {
    const found = validateShipping(form, districtsOf);
    setErrors(found);
    const field = SHIPPING_FIELDS.find((f) => found[f]);
    return field ? { field, message: found[field]! } : null;
  };

  return { form, errors, set, replace, offer, check, lookup };
}

export type AddressForm = ReturnType<typeof useAddressForm>;

/**
 * The fields of a shipping address: the receiver's basic details and the address, for the shipping
 * step and the address book. Typing a pin code fills the state and suggests the district
 * (lib/pincodes.ts, whose table starts loading with the form).
 */
export default function AddressFields({ address, idPrefix = '' }: { address: AddressForm; idPrefix?: string }) {
  const { form, errors, set, lookup } = address;

  useEffect(() => {
    // Fetched now, so the first pin code typed is found at once; a failure is tried again then.
    loadPincodes().catch(() => {});
  }, []);

  const id = (field: string) => `${idPrefix}${field}`;
  const bind = (field: Field) => ({
    name: field,
    value: form[field],
    maxLength: MAX_LENGTH[field],
    isInvalid: Boolean(errors[field]),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? id(`${field}-error`) : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => set(field, e.target.value),
  });
  const feedback = (field: Field) =>
    errors[field] ? (
      <Form.Control.Feedback type="invalid" id={id(`${field}-error`)}>
        {errors[field]}
      </Form.Control.Feedback>
    ) : null;

  const [pinState, setPinState] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void pinStateProblem(form.pinCode, form.state).then((problem) => current && setPinState(problem));
    return () => {
      current = false;
    };
  }, [form.pinCode, form.state]);

  const districts = districtsOf(form.state);
  const noteLeft = charactersLeft(form.shippingNote, LIMITS.shippingNote);
  const found = lookup && lookup.pin === form.pinCode ? lookup : null;
  const describedBy = (field: Field, hint: string) => [hint, errors[field] && id(`${field}-error`)].filter(Boolean).join(' ');

  return (
    <>
      <fieldset className="checkout-fieldset">
        <legend>Basic Details</legend>
        <Form.Group className="mb-3" controlId={id('shippingName')}>
          <Form.Label>Name</Form.Label>
          <Form.Control type="text" autoComplete="name" placeholder="Who receives the order" {...bind('shippingName')} />
          {feedback('shippingName')}
        </Form.Group>
        <Row className="g-3">
          <Col sm={7}>
            <Form.Group controlId={id('shippingEmail')}>
              <Form.Label>E-mail</Form.Label>
              <Form.Control type="email" autoComplete="email" placeholder="name@example.com" {...bind('shippingEmail')} />
              {feedback('shippingEmail')}
            </Form.Group>
          </Col>
          <Col sm={5}>
            <Form.Group controlId={id('shippingPhoneNumber')}>
              <Form.Label>Mobile Number</Form.Label>
              <Form.Control
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="10 digits"
                {...bind('shippingPhoneNumber')}
              />
              {feedback('shippingPhoneNumber')}
            </Form.Group>
          </Col>
        </Row>
      </fieldset>

      <fieldset className="checkout-fieldset">
        <legend>Address</legend>
        <Form.Group className="mb-3" controlId={id('address')}>
          <Form.Label>Address</Form.Label>
          <Form.Control
            type="text"
            autoComplete="street-address"
            placeholder="House number, street, area"
            {...bind('address')}
            aria-describedby={describedBy('address', id('address-hint'))}
          />
          <Form.Text id={id('address-hint')}>
            {LIMITS.addressMin} to {LIMITS.address} characters
          </Form.Text>
          {feedback('address')}
        </Form.Group>
        <Row className="g-3 mb-3">
          <Col sm={6}>
            <Form.Group controlId={id('pinCode')}>
              <Form.Label>Pin Code</Form.Label>
              <Form.Control
                type="text"
                inputMode="numeric"
                autoComplete="postal-code"
                placeholder="6 digits"
                {...bind('pinCode')}
                aria-describedby={describedBy('pinCode', id('pinCode-place'))}
              />
              <Form.Text id={id('pinCode-place')} role="status" className="pin-place">
                {found?.place
                  ? [found.place.district, found.place.state].filter(Boolean).join(', ')
                  : found
                    ? 'Not in India Post’s list: choose the state and district below.'
                    : 'Fills in the state and district'}
              </Form.Text>
              {feedback('pinCode')}
            </Form.Group>
          </Col>
          <Col sm={6}>
            <Form.Group controlId={id('city')}>
              <Form.Label>City</Form.Label>
              <Form.Control type="text" autoComplete="address-level2" placeholder="City or town" {...bind('city')} />
              {feedback('city')}
            </Form.Group>
          </Col>
          <Col sm={6}>
            <Form.Group controlId={id('state')}>
              <Form.Label>State</Form.Label>
              <Form.Select autoComplete="address-level1" {...bind('state')}>
                <option value="">Select state</option>
                <optgroup label="States">
                  {STATES.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </optgroup>
                <optgroup label="Union Territories">
                  {UNION_TERRITORIES.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </optgroup>
              </Form.Select>
              {feedback('state')}
              {pinState && (
                <Form.Text role="alert" className="d-block text-danger" data-testid="pin-state-problem">
                  {pinState}
                </Form.Text>
              )}
            </Form.Group>
          </Col>
          <Col sm={6}>
            <Form.Group controlId={id('district')}>
              <Form.Label>District</Form.Label>
              <Form.Select {...bind('district')} disabled={!form.state}>
                <option value="">{form.state ? 'Select district' : 'Choose the state first'}</option>
                {districts.map((d) => (
                  <option key={d}>{d}</option>
                ))}
              </Form.Select>
              {feedback('district')}
            </Form.Group>
          </Col>
        </Row>
        <Form.Group className="mb-3" controlId={id('landmark')}>
          <Form.Label>
            Landmark <span className="text-body-secondary fw-normal">(optional)</span>
          </Form.Label>
          <Form.Control type="text" {...bind('landmark')} />
          {feedback('landmark')}
        </Form.Group>
        <Form.Group className="mb-3" controlId={id('shippingNote')}>
          <Form.Label>
            Note for delivery <span className="text-body-secondary fw-normal">(optional)</span>
          </Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            placeholder="Anything the courier should know"
            {...bind('shippingNote')}
            aria-describedby={describedBy('shippingNote', id('note-counter'))}
          />
          <Form.Text id={id('note-counter')} className={noteLeft <= FEW_CHARACTERS_LEFT ? 'text-danger' : undefined}>
            {noteLeft} {noteLeft === 1 ? 'character' : 'characters'} left
          </Form.Text>
          {feedback('shippingNote')}
        </Form.Group>
      </fieldset>
    </>
  );
}

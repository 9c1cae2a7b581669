import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import CheckoutSteps from '../../components/CheckoutSteps';
import { districtsOf, STATES, UNION_TERRITORIES } from '../../lib/districts';
import { LIMITS } from '../../lib/limits';
import {
  canContinue,
  capLength,
  charactersLeft,
  cleanAddress,
  digitsOnly,
  FEW_CHARACTERS_LEFT,
  LANDMARK_PREFIX,
  SHIPPING_FIELDS,
  validateShipping,
  type ShippingErrors,
  type ShippingField as Field,
} from '../../lib/validation';
import { selectUserInfo } from '../auth/authSlice';
import { saveShippingAddress, type ShippingAddress } from '../cart/cartSlice';
import PageTitle from '../config/PageTitle';
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

/** The shipping step (SPEC.md §2, §5): the receiver's basic details and the address. */
export default function ShippingScreen() {
  const saved = useAppSelector((s) => s.cart.shippingAddress);
  const user = useAppSelector(selectUserInfo);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);

  const [form, setForm] = useState<ShippingAddress>(() => ({
    shippingName: saved.shippingName || user?.name || '',
    shippingEmail: saved.shippingEmail || user?.email || '',
    shippingPhoneNumber: saved.shippingPhoneNumber || digitsOnly(user?.mobileNo ?? '', LIMITS.mobile),
    address: saved.address ?? '',
    city: saved.city ?? '',
    state: saved.state && districtsOf(saved.state).length ? saved.state : '',
    district: saved.district && districtsOf(saved.state ?? '').includes(saved.district) ? saved.district : '',
    pinCode: saved.pinCode ?? '',
    landmark: saved.landmark || LANDMARK_PREFIX,
    shippingNote: saved.shippingNote ?? '',
  }));
  const [errors, setErrors] = useState<ShippingErrors>({});

  const set = (field: Field, value: string) => {
    const shaped = SHAPE[field]?.(value) ?? value;
    setForm((f) => ({
      ...f,
      [field]: shaped,
      // A district belongs to its state: a new state needs a new district.
      ...(field === 'state' && shaped !== f.state ? { district: '' } : {}),
    }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  const bind = (field: Field) => ({
    name: field,
    value: form[field],
    maxLength: MAX_LENGTH[field],
    isInvalid: Boolean(errors[field]),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${field}-error` : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => set(field, e.target.value),
  });
  const feedback = (field: Field) =>
    errors[field] ? (
      <Form.Control.Feedback type="invalid" id={`${field}-error`}>
        {errors[field]}
      </Form.Control.Feedback>
    ) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateShipping(form, districtsOf);
    const first = SHIPPING_FIELDS.find((f) => found[f]);
    setErrors(found);
    if (first) {
      toast.error(found[first], { toastId: 'shipping-error' });
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    dispatch(saveShippingAddress(cleanAddress(form)));
    navigate('/payment');
  };

  const districts = districtsOf(form.state);
  const noteLeft = charactersLeft(form.shippingNote, LIMITS.shippingNote);

  return (
    <div className="checkout-page">
      <PageTitle title="Shipping" />
      <CheckoutSteps current={2} />
      <Card className="checkout-card shadow-sm">
        <Card.Body>
          <h1 className="checkout-card__title">Shipping</h1>
          <Form noValidate onSubmit={submit} ref={formRef}>
            <fieldset id="basic-details" className="checkout-fieldset">
              <legend>Basic Details</legend>
              <Form.Group className="mb-3" controlId="shippingName">
                <Form.Label>Name</Form.Label>
                <Form.Control type="text" autoComplete="name" placeholder="Who receives the order" {...bind('shippingName')} />
                {feedback('shippingName')}
              </Form.Group>
              <Row className="g-3">
                <Col sm={7}>
                  <Form.Group controlId="shippingEmail">
                    <Form.Label>E-mail</Form.Label>
                    <Form.Control type="email" autoComplete="email" placeholder="name@example.com" {...bind('shippingEmail')} />
                    {feedback('shippingEmail')}
                  </Form.Group>
                </Col>
                <Col sm={5}>
                  <Form.Group controlId="shippingPhoneNumber">
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
              <Form.Group className="mb-3" controlId="address">
                <Form.Label>Address</Form.Label>
                <Form.Control
                  type="text"
                  autoComplete="street-address"
                  placeholder="House number, street, area"
                  {...bind('address')}
                  aria-describedby={errors.address ? 'address-hint address-error' : 'address-hint'}
                />
                <Form.Text id="address-hint">
                  {LIMITS.addressMin} to {LIMITS.address} characters
                </Form.Text>
                {feedback('address')}
              </Form.Group>
              <Row className="g-3 mb-3">
                <Col sm={6}>
                  <Form.Group controlId="city">
                    <Form.Label>City</Form.Label>
                    <Form.Control type="text" autoComplete="address-level2" placeholder="City or town" {...bind('city')} />
                    {feedback('city')}
                  </Form.Group>
                </Col>
                <Col sm={6}>
                  <Form.Group controlId="pinCode">
                    <Form.Label>Pin Code</Form.Label>
                    <Form.Control
                      type="text"
                      inputMode="numeric"
                      autoComplete="postal-code"
                      placeholder="6 digits"
                      {...bind('pinCode')}
                    />
                    {feedback('pinCode')}
                  </Form.Group>
                </Col>
                <Col sm={6}>
                  <Form.Group controlId="state">
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
                  </Form.Group>
                </Col>
                <Col sm={6}>
                  <Form.Group controlId="district">
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
              <Form.Group className="mb-3" controlId="landmark">
                <Form.Label>
                  Landmark <span className="text-body-secondary fw-normal">(optional)</span>
                </Form.Label>
                <Form.Control type="text" {...bind('landmark')} />
                {feedback('landmark')}
              </Form.Group>
              <Form.Group className="mb-3" controlId="shippingNote">
                <Form.Label>
                  Note for delivery <span className="text-body-secondary fw-normal">(optional)</span>
                </Form.Label>
                <Form.Control
                  as="textarea"
                  rows={2}
                  placeholder="Anything the courier should know"
                  {...bind('shippingNote')}
                  aria-describedby={errors.shippingNote ? 'note-counter shippingNote-error' : 'note-counter'}
                />
                <Form.Text id="note-counter" className={noteLeft <= FEW_CHARACTERS_LEFT ? 'text-danger' : undefined}>
                  {noteLeft} {noteLeft === 1 ? 'character' : 'characters'} left
                </Form.Text>
                {feedback('shippingNote')}
              </Form.Group>
            </fieldset>

            <Button type="submit" variant="accent" size="lg" className="w-100" disabled={!canContinue(form)}>
              Continue
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </div>
  );
}

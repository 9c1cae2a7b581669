import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { FaTruck } from 'react-icons/fa';
import { errorMessage } from '../../lib/errors';
import { validPinCode } from '../../lib/validation';
import { useLazyGetDeliveryQuery } from './deliveryApi';

/** The product page's "Check delivery" box: a pin code in, whether the shop delivers there and takes COD out. */
export default function CheckDelivery() {
  const [pin, setPin] = useState('');
  const [check, { data, error, isFetching }] = useLazyGetDeliveryQuery();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (validPinCode(pin)) void check(pin, true);
  };
  const answer = data?.pinCode === pin ? data : undefined;
  return (
    <Form className="check-delivery mt-4" noValidate onSubmit={submit} aria-labelledby="check-delivery-title">
      <h2 id="check-delivery-title" className="product-detail__label">
        <FaTruck aria-hidden="true" className="me-2" />
        Check delivery
      </h2>
      <InputGroup>
        <Form.Control
          aria-label="Pin code"
          placeholder="Pin code"
          inputMode="numeric"
          maxLength={6}
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
        />
        <Button type="submit" variant="outline-primary" disabled={pin.length !== 6 || isFetching}>
          Check
        </Button>
      </InputGroup>
      {answer && (
        <Alert variant={!answer.serviceable ? 'danger' : answer.cod ? 'success' : 'warning'} className="mt-2 mb-0 py-2" role="status">
          {answer.message}
        </Alert>
      )}
      {error && !isFetching && (
        <Alert variant="danger" className="mt-2 mb-0 py-2">
          {errorMessage(error)}
        </Alert>
      )}
    </Form>
  );
}

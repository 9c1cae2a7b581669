import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../lib/hooks';
import { useSelector } from 'react-redux';
import AddressFields, { useAddressForm } from '../../components/AddressFields';
import CheckoutSteps from '../../components/CheckoutSteps';
import { districtsOf } from '../../lib/districts';
import { errorMessage } from '../../lib/errors';
import type { ShippingAddress } from '../../lib/address';
import { canContinue, cleanAddress, LANDMARK_PREFIX } from '../../lib/validation';
import { AddressPicker, blankAddress, formOf, sameAddress, useAddAddressMutation, useGetAddressesQuery } from '../addresses';
import { selectUserInfo } from '../auth';
import { saveShippingAddress, selectCart } from '../cart';
import PageTitle from '../../components/PageTitle';
import '../../components/checkout.css';

/**
 * The shipping step (SPEC.md §2, §5): the receiver's basic details and the address. The cart keeps
 * the address being used (SPEC.md §3); the account's address book offers saved ones, on any device,
 * and a new one typed here is saved to it when the customer leaves the box ticked.
 */
export default function ShippingScreen() {
  const saved = useSelector(selectCart).shippingAddress;
  const user = useSelector(selectUserInfo);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const { data: book = [] } = useGetAddressesQuery();
  const [addAddress, { isLoading: saving }] = useAddAddressMutation();
  const [keep, setKeep] = useState(true);

  const address = useAddressForm(() => {
    const blank = blankAddress(user);
    return {
      shippingName: saved.shippingName || blank.shippingName,
      shippingEmail: saved.shippingEmail || blank.shippingEmail,
      shippingPhoneNumber: saved.shippingPhoneNumber || blank.shippingPhoneNumber,
      address: saved.address ?? '',
      city: saved.city ?? '',
      state: saved.state && districtsOf(saved.state).length ? saved.state : '',
      district: saved.district && districtsOf(saved.state ?? '').includes(saved.district) ? saved.district : '',
      pinCode: saved.pinCode ?? '',
      landmark: saved.landmark || LANDMARK_PREFIX,
      shippingNote: saved.shippingNote ?? '',
    };
  });
  const { form, replace, offer } = address;

  // With no address in the cart yet, the book's default is the one to ship to, unless the
  // customer has started typing before the book arrived.
  const offered = useRef(false);
  const defaultAddress = book.find((a) => a.isDefault);
  useEffect(() => {
    if (offered.current || !defaultAddress) return;
    offered.current = true;
    if (!saved.address) offer(formOf(defaultAddress));
  }, [defaultAddress, saved.address, offer]);

  const isNew = !book.some((a) => sameAddress(a, form));
  // A saved address picked needs no form; it opens to be changed for this order.
  const [changing, setChanging] = useState(false);
  const showFields = isNew || changing;
  const pick = (a: ShippingAddress) => {
    replace(formOf(a));
    setChanging(false);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = address.check();
    if (problem) {
      toast.error(problem.message, { toastId: 'shipping-error' });
      formRef.current?.querySelector<HTMLElement>(`[name="${problem.field}"]`)?.focus();
      return;
    }
    const clean = cleanAddress(form);
    if (isNew && keep) {
      try {
        await addAddress({ ...clean, isDefault: false }).unwrap();
      } catch (err) {
        // The order goes on with the cart's copy; the customer is told the book did not take it.
        toast.error(errorMessage(err));
      }
    }
    dispatch(saveShippingAddress(clean));
    navigate('/payment');
  };

  return (
    <div className="checkout-page">
      <PageTitle title="Shipping" />
      <CheckoutSteps current={2} />
      <Card className="checkout-card shadow-sm">
        <Card.Body>
          <h1 className="checkout-card__title">Shipping</h1>
          {book.length > 0 && (
            <AddressPicker book={book} current={form} onPick={pick} onNew={() => replace(blankAddress(user))}>
              {!showFields && (
                <Button variant="link" className="address-picker__change" onClick={() => setChanging(true)}>
                  Change it for this order
                </Button>
              )}
            </AddressPicker>
          )}
          <Form noValidate onSubmit={submit} ref={formRef}>
            {showFields && <AddressFields address={address} />}
            {isNew && (
              <Form.Check
                id="keep-address"
                className="mb-3"
                label="Save this address to my account"
                checked={keep}
                onChange={(e) => setKeep(e.target.checked)}
              />
            )}
            <Button type="submit" variant="accent" size="lg" className="w-100" disabled={!canContinue(form) || saving}>
              Continue
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </div>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { toast } from 'react-toastify';
import AddressFields, { useAddressForm } from '../../components/AddressFields';
import type { ShippingAddress } from '../../lib/address';
import { errorMessage } from '../../lib/errors';
import { cleanAddress } from '../../lib/validation';
import { useAddAddressMutation, useUpdateAddressMutation } from './addressesApi';

interface AddressEditorProps {
  /** The address to change, or the starting values of a new one. */
  initial: ShippingAddress;
  /** The saved address's id; none for a new one. */
  id?: string;
  /** Whether the address is the default already (then it stays so). */
  isDefault: boolean;
  onDone: () => void;
}

/** Adds an address to the book or changes one: the shipping form's fields and rules, and the default mark. */
export default function AddressEditor({ initial, id, isDefault, onDone }: AddressEditorProps) {
  const address = useAddressForm(() => initial);
  const [makeDefault, setMakeDefault] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [add, adding] = useAddAddressMutation();
  const [update, updating] = useUpdateAddressMutation();
  const busy = adding.isLoading || updating.isLoading;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = address.check();
    if (problem) {
      formRef.current?.querySelector<HTMLElement>(`[name="${problem.field}"]`)?.focus();
      return;
    }
    const body = { ...cleanAddress(address.form), isDefault: isDefault || makeDefault };
    try {
      if (id) await update({ _id: id, ...body }).unwrap();
      else await add(body).unwrap();
      toast.success('Address saved');
      onDone();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <Form noValidate onSubmit={submit} ref={formRef} aria-label={id ? 'Change the address' : 'A new address'}>
      <AddressFields address={address} idPrefix="book-" />
      {!isDefault && (
        <Form.Check
          id="book-default"
          className="mb-3"
          label="Make this my default address"
          checked={makeDefault}
          onChange={(e) => setMakeDefault(e.target.checked)}
        />
      )}
      <div className="d-flex gap-2">
        <Button type="submit" variant="accent" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Save address
        </Button>
        <Button variant="outline-secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

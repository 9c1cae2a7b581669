import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import { Link } from '../../components/Link';
import type { ShippingAddress } from '../../lib/address';
import { sameAddress } from './addressBook';
import type { SavedAddress } from './addressesApi';
import SavedAddressText from './SavedAddressText';

interface AddressPickerProps {
  book: readonly SavedAddress[];
  /** The address in the form: a saved one is chosen while the form holds it unchanged. */
  current: ShippingAddress;
  onPick: (address: SavedAddress) => void;
  /** "A new address": empties the form for one. */
  onNew: () => void;
  /** More actions, beside the link to the address book. */
  children?: ReactNode;
}

/** The saved addresses at checkout: pick one to ship to, or type a new one. */
export default function AddressPicker({ book, current, onPick, onNew, children }: AddressPickerProps) {
  const chosen = book.find((a) => sameAddress(a, current));
  return (
    <fieldset className="checkout-fieldset address-picker">
      <legend>Saved Addresses</legend>
      {book.map((a) => (
        <div key={a._id} className={`address-option${chosen === a ? ' is-chosen' : ''}`}>
          <Form.Check
            type="radio"
            id={`saved-${a._id}`}
            name="saved-address"
            checked={chosen === a}
            onChange={() => onPick(a)}
            label={
              <span className="d-flex justify-content-between align-items-start gap-2 w-100">
                <SavedAddressText address={a} />
                {a.isDefault && <Badge bg="success">Default</Badge>}
              </span>
            }
          />
        </div>
      ))}
      <div className={`address-option${chosen ? '' : ' is-chosen'}`}>
        <Form.Check type="radio" id="saved-new" name="saved-address" checked={!chosen} onChange={onNew} label="A new address" />
      </div>
      <div className="address-picker__actions">
        <Link to="/addresses">Manage my addresses</Link>
        {children}
      </div>
    </fieldset>
  );
}

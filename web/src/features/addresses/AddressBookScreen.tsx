import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { FaPlus } from 'react-icons/fa';
import { Link } from '../../components/Link';
import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import PageTitle from '../../components/PageTitle';
import { errorMessage } from '../../lib/errors';
import { selectUserInfo } from '../auth';
import AddressEditor from './AddressEditor';
import { blankAddress, fieldsOf, formOf } from './addressBook';
import { useDeleteAddressMutation, useGetAddressesQuery, useUpdateAddressMutation, type SavedAddress } from './addressesApi';
import SavedAddressText from './SavedAddressText';
import '../../components/checkout.css';

/** What the editor is open on: a new address, or one of the book's. */
type Editing = { kind: 'new' } | { kind: 'saved'; address: SavedAddress } | null;

/** The address book (/addresses): the addresses kept with the account, offered at /shipping on any device. */
export default function AddressBookScreen() {
  const user = useSelector(selectUserInfo);
  const { data: book, isLoading, error } = useGetAddressesQuery();
  const [remove] = useDeleteAddressMutation();
  const [update] = useUpdateAddressMutation();
  const [editing, setEditing] = useState<Editing>(null);

  const deleteAddress = async (a: SavedAddress) => {
    if (!window.confirm('Delete this address?')) return;
    try {
      await remove(a._id).unwrap();
      toast.success('Address deleted');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const makeDefault = async (a: SavedAddress) => {
    try {
      await update({ ...fieldsOf(a), _id: a._id, isDefault: true }).unwrap();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const editor = (e: NonNullable<Editing>) => (
    <Card className="checkout-card shadow-sm mb-3">
      <Card.Body>
        <h2 className="h5 mb-3">{e.kind === 'new' ? 'A new address' : 'Change the address'}</h2>
        <AddressEditor
          key={e.kind === 'new' ? 'new' : e.address._id}
          initial={e.kind === 'new' ? blankAddress(user) : formOf(e.address)}
          id={e.kind === 'saved' ? e.address._id : undefined}
          isDefault={e.kind === 'saved' ? e.address.isDefault : !book?.length}
          onDone={() => setEditing(null)}
        />
      </Card.Body>
    </Card>
  );

  return (
    <div className="checkout-page">
      <PageTitle title="My Addresses" />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="checkout-card__title mb-0">My Addresses</h1>
        <Link to="/profile">Back to profile</Link>
      </div>
      {editing?.kind === 'new' ? (
        editor(editing)
      ) : (
        <Button variant="accent" className="mb-3" onClick={() => setEditing({ kind: 'new' })}>
          <FaPlus aria-hidden="true" className="me-2" />
          Add a new address
        </Button>
      )}
      {isLoading ? (
        <Loader />
      ) : error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : !book?.length ? (
        editing === null && <Message>You have no saved addresses yet. Addresses you save here, or at checkout, are offered at checkout on any device.</Message>
      ) : (
        <ul className="list-unstyled address-list" aria-label="Saved addresses">
          {book.map((a) =>
            editing?.kind === 'saved' && editing.address._id === a._id ? (
              <li key={a._id}>{editor(editing)}</li>
            ) : (
              <li key={a._id} className="address-card">
                <div className="d-flex justify-content-between align-items-start gap-2">
                  <SavedAddressText address={a} />
                  {a.isDefault && <Badge bg="success">Default</Badge>}
                </div>
                <div className="address-card__actions">
                  <Button size="sm" variant="outline-dark" onClick={() => setEditing({ kind: 'saved', address: a })}>
                    Edit
                  </Button>
                  <Button size="sm" variant="outline-danger" onClick={() => void deleteAddress(a)}>
                    Delete
                  </Button>
                  {!a.isDefault && (
                    <Button size="sm" variant="link" onClick={() => void makeDefault(a)}>
                      Make default
                    </Button>
                  )}
                </div>
              </li>
            ),
          )}
        </ul>
      )}
    </div>
  );
}

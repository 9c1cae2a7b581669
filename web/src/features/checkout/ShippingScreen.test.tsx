import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../lib/limits';
import { ADDRESS, seed } from '../../test/checkout';
import { holdAnswers, mockApi, renderApp, withEffectsHeld, type MockRequest, type MockServer } from '../../test/render';
import { signInAs } from '../../test/session';

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

/** A saved address of the account's book. */
const saved = (id: string, city: string, isDefault = false) => ({
  ...ADDRESS,
  _id: id,
  address: `${id} Main Road, ${city}`,
  city,
  landmark: '',
  isDefault,
});

/** The account's address book: GET answers it, POST saves to it. */
function bookServer(book: ReturnType<typeof saved>[] = []) {
  return (url: URL, req: MockRequest) => {
    if (url.pathname !== '/api/users/addresses') return undefined;
    if (req.method === 'GET') return { body: book };
    return { status: 201, body: { ...(req.body as object), _id: 'a-new' } };
  };
}

async function open(route = '/shipping', book?: ReturnType<typeof saved>[]) {
  const server = mockApi(bookServer(book));
  const app = renderApp(route);
  await screen.findByRole('heading', { name: 'Shipping' });
  return { ...app, server };
}

/** The shipping screen of a customer whose book (a default address) answers only once released. */
async function openWithBookHeld() {
  signInAs('customer');
  mockApi(bookServer([saved('a2', 'Bengaluru', true)]));
  const release = holdAnswers('GET', '/api/users/addresses');
  const app = renderApp('/shipping');
  await screen.findByRole('heading', { name: 'Shipping' });
  return { ...app, release };
}

const bookSaves = (server: MockServer) => server.requests.filter((r) => r.method === 'POST' && r.path === '/api/users/addresses');

/** Fills a valid address (the basic details come from the account). */
async function fillAddress(user: Awaited<ReturnType<typeof open>>['user']) {
  await user.type(field('Address'), '14, 2nd Cross, Indiranagar');
  await user.type(field('City'), 'Bengaluru');
  await user.type(field('Pin Code'), '560038');
  await user.selectOptions(field('State'), 'Karnataka');
  await user.selectOptions(field('District'), 'Bengaluru Urban');
}

describe('ShippingScreen', () => {
  it('sends a guest to sign in first', async () => {
    mockApi();
    const { router } = renderApp('/shipping');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fshipping');
  });

  it('fills the basic details from the account and the landmark with "Near "', async () => {
    signInAs('customer');
    await open();
    expect(field('Name').value).toBe('Chitra Customer');
    expect(field('E-mail').value).toBe('customer@example.com');
    expect(field('Mobile Number').value).toBe('9000000003');
    expect(field(/^Landmark/).value).toBe('Near ');
    expect(screen.getByRole('group', { name: 'Basic Details' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Checkout steps' })).toBeInTheDocument();
  });

  it('takes no more of each field than the server stores', async () => {
    signInAs('customer');
    await open();
    const limits: [string | RegExp, number][] = [
      ['Name', LIMITS.name],
      ['E-mail', LIMITS.email],
      ['Mobile Number', LIMITS.mobile],
      ['Address', LIMITS.address],
      ['City', LIMITS.city],
      ['Pin Code', LIMITS.pinCode],
      [/^Landmark/, LIMITS.landmark],
      [/^Note for delivery/, LIMITS.shippingNote],
    ];
    for (const [label, max] of limits) expect(field(label).maxLength, String(label)).toBe(max);
  });

  it('opens on the saved address', async () => {
    seed({ address: { ...ADDRESS, shippingName: 'Ravi', city: 'Mysuru', district: 'Mysuru' } });
    await open();
    expect(field('Name').value).toBe('Ravi');
    expect(field('City').value).toBe('Mysuru');
    expect(field('State').value).toBe('Karnataka');
    expect(field('District').value).toBe('Mysuru');
  });

  it('keeps Continue disabled until address, city, state, district and pin code are filled', async () => {
    signInAs('customer');
    const { user } = await open();
    expect(continueButton()).toBeDisabled();
    await user.type(field('Address'), '14, 2nd Cross, Indiranagar');
    await user.type(field('City'), 'Bengaluru');
    expect(continueButton()).toBeDisabled();
    await user.selectOptions(field('State'), 'Karnataka');
    expect(continueButton()).toBeDisabled();
    await user.selectOptions(field('District'), 'Bengaluru Urban');
    expect(continueButton()).toBeDisabled();
    await user.type(field('Pin Code'), '560038');
    expect(continueButton()).toBeEnabled();
    await user.clear(field('City'));
    expect(continueButton()).toBeDisabled();
  });

  it('offers the districts of the chosen state, and a new state clears the district', async () => {
    signInAs('customer');
    const { user } = await open();
    expect(field('District')).toBeDisabled();
    await user.selectOptions(field('State'), 'Goa');
    const goa = Array.from((field('District') as unknown as HTMLSelectElement).options).map((o) => o.value);
    expect(goa).toEqual(['', 'North Goa', 'South Goa']);
    await user.selectOptions(field('District'), 'South Goa');
    expect(field('District').value).toBe('South Goa');
    await user.selectOptions(field('State'), 'Kerala');
    expect(field('District').value).toBe('');
    expect(screen.queryByRole('option', { name: 'South Goa' })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Ernakulam' })).toBeInTheDocument();
  });

  it('takes digits only for mobile and pin code, cut to 10 and 6', async () => {
    signInAs('customer');
    const { user } = await open();
    await user.clear(field('Mobile Number'));
    await user.type(field('Mobile Number'), '98-765 43210 99');
    expect(field('Mobile Number').value).toBe('9876543210');
    await user.type(field('Pin Code'), '56a0 0381');
    expect(field('Pin Code').value).toBe('560038');
  });

  it('caps the landmark at 50 and the note at 150, with a counter', async () => {
    signInAs('customer');
    const { user } = await open();
    await user.type(field(/^Landmark/), 'x'.repeat(60));
    expect(field(/^Landmark/).value).toHaveLength(50);
    expect(screen.getByText('150 characters left')).toBeInTheDocument();
    await user.type(field(/^Note/), 'Ring twice');
    expect(screen.getByText('140 characters left')).toBeInTheDocument();
  });

  it.each([
    ['Address', '12 MG Rd', 'Address must be at least 10 characters'],
    ['City', 'Goa', 'City must be at least 4 characters'],
    ['Pin Code', '5600', 'Pin code must be 6 digits'],
  ])('refuses a short %s: %s', async (label, value, message) => {
    signInAs('customer');
    const { user, router } = await open();
    await fillAddress(user);
    await user.clear(field(label));
    await user.type(field(label), value);
    await user.click(continueButton());
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field(label)).toHaveFocus();
    expect(router.state.location.pathname).toBe('/shipping');
  });

  it('points a short mobile number and a bad e-mail at Basic Details', async () => {
    signInAs('customer');
    const { user, router } = await open();
    await fillAddress(user);
    await user.clear(field('Mobile Number'));
    await user.type(field('Mobile Number'), '98765');
    await user.clear(field('E-mail'));
    await user.type(field('E-mail'), 'chitra@example');
    await user.click(continueButton());
    expect(await screen.findAllByText('Please enter a valid email address in Basic Details')).not.toHaveLength(0);
    expect(screen.getByText(/re-check the mobile number in Basic Details/)).toBeInTheDocument();
    expect(field('E-mail')).toHaveFocus();
    expect(router.state.location.pathname).toBe('/shipping');
  });

  it('saves the address to the cart and goes on to payment', async () => {
    signInAs('customer');
    const { user, router, store } = await open();
    await fillAddress(user);
    await user.clear(field(/^Landmark/));
    await user.type(field(/^Landmark/), 'Near the metro station');
    await user.click(continueButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const expected = { ...ADDRESS };
    expect(store.getState().cart.shippingAddress).toEqual(expected);
    expect(JSON.parse(localStorage.getItem('cart')!).shippingAddress).toEqual(expected);
  });

  it('fills the state and suggests the district from a typed pin code', async () => {
    signInAs('customer');
    const { user } = await open();
    await user.type(field('Pin Code'), '122001');
    await waitFor(() => expect(field('State').value).toBe('Haryana'));
    expect(field('District').value).toBe('Gurugram');
    expect(screen.getByText('Gurugram, Haryana')).toBeInTheDocument();
    // The suggestion is only that: another district may be chosen.
    await user.selectOptions(field('District'), 'Faridabad');
    expect(field('District').value).toBe('Faridabad');
    await user.clear(field('Pin Code'));
    await user.type(field('Pin Code'), '999999');
    expect(await screen.findByText(/Not in India Post’s list/)).toBeInTheDocument();
    expect(field('State').value).toBe('Haryana');
  });

  it('opens on the default saved address, and offers the others and a new one', async () => {
    signInAs('customer');
    const { user } = await open('/shipping', [saved('a1', 'Mysuru'), saved('a2', 'Bengaluru', true)]);
    const choices = await screen.findByRole('group', { name: 'Saved Addresses' });
    expect(within(choices).getAllByRole('radio')).toHaveLength(3);
    await waitFor(() => expect(screen.getByRole('radio', { name: /a2 Main Road/ })).toBeChecked());
    // A saved address needs no form, but opens to be changed for this order.
    expect(screen.queryByLabelText('City')).not.toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Change it for this order' }));
    expect(field('City').value).toBe('Bengaluru');
    expect(screen.queryByLabelText('Save this address to my account')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /a1 Main Road/ }));
    expect(screen.queryByLabelText('City')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change it for this order' }));
    expect(field('Address').value).toBe('a1 Main Road, Mysuru');

    await user.click(screen.getByRole('radio', { name: 'A new address' }));
    expect(field('Address').value).toBe('');
    expect(field('Name').value).toBe('Chitra Customer');
    expect(screen.getByLabelText('Save this address to my account')).toBeChecked();
  });

  it('keeps what the customer typed over the default address that arrives after', async () => {
    const { user, release } = await openWithBookHeld();
    await user.type(field('City'), 'Hubballi');
    release();
    await screen.findByRole('radio', { name: /a2 Main Road/ });
    expect(field('City').value).toBe('Hubballi');
    expect(screen.getByRole('radio', { name: 'A new address' })).toBeChecked();
  });

  it('keeps a key typed after the address book came, before the default address was offered', async () => {
    const { release } = await openWithBookHeld();
    await withEffectsHeld(async () => {
      release();
      await screen.findByRole('radio', { name: /a2 Main Road/ });
      fireEvent.input(field('City'), { target: { value: 'Hubballi' } });
    });
    expect(field('City').value).toBe('Hubballi');
    expect(screen.getByRole('radio', { name: 'A new address' })).toBeChecked();
  });

  it('keeps the cart’s address over the default one', async () => {
    seed({ address: { ...ADDRESS, city: 'Hubballi', district: 'Dharwad' } });
    await open('/shipping', [saved('a2', 'Bengaluru', true)]);
    await screen.findByRole('radio', { name: /a2 Main Road/ });
    expect(field('City').value).toBe('Hubballi');
    expect(screen.getByRole('radio', { name: 'A new address' })).toBeChecked();
  });

  it('saves a new address to the account', async () => {
    signInAs('customer');
    const { user, router, server } = await open();
    await fillAddress(user);
    await user.click(continueButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(bookSaves(server).map((r) => r.body)).toEqual([{ ...ADDRESS, landmark: '', isDefault: false }]);
  });

  it('does not save a new address when the box is unticked', async () => {
    signInAs('customer');
    const { user, router, server } = await open();
    await fillAddress(user);
    await user.click(screen.getByLabelText('Save this address to my account'));
    await user.click(continueButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(bookSaves(server)).toHaveLength(0);
  });

  it('ships to an address picked from the account without saving it again', async () => {
    signInAs('customer');
    const { user, router, server, store } = await open('/shipping', [saved('a2', 'Bengaluru', true)]);
    await waitFor(() => expect(screen.getByRole('radio', { name: /a2 Main Road/ })).toBeChecked());
    await user.click(continueButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(bookSaves(server)).toHaveLength(0);
    expect(store.getState().cart.shippingAddress.address).toBe('a2 Main Road, Bengaluru');
  });

  it('says as you type that a pin code is not in the chosen state, as the server would', async () => {
    signInAs('customer');
    const { user } = await open();
    await user.type(field('Pin Code'), '560038');
    await waitFor(() => expect(field('State').value).toBe('Karnataka'));
    expect(screen.queryByTestId('pin-state-problem')).not.toBeInTheDocument();
    await user.selectOptions(field('State'), 'Maharashtra');
    expect(await screen.findByTestId('pin-state-problem')).toHaveTextContent('Pin code 560038 is not in Maharashtra');
    await user.selectOptions(field('State'), 'Karnataka');
    await waitFor(() => expect(screen.queryByTestId('pin-state-problem')).not.toBeInTheDocument());
  });
});

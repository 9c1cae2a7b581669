import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';

const product = makeProduct({ _id: 'p1' });
const answers: Record<string, object> = {
  '560038': { serviceable: true, cod: true, message: 'Delivery available to 560038, with cash on delivery.' },
  '744101': { serviceable: true, cod: false, message: 'Delivery available to 744101. Cash on delivery is not available there: please pay online.' },
};

describe('CheckDelivery', () => {
  it('asks the server about a complete pin code and shows its answer on the product page', async () => {
    const server = mockApi((url) => {
      if (url.pathname === '/api/products/p1') return { body: product };
      const pin = url.pathname.match(/^\/api\/delivery\/(\d+)$/)?.[1];
      return pin ? { body: { pinCode: pin, state: 'Karnataka', ...answers[pin] } } : undefined;
    });
    const { user } = renderApp('/product/p1');
    const box = await screen.findByRole('form', { name: 'Check delivery' });
    const check = within(box).getByRole('button', { name: 'Check' });
    await user.type(within(box).getByLabelText('Pin code'), '56a003');
    expect(within(box).getByLabelText('Pin code')).toHaveValue('56003');
    expect(check).toBeDisabled();
    await user.type(within(box).getByLabelText('Pin code'), '8');
    await user.click(check);
    expect(await within(box).findByRole('status')).toHaveTextContent('Delivery available to 560038, with cash on delivery.');
    await user.clear(within(box).getByLabelText('Pin code'));
    await user.type(within(box).getByLabelText('Pin code'), '744101');
    expect(within(box).queryByRole('status')).not.toBeInTheDocument();
    await user.click(check);
    expect(await within(box).findByRole('status')).toHaveTextContent('Cash on delivery is not available there');
    expect(server.requests.filter((r) => r.path.startsWith('/api/delivery/')).map((r) => r.path)).toEqual([
      '/api/delivery/560038',
      '/api/delivery/744101',
    ]);
  });
});

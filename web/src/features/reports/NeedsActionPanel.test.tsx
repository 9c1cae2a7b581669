import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import NeedsActionPanel from './NeedsActionPanel';

describe('NeedsActionPanel', () => {
  it('shows each count with a link to where it is dealt with, a kind it does not know yet too', () => {
    render(
      <MemoryRouter>
        <NeedsActionPanel
          items={[
            { key: 'toShip', count: 12345 },
            { key: 'lowStock', count: 0 },
            { key: 'refundFailed', count: 1 },
            { key: 'somethingNew', count: 2 },
          ]}
        />
      </MemoryRouter>,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Orders to ship12,345', 'Sizes low on stock0', 'Refunds failed1', 'somethingNew2']);
    expect(screen.getByRole('link', { name: 'Orders to ship' })).toHaveAttribute('href', '/admin/orderlist?status=toShip');
    expect(screen.getByRole('link', { name: 'Sizes low on stock' })).toHaveAttribute('href', '/admin/productlist');
    expect(screen.getByRole('link', { name: 'Refunds failed' })).toHaveAttribute('href', '/admin/orderlist?status=refundFailed');
  });
});

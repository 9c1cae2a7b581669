import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import CheckoutSteps from './CheckoutSteps';

function renderSteps(current: 1 | 2 | 3 | 4) {
  const router = createMemoryRouter([{ path: '*', element: <CheckoutSteps current={current} /> }]);
  render(<RouterProvider router={router} />);
}

describe('CheckoutSteps', () => {
  it('shows the four steps in order', () => {
    renderSteps(1);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['1Sign In', '2Shipping', '3Payment', '4Place Order']);
  });

  it('links the done steps, marks the current one and leaves the later ones plain', () => {
    renderSteps(3);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?redirect=/shipping');
    expect(screen.getByRole('link', { name: 'Shipping' })).toHaveAttribute('href', '/shipping');
    expect(screen.queryByRole('link', { name: 'Payment' })).not.toBeInTheDocument();
    expect(screen.getByText('Payment')).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByRole('link', { name: 'Place Order' })).not.toBeInTheDocument();
    expect(screen.getByText('Place Order')).toHaveAttribute('aria-disabled', 'true');
  });

  it('on the last step every earlier step is a link', () => {
    renderSteps(4);
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Sign In', 'Shipping', 'Payment']);
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { CARRIED_TO_NEXT_SCREEN } from '../lib/toast';
import { mockApi, renderApp } from '../test/render';

/**
 * Whether a toast is up: a dismissed toast plays its exit animation, which jsdom never ends, so it
 * stays in the document with an exit class.
 */
function shown(text: string) {
  const el = screen.queryByText(text)?.closest('.Toastify__toast');
  return el != null && !/-exit/.test(el.className);
}

describe('Layout', () => {
  it('has a header, a main area, a footer and a top-right light toast container', async () => {
    mockApi();
    renderApp('/nowhere');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();

    act(() => {
      toast.success('Saved!');
    });
    const message = await screen.findByText('Saved!');
    const toastEl = message.closest('.Toastify__toast');
    expect(toastEl).toHaveClass('Toastify__toast-theme--light');
    expect(toastEl?.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-right');
    // autoClose 5000 ms: the progress bar runs for that long
    expect(toastEl?.querySelector('.Toastify__progress-bar')).toHaveStyle({ animationDuration: '5000ms' });
  });

  it('puts what loads once the page is idle after the main area, but the offline strip', async () => {
    mockApi();
    renderApp('/nowhere');
    await screen.findByRole('contentinfo');
    await waitFor(() => expect(document.querySelector('.app-bars')).not.toBeNull());
    // A node put before the main area once the page is drawn makes the browser lay it all out again.
    const main = screen.getByRole('main');
    for (const later of [document.querySelector('.app-bars')!, screen.getByRole('contentinfo')]) {
      expect(main.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('shows at most 3 toasts at once', async () => {
    mockApi();
    renderApp('/nowhere');
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) toast.info(`Note ${n}`);
    });
    await screen.findByText('Note 3');
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(3);
    expect(screen.queryByText('Note 4')).not.toBeInTheDocument();
  });

  it('clears the errors of a screen when the customer leaves it, and keeps the rest', async () => {
    mockApi();
    const { router } = renderApp('/nowhere');
    act(() => {
      toast.error('Error: payment declined');
      toast.info('Payment not completed.');
    });
    await screen.findByText('Error: payment declined');
    await act(() => router.navigate('/elsewhere'));
    await waitFor(() => expect(shown('Error: payment declined')).toBe(false));
    expect(shown('Payment not completed.')).toBe(true);
  });

  it('carries an error raised as its screen moves on to the next screen, and only that far', async () => {
    mockApi();
    const { router } = renderApp('/nowhere');
    act(() => {
      toast.error('Error: payment declined', CARRIED_TO_NEXT_SCREEN);
    });
    await screen.findByText('Error: payment declined');
    await act(() => router.navigate('/cart'));
    // The cart's code loads lazily, and the navigation is done when its screen shows: a navigation
    // started before then would replace this one, and the error would never have reached /cart.
    await screen.findByRole('heading', { name: 'Shopping Cart' });
    expect(shown('Error: payment declined')).toBe(true);
    await act(() => router.navigate('/'));
    await waitFor(() => expect(shown('Error: payment declined')).toBe(false));
  });

  it('takes down the errors before a success', async () => {
    mockApi();
    renderApp('/nowhere');
    act(() => {
      toast.error('Error: payment declined');
    });
    await screen.findByText('Error: payment declined');
    act(() => {
      toast.success('Payment Successful!');
    });
    await screen.findByText('Payment Successful!');
    await waitFor(() => expect(shown('Error: payment declined')).toBe(false));
  });
});

import { act, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../test/render';

describe('Layout', () => {
  it('has a header, a main area, a footer and a top-right light toast container', async () => {
    mockApi();
    renderApp('/nowhere');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

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
});

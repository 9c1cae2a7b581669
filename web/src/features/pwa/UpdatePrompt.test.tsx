import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import UpdatePrompt from './UpdatePrompt';

const sw = vi.hoisted(() => ({ needRefresh: false, reload: vi.fn(), dismiss: vi.fn() }));
vi.mock('./useServiceWorker', () => ({ useServiceWorker: () => sw }));

describe('UpdatePrompt', () => {
  beforeEach(() => {
    sw.needRefresh = false;
    sw.reload = vi.fn();
    sw.dismiss = vi.fn();
  });

  it('shows nothing while the running version is the newest', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).not.toBeInTheDocument();
  });

  it('says a new version is available, and Reload switches to it', async () => {
    sw.needRefresh = true;
    const user = userEvent.setup();
    render(<UpdatePrompt />);
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available.');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(sw.reload).toHaveBeenCalledTimes(1);
  });

  it('can be put off until the next visit', async () => {
    sw.needRefresh = true;
    const user = userEvent.setup();
    render(<UpdatePrompt />);
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(sw.dismiss).toHaveBeenCalledTimes(1);
    expect(sw.reload).not.toHaveBeenCalled();
  });
});

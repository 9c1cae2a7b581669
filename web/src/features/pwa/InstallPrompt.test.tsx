import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import InstallPrompt from './InstallPrompt';
import {
  INSTALL_SNOOZE_KEY,
  INSTALL_SNOOZE_MS,
  isInstallSnoozed,
  listenForInstallPrompt,
  resetInstallPrompt,
  type BeforeInstallPromptEvent,
} from './installPrompt';

/** What Chromium fires when the app can be installed. */
function fireInstallOffer(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

describe('InstallPrompt', () => {
  beforeEach(() => {
    resetInstallPrompt();
    listenForInstallPrompt();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing until the browser offers to install', () => {
    render(<InstallPrompt />);
    expect(screen.queryByTestId('install-prompt')).not.toBeInTheDocument();
  });

  it('offers Install Now and Maybe Later, keeping the browser from showing its own bar', () => {
    render(<InstallPrompt appName="Haat" />);
    const { event } = fireInstallOffer();
    expect(event.defaultPrevented).toBe(true);
    const bar = screen.getByRole('region', { name: 'Install the app' });
    expect(bar).toHaveTextContent('Install Haat');
    expect(screen.getByRole('button', { name: 'Install Now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Maybe Later' })).toBeInTheDocument();
  });

  it("Install Now opens the browser's install dialog and then hides the bar", async () => {
    const user = userEvent.setup();
    render(<InstallPrompt />);
    const { prompt } = fireInstallOffer('accepted');
    await user.click(screen.getByRole('button', { name: 'Install Now' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('install-prompt')).not.toBeInTheDocument();
  });

  it('Maybe Later hides the offer for 7 days, and it comes back after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2025-03-01T10:00:00+05:30').getTime();
    vi.setSystemTime(start);
    const user = userEvent.setup();
    const { unmount } = render(<InstallPrompt />);
    fireInstallOffer();
    await user.click(screen.getByRole('button', { name: 'Maybe Later' }));
    expect(screen.queryByTestId('install-prompt')).not.toBeInTheDocument();
    expect(Number(localStorage.getItem(INSTALL_SNOOZE_KEY))).toBe(start);
    unmount();

    // Six days later, on another visit: still hidden although the browser offers again.
    vi.setSystemTime(start + 6 * 24 * 60 * 60 * 1000);
    expect(isInstallSnoozed()).toBe(true);
    const second = render(<InstallPrompt />);
    fireInstallOffer();
    expect(screen.queryByTestId('install-prompt')).not.toBeInTheDocument();
    second.unmount();

    // After seven days it shows again.
    vi.setSystemTime(start + INSTALL_SNOOZE_MS + 1000);
    expect(isInstallSnoozed()).toBe(false);
    render(<InstallPrompt />);
    fireInstallOffer();
    expect(screen.getByTestId('install-prompt')).toBeInTheDocument();
  });

  it('hides once the app is installed', () => {
    render(<InstallPrompt />);
    fireInstallOffer();
    expect(screen.getByTestId('install-prompt')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByTestId('install-prompt')).not.toBeInTheDocument();
  });
});

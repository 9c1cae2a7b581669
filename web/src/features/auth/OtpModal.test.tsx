import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OtpModal from './OtpModal';

function setup(onVerify = vi.fn(async (_code: string): Promise<string | null> => null)) {
  const user = userEvent.setup();
  render(<OtpModal show email="asha@example.com" onVerify={onVerify} onHide={() => {}} />);
  const boxes = screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ }) as HTMLInputElement[];
  return { user, boxes, onVerify };
}

const values = (boxes: HTMLInputElement[]) => boxes.map((b) => b.value).join('');

describe('OtpModal', () => {
  it('shows six one-digit boxes and focuses the first', async () => {
    const { boxes } = setup();
    expect(boxes).toHaveLength(6);
    expect(screen.getByRole('dialog')).toHaveTextContent('asha@example.com');
    await waitFor(() => expect(boxes[0]).toHaveFocus());
  });

  it('moves to the next box with each digit, ignores other keys, and sends the complete code once', async () => {
    const { user, boxes, onVerify } = setup();
    await user.click(boxes[0]);
    await user.keyboard('12a3');
    expect(values(boxes)).toBe('123');
    expect(boxes[3]).toHaveFocus();
    expect(onVerify).not.toHaveBeenCalled();
    await user.keyboard('456');
    expect(values(boxes)).toBe('123456');
    expect(onVerify).toHaveBeenCalledTimes(1);
    expect(onVerify).toHaveBeenCalledWith('123456');
  });

  it('goes back a box with Backspace on an empty box, clearing it', async () => {
    const { user, boxes } = setup();
    await user.click(boxes[0]);
    await user.keyboard('123');
    expect(boxes[3]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes[2]).toHaveFocus();
    expect(values(boxes)).toBe('12');
    await user.keyboard('{Backspace}');
    expect(boxes[1]).toHaveFocus();
    expect(values(boxes)).toBe('1');
    await user.keyboard('9');
    expect(values(boxes)).toBe('19');
    expect(boxes[2]).toHaveFocus();
  });

  it('fills every box from a pasted code and sends it', async () => {
    const { user, boxes, onVerify } = setup();
    await user.click(boxes[0]);
    await user.paste('Your code: 654 321');
    expect(boxes.map((b) => b.value)).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(onVerify).toHaveBeenCalledWith('654321');
  });

  it('fills a whole code pasted into a later box too', async () => {
    const { user, boxes, onVerify } = setup();
    await user.click(boxes[3]);
    await user.paste('987654');
    expect(values(boxes)).toBe('987654');
    expect(onVerify).toHaveBeenCalledWith('987654');
  });

  it('asks for a valid 6-digit code when Verify is pressed with fewer digits', async () => {
    const { user, boxes, onVerify } = setup();
    await user.click(boxes[0]);
    await user.keyboard('12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid 6-digit OTP');
    expect(onVerify).not.toHaveBeenCalled();
  });

  it('shows why a code was refused and empties the boxes for another try', async () => {
    const onVerify = vi.fn(async () => 'OTP verification failed');
    const { user, boxes } = setup(onVerify);
    await user.click(boxes[0]);
    await user.paste('111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('OTP verification failed');
    expect(values(boxes)).toBe('');
    await waitFor(() => expect(boxes[0]).toHaveFocus());
  });
});

describe('OtpModal inside another form', () => {
  // The dialog is portalled out of the page's DOM but not out of its React tree, where a submit
  // bubbles on to the page's form: the register form behind it said 'Please fill all the fields'.
  it('submits only itself, never the form it is rendered in', async () => {
    const user = userEvent.setup();
    const pageSubmit = vi.fn((e: React.FormEvent) => e.preventDefault());
    const onVerify = vi.fn(async (_code: string): Promise<string | null> => 'OTP verification failed');
    render(
      <form onSubmit={pageSubmit}>
        <OtpModal show email="asha@example.com" onVerify={onVerify} onHide={() => {}} />
      </form>,
    );
    const boxes = screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ });
    await user.click(boxes[0]);
    await user.keyboard('12{Enter}');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.paste('123456');
    await waitFor(() => expect(onVerify).toHaveBeenCalledWith('123456'));
    expect(pageSubmit).not.toHaveBeenCalled();
  });
});

describe('OtpModal resend', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down the wait before a new code may be sent, then offers it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onResend = vi.fn(async () => ({ ok: true, message: 'OTP sent to asha@example.com' }));
    render(<OtpModal show email="asha@example.com" onVerify={async () => null} onResend={onResend} onHide={() => {}} />);
    expect(screen.getByRole('button', { name: 'Send a new code in 60 s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(18_000));
    expect(screen.getByRole('button', { name: 'Send a new code in 42 s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(42_000));
    const resend = screen.getByRole('button', { name: 'Send a new code' });
    expect(resend).toBeEnabled();
    await user.click(resend);
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('status')).toHaveTextContent('OTP sent to asha@example.com');
    // A new code starts a new wait.
    expect(screen.getByRole('button', { name: 'Send a new code in 60 s' })).toBeDisabled();
  });
});

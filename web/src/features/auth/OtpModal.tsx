import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { OTP_LENGTH, OTP_RESEND_WAIT_S, otpProblem } from '../../lib/validation';
import '../../components/accounts.css';

export interface OtpModalProps {
  show: boolean;
  /** The address the code went to. */
  email: string;
  title?: string;
  /** What the dialog says above the boxes; by default, that a code went to the address. */
  help?: ReactNode;
  /** Checks a complete code: resolves to null when it was right, or the message to show. */
  onVerify: (code: string) => Promise<string | null>;
  /** Mails a new code: resolves to the message to show and whether it went. */
  onResend?: () => Promise<{ ok: boolean; message: string }>;
  onHide: () => void;
}

const empty = () => Array<string>(OTP_LENGTH).fill('');

/**
 * Seconds left until a new code may be asked for: the server refuses one within OTP_RESEND_WAIT_S of
 * the last, so the dialog, opened as a code goes out, counts that wait down. restart() starts it again.
 */
function useResendWait(show: boolean) {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const restart = () => {
    const t = Date.now();
    setNow(t);
    setUntil(t + OTP_RESEND_WAIT_S * 1000);
  };
  useEffect(() => {
    if (show) restart();
  }, [show]);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  // One timer for the whole wait, not one per second.
  const waiting = left > 0;
  useEffect(() => {
    if (!waiting) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [waiting]);
  return { left, restart };
}

/**
 * The one-time code dialog (SPEC.md §5, OTP): six boxes of one digit each. Typing a digit moves to
 * the next box, Backspace on an empty box goes back, pasting a whole code fills every box, and a
 * complete code is sent at once. Used by sign-up, the profile, password reset and signing in by code.
 */
export default function OtpModal({ show, email, title = 'Verify your email', help, onVerify, onResend, onHide }: OtpModalProps) {
  const [digits, setDigits] = useState<string[]>(empty);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [resending, setResending] = useState(false);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const busy = useRef(false);
  const wait = useResendWait(show);

  useEffect(() => {
    if (show) {
      setDigits(empty());
      setError(null);
      setNote(null);
    }
  }, [show]);

  const focusBox = (i: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))];
    box?.focus();
    box?.select();
  };

  const submit = async (code: string) => {
    if (busy.current) return;
    const invalid = otpProblem(code);
    if (invalid) {
      setError(invalid);
      focusBox(digits.findIndex((d) => d === ''));
      return;
    }
    busy.current = true;
    setChecking(true);
    setError(null);
    setNote(null);
    try {
      const problem = await onVerify(code);
      if (problem) {
        setError(problem);
        setDigits(empty());
        focusBox(0);
      }
    } finally {
      busy.current = false;
      setChecking(false);
    }
  };

  /** Puts typed or pasted digits into the boxes from box i on; sends the code once complete. */
  const fillFrom = (i: number, typed: string) => {
    const next = [...digits];
    const incoming = typed.replace(/\D/g, '');
    if (incoming.length >= OTP_LENGTH) {
      // A whole code (pasted, or filled in by the phone) replaces every box.
      incoming.slice(0, OTP_LENGTH).split('').forEach((d, k) => (next[k] = d));
    } else {
      incoming.split('').forEach((d, k) => {
        if (i + k < OTP_LENGTH) next[i + k] = d;
      });
    }
    setDigits(next);
    if (error) setError(null);
    const complete = next.every((d) => d !== '');
    if (complete) {
      focusBox(OTP_LENGTH - 1);
      void submit(next.join(''));
    } else if (incoming.length > 0) {
      focusBox(incoming.length >= OTP_LENGTH ? OTP_LENGTH - 1 : i + incoming.length);
    }
  };

  const onChange = (i: number, value: string) => {
    if (value === '') {
      const next = [...digits];
      next[i] = '';
      setDigits(next);
      return;
    }
    // A box holds one digit: when it already had one, the new one is what differs from it.
    const typed = value.replace(/\D/g, '');
    if (typed === '') return;
    const fresh = typed.length === 2 && digits[i] !== '' && typed.includes(digits[i]) ? typed.replace(digits[i], '') : typed;
    fillFrom(i, fresh || typed.slice(-1));
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && digits[i] === '' && i > 0) {
      e.preventDefault();
      const next = [...digits];
      next[i - 1] = '';
      setDigits(next);
      focusBox(i - 1);
    } else if (e.key === 'ArrowLeft' && i > 0) {
      e.preventDefault();
      focusBox(i - 1);
    } else if (e.key === 'ArrowRight' && i < OTP_LENGTH - 1) {
      e.preventDefault();
      focusBox(i + 1);
    }
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    fillFrom(i, e.clipboardData.getData('text'));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // The dialog is portalled out of the page's DOM, not out of its React tree, where a submit
    // bubbles on: it would submit the form the dialog is rendered in (the register form).
    e.stopPropagation();
    void submit(digits.join(''));
  };

  const resend = async () => {
    if (!onResend) return;
    setResending(true);
    setError(null);
    setNote(null);
    try {
      const res = await onResend();
      if (res.ok) {
        setNote(res.message);
        setDigits(empty());
        wait.restart();
        focusBox(0);
      } else {
        setError(res.message);
      }
    } finally {
      setResending(false);
    }
  };

  return (
    <Modal show={show} onHide={onHide} onEntered={() => focusBox(0)} centered aria-labelledby="otp-modal-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id="otp-modal-title" as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p id="otp-modal-help">
            {help ?? (
              <>
                Enter the 6-digit code we sent to <strong className="text-break">{email}</strong>.
              </>
            )}
          </p>
          <fieldset className="otp-boxes" aria-describedby="otp-modal-help">
            <legend className="visually-hidden">One-time code</legend>
            {digits.map((digit, i) => (
              <input
                key={i}
                ref={(el) => {
                  boxes.current[i] = el;
                }}
                className="form-control otp-box"
                type="text"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete={i === 0 ? 'one-time-code' : 'off'}
                aria-label={`Digit ${i + 1} of ${OTP_LENGTH}`}
                aria-invalid={error ? true : undefined}
                value={digit}
                readOnly={checking}
                onFocus={(e) => e.target.select()}
                onChange={(e) => onChange(i, e.target.value)}
                onKeyDown={(e) => onKeyDown(i, e)}
                onPaste={(e) => onPaste(i, e)}
              />
            ))}
          </fieldset>
          {error && (
            <p className="text-danger small mt-3 mb-0" role="alert">
              {error}
            </p>
          )}
          {note && (
            <p className="text-success small mt-3 mb-0" role="status">
              {note}
            </p>
          )}
        </Modal.Body>
        <Modal.Footer className="justify-content-between">
          {onResend ? (
            <Button
              variant="link"
              className="px-0 otp-resend"
              onClick={resend}
              disabled={resending || checking || wait.left > 0}
            >
              {resending ? 'Sending...' : wait.left > 0 ? `Send a new code in ${wait.left} s` : 'Send a new code'}
            </Button>
          ) : (
            <span />
          )}
          <div className="d-flex gap-2">
            <Button variant="outline-secondary" onClick={onHide}>
              Cancel
            </Button>
            <Button type="submit" variant="accent" disabled={checking}>
              {checking && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              Verify
            </Button>
          </div>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

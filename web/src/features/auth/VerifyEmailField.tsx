import { useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { FaCheckCircle } from 'react-icons/fa';
import { toast } from 'react-toastify';
import { LIMITS } from '../../lib/limits';
import { canVerifyEmail, MESSAGES } from '../../lib/validation';
import { AUTH_MESSAGES } from './accountRules';
import OtpModal from './OtpModal';
import { useOtp } from './useOtp';

interface VerifyEmailFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** A verified address is locked and marked. */
  verified: boolean;
  onVerified: () => void;
  /** False keeps Verify disabled whatever the address (the hint says why). */
  verifiable?: boolean;
  /** Shown under the field instead of the usual hint. */
  hint?: ReactNode;
  label?: string;
}

/**
 * An e-mail field with a Verify button (SPEC.md §4, e-mail verification): not verified, then a
 * code is mailed and typed into the OTP dialog, then verified and locked.
 */
export default function VerifyEmailField({
  id,
  value,
  onChange,
  verified,
  onVerified,
  verifiable = true,
  hint,
  label = 'Email Address',
}: VerifyEmailFieldProps) {
  const { send, sendWithToast, verify, sending } = useOtp('register');
  const [dialogFor, setDialogFor] = useState<string | null>(null);

  const start = async () => {
    if (await sendWithToast(value)) setDialogFor(value.trim());
  };

  const check = async (code: string) => {
    if (!dialogFor) return AUTH_MESSAGES.otpFailed;
    const res = await verify(dialogFor, code);
    if (!res.ok) return res.message;
    setDialogFor(null);
    toast.success(res.message || AUTH_MESSAGES.emailVerified);
    onVerified();
    return null;
  };

  const hintId = `${id}-hint`;
  const defaultHint = verified
    ? 'Your email address is verified.'
    : !value.trim()
      ? MESSAGES.emailToVerify
      : canVerifyEmail(value)
        ? 'Press Verify to get a one-time code by email.'
        : 'Enter an email address with an @ and a dot.';

  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup>
        <Form.Control
          type="email"
          autoComplete="email"
          placeholder="Enter email"
          maxLength={LIMITS.email}
          value={value}
          readOnly={verified}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.value)}
        />
        {verified ? (
          <InputGroup.Text className="verified-mark bg-success-subtle" title="Verified">
            <FaCheckCircle aria-hidden="true" className="me-1" />
            Verified
          </InputGroup.Text>
        ) : (
          <Button
            variant="outline-dark"
            onClick={start}
            disabled={!verifiable || !canVerifyEmail(value) || sending || dialogFor !== null}
          >
            {sending && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
            Verify
          </Button>
        )}
      </InputGroup>
      <Form.Text id={hintId} className={verified ? 'verified-mark' : 'text-body-secondary'}>
        {hint ?? defaultHint}
      </Form.Text>
      <OtpModal
        show={dialogFor !== null}
        email={dialogFor ?? ''}
        onVerify={check}
        onResend={() => send(dialogFor ?? '')}
        onHide={() => setDialogFor(null)}
      />
    </Form.Group>
  );
}

/** The mark of a verified address where it cannot be edited. */
export function VerifiedBadge() {
  return (
    <Badge bg="success" className="ms-2 align-middle">
      <FaCheckCircle aria-hidden="true" className="me-1" />
      Verified
    </Badge>
  );
}

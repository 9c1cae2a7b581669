import { useState, type FormEvent } from 'react';
import { Link } from '../../components/Link';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { toast } from 'react-toastify';
import { api } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import Message from '../../components/Message';
import PageTitle from '../../components/PageTitle';
import { LIMITS } from '../../lib/limits';
import { confirmHint, otpEmailProblem, passwordLongHint, validateNewPassword } from '../../lib/validation';
import { AUTH_MESSAGES } from './accountRules';
import { clearCredentials } from './authSlice';
import OtpModal from './OtpModal';
import TwoWays from './TwoWays';
import { useOtp } from './useOtp';
import '../../components/accounts.css';

/**
 * Password reset (SPEC.md §2, /forgot): a code to the address, then either the password the customer
 * chooses here is set (the default: it never travels by e-mail, and need not be changed again) or,
 * as SPEC.md's flow has it, the server mails a new one.
 */
export default function ForgotPasswordScreen() {
  const dispatch = useAppDispatch();
  const { send, sendWithToast, verify, sending } = useOtp('resetPassword');
  const [mailed, setMailed] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  /** The address and the password chosen, while the code dialog is open. */
  const [dialogFor, setDialogFor] = useState<{ email: string; password: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = mailed ? null : (otpEmailProblem(email) ?? validateNewPassword(password, confirmPassword));
    if (problem) {
      toast.error(problem);
      return;
    }
    if (await sendWithToast(email)) setDialogFor({ email: email.trim(), password: mailed ? '' : password });
  };

  const check = async (code: string) => {
    if (!dialogFor) return AUTH_MESSAGES.otpFailed;
    const res = await verify(dialogFor.email, code, dialogFor.password);
    if (!res.ok) return res.message;
    const message = res.message || (dialogFor.password ? AUTH_MESSAGES.passwordChosen : AUTH_MESSAGES.passwordReset);
    setDialogFor(null);
    setDone(message);
    // The server signed this account out everywhere.
    dispatch(clearCredentials());
    dispatch(api.util.resetApiState());
    toast.success(message);
    return null;
  };

  const mismatch = confirmHint(password, confirmPassword);
  const tooLong = passwordLongHint(password);

  return (
    <Card className="auth-card shadow-sm">
      <PageTitle title="Forgot Password" />
      <Card.Body>
        <h1 className="auth-card__title">Forgot Password</h1>
        {done ? (
          <>
            <Message variant="success">{done}</Message>
            <Link to="/login" className="btn btn-accent w-100">
              Go to Sign In
            </Link>
          </>
        ) : (
          <>
            <TwoWays label="Reset by" ways={['Choose a password', 'Mail me one']} second={mailed} onChange={setMailed} />
            <Form noValidate onSubmit={submit}>
              <p className="text-body-secondary">
                {mailed
                  ? 'Enter the email address of your account. We will send you a one-time code, and after that a new password.'
                  : 'Enter the email address of your account and the new password you want. We will send you a one-time code to confirm it is you.'}
              </p>
              <Form.Group className="mb-3" controlId="email">
                <Form.Label>Email Address</Form.Label>
                <Form.Control
                  type="email"
                  autoComplete="email"
                  placeholder="Enter email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </Form.Group>
              {!mailed && (
                <>
                  <Form.Group className="mb-3" controlId="newPassword">
                    <Form.Label>New Password</Form.Label>
                    <Form.Control
                      type="password"
                      autoComplete="new-password"
                      placeholder={`${LIMITS.passwordMin} to ${LIMITS.password} characters`}
                      value={password}
                      isInvalid={tooLong !== null}
                      onChange={(e) => setPassword(e.target.value)}
                    />
                    {tooLong && <Form.Control.Feedback type="invalid">{tooLong}</Form.Control.Feedback>}
                  </Form.Group>
                  <Form.Group className="mb-3" controlId="confirmNewPassword">
                    <Form.Label>Confirm Password</Form.Label>
                    <Form.Control
                      type="password"
                      autoComplete="new-password"
                      value={confirmPassword}
                      isInvalid={mismatch !== null}
                      onChange={(e) => setConfirmPassword(e.target.value)}
                    />
                    {mismatch && <Form.Control.Feedback type="invalid">{mismatch}</Form.Control.Feedback>}
                  </Form.Group>
                </>
              )}
              <Button type="submit" variant="accent" className="w-100" disabled={sending || dialogFor !== null}>
                {sending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
                Send OTP
              </Button>
            </Form>
            <p className="mt-4 mb-0 text-center">
              Remembered it? <Link to="/login">Sign In</Link>
            </p>
          </>
        )}
        <OtpModal
          show={dialogFor !== null}
          email={dialogFor?.email ?? ''}
          title="Reset your password"
          onVerify={check}
          onResend={() => send(dialogFor?.email ?? '')}
          onHide={() => setDialogFor(null)}
        />
      </Card.Body>
    </Card>
  );
}

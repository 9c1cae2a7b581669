import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { toast } from 'react-toastify';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import Message from '../../components/Message';
import PageTitle from '../config/PageTitle';
import { AUTH_MESSAGES } from './accountRules';
import { clearCredentials } from './authSlice';
import OtpModal from './OtpModal';
import { useOtp } from './useOtp';
import './accounts.css';

/** Password reset: a code to the address, then the server mails a new password (SPEC.md §2). */
export default function ForgotPasswordScreen() {
  const dispatch = useAppDispatch();
  const { send, sendWithToast, verify, sending } = useOtp('resetPassword');
  const [email, setEmail] = useState('');
  const [dialogFor, setDialogFor] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await sendWithToast(email)) setDialogFor(email.trim());
  };

  const check = async (code: string) => {
    if (!dialogFor) return AUTH_MESSAGES.otpFailed;
    const res = await verify(dialogFor, code);
    if (!res.ok) return res.message;
    setDialogFor(null);
    setDone(true);
    // The server signed this account out everywhere.
    dispatch(clearCredentials());
    dispatch(api.util.resetApiState());
    toast.success(res.message || AUTH_MESSAGES.passwordReset);
    return null;
  };

  return (
    <Card className="auth-card shadow-sm">
      <PageTitle title="Forgot Password" />
      <Card.Body>
        <h1 className="auth-card__title">Forgot Password</h1>
        {done ? (
          <>
            <Message variant="success">{AUTH_MESSAGES.passwordReset}</Message>
            <Link to="/login" className="btn btn-accent w-100">
              Go to Sign In
            </Link>
          </>
        ) : (
          <Form noValidate onSubmit={submit}>
            <p className="text-body-secondary">
              Enter the email address of your account. We will send you a one-time code, and after that a new password.
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
            <Button type="submit" variant="accent" className="w-100" disabled={sending || dialogFor !== null}>
              {sending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              Send OTP
            </Button>
          </Form>
        )}
        {!done && (
          <p className="mt-4 mb-0 text-center">
            Remembered it? <Link to="/login">Sign In</Link>
          </p>
        )}
        <OtpModal
          show={dialogFor !== null}
          email={dialogFor ?? ''}
          title="Reset your password"
          onVerify={check}
          onResend={() => send(dialogFor ?? '')}
          onHide={() => setDialogFor(null)}
        />
      </Card.Body>
    </Card>
  );
}

import { useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Link, type AppPath } from '../../components/Link';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { api } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import Message from '../../components/Message';
import { errorMessage } from '../../lib/errors';
import PageTitle from '../../components/PageTitle';
import { MESSAGES } from '../../lib/validation';
import { AUTH_MESSAGES, safeRedirect } from './accountRules';
import { useLoginMutation, useLoginWithCodeMutation, useSendLoginCodeMutation } from './authApi';
import { selectSessionEndedBecause, setCredentials, type UserInfo } from './authSlice';
import OtpModal from './OtpModal';
import TwoWays from './TwoWays';
import { useSignedInUser } from './useSignedIn';
import '../../components/accounts.css';

/**
 * denied: set by RequireRole when a signed-in user opens a page their role may not see.
 * signedOut: set when the session has just been ended here (logout, new password).
 */
export interface LoginState {
  denied?: string;
  signedOut?: boolean;
}

/**
 * Sign-in (SPEC.md §2, /login) with a password, or with a one-time code sent to the account's
 * e-mail (and texted to its mobile number when that is typed and the shop can text). A session the
 * server ended by a change of password or e-mail says why here.
 */
export default function LoginScreen() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useSignedInUser();
  const [login, { isLoading }] = useLoginMutation();
  const [sendLoginCode, { isLoading: sending }] = useSendLoginCodeMutation();
  const [loginWithCode] = useLoginWithCodeMutation();
  const endedBecause = useSelector(selectSessionEndedBecause);

  const state = location.state as LoginState | null;
  const denied = state?.denied;
  const redirectParam = params.get('redirect');
  const redirect = safeRedirect(redirectParam ?? denied);

  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [stayLoggedIn, setStayLoggedIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [byCode, setByCode] = useState(false);
  /** The name a code was sent for, and what the server said of it, while the code dialog is open. */
  const [codeFor, setCodeFor] = useState<{ loginId: string; message: string } | null>(null);

  // Already signed in: straight on, unless this user was just turned away from a page.
  if (user && !denied && !state?.signedOut) return <Navigate to={redirect} replace />;

  const signedIn = (info: UserInfo) => {
    // Whatever was cached belonged to whoever was signed in before.
    dispatch(api.util.invalidateTags(['User', 'Order']));
    dispatch(setCredentials(info));
    navigate(redirect, { replace: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!loginId.trim() || (!byCode && !password)) {
      setError(byCode ? MESSAGES.loginIdForCode : MESSAGES.fillAll);
      return;
    }
    try {
      if (byCode) {
        const res = await sendLoginCode({ loginId: loginId.trim() }).unwrap();
        setCodeFor({ loginId: loginId.trim(), message: res.message });
        return;
      }
      signedIn(await login({ loginId: loginId.trim(), password, loggedIn: stayLoggedIn }).unwrap());
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const checkCode = async (code: string) => {
    if (!codeFor) return AUTH_MESSAGES.otpFailed;
    try {
      const info = await loginWithCode({ loginId: codeFor.loginId, code, loggedIn: stayLoggedIn }).unwrap();
      setCodeFor(null);
      signedIn(info);
      return null;
    } catch (err) {
      return errorMessage(err);
    }
  };

  const resendCode = async () => {
    try {
      const res = await sendLoginCode({ loginId: codeFor?.loginId ?? '' }).unwrap();
      return { ok: true, message: res.message };
    } catch (err) {
      return { ok: false, message: errorMessage(err) };
    }
  };

  const switchTo = (code: boolean) => {
    setByCode(code);
    setError(null);
  };

  const registerLink: AppPath = redirectParam ? `/register?redirect=${encodeURIComponent(redirectParam)}` : '/register';
  const busy = isLoading || sending;

  return (
    <Card className="auth-card shadow-sm">
      <PageTitle title="Sign In" />
      <Card.Body>
        <h1 className="auth-card__title">Sign In</h1>
        {denied && user && (
          <Message variant="warning">
            Your account cannot open that page. Sign in with an account that can.
          </Message>
        )}
        {endedBecause && !user && <Message variant="warning">{endedBecause}</Message>}
        {error && <Message variant="danger">{error}</Message>}
        <TwoWays label="Sign in with" ways={['Password', 'One-time code']} second={byCode} onChange={switchTo} />
        <Form noValidate onSubmit={submit}>
          <Form.Group className="mb-3" controlId="loginId">
            <Form.Label>Email or Mobile Number</Form.Label>
            <Form.Control
              type="text"
              autoComplete="username"
              placeholder="Email or mobile number"
              value={loginId}
              onChange={(e) => setLoginId(e.target.value)}
              aria-describedby={byCode ? 'code-hint' : undefined}
            />
            {byCode && (
              <Form.Text id="code-hint" className="text-body-secondary">
                We will send a 6-digit code to the e-mail address of your account, and by SMS to your mobile number when
                you type it.
              </Form.Text>
            )}
          </Form.Group>
          {!byCode && (
            <Form.Group className="mb-3" controlId="password">
              <Form.Label>Password</Form.Label>
              <Form.Control
                type="password"
                autoComplete="current-password"
                placeholder="Enter password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Form.Group>
          )}
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
            <Form.Check
              id="stayLoggedIn"
              label="Stay logged in"
              checked={stayLoggedIn}
              onChange={(e) => setStayLoggedIn(e.target.checked)}
            />
            <Link to="/forgot">Forgot password?</Link>
          </div>
          <Button type="submit" variant="accent" className="w-100" disabled={busy}>
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {byCode ? 'Send code' : 'Sign In'}
          </Button>
        </Form>
        <p className="mt-4 mb-0 text-center">
          New customer? <Link to={registerLink}>Register</Link>
        </p>
        <OtpModal
          show={codeFor !== null}
          email={codeFor?.loginId ?? ''}
          title="Sign in with a code"
          help={codeFor?.message}
          onVerify={checkCode}
          onResend={resendCode}
          onHide={() => setCodeFor(null)}
        />
      </Card.Body>
    </Card>
  );
}

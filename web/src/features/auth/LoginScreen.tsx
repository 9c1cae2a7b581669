import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import Message from '../../components/Message';
import { errorMessage } from '../../lib/errors';
import { MESSAGES } from '../../lib/validation';
import PageTitle from '../config/PageTitle';
import { safeRedirect } from './accountRules';
import { useLoginMutation } from './authApi';
import { setCredentials } from './authSlice';
import { useSignedInUser } from './useSignedIn';
import './accounts.css';

/**
 * denied: set by RequireRole when a signed-in user opens a page their role may not see.
 * signedOut: set when the session has just been ended here (logout, new password).
 */
export interface LoginState {
  denied?: string;
  signedOut?: boolean;
}

export default function LoginScreen() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useSignedInUser();
  const [login, { isLoading }] = useLoginMutation();

  const state = location.state as LoginState | null;
  const denied = state?.denied;
  const redirectParam = params.get('redirect');
  const redirect = safeRedirect(redirectParam ?? denied);

  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [stayLoggedIn, setStayLoggedIn] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Already signed in: straight on, unless this user was just turned away from a page.
  if (user && !denied && !state?.signedOut) return <Navigate to={redirect} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!loginId.trim() || !password) {
      setError(MESSAGES.fillAll);
      return;
    }
    try {
      const info = await login({ loginId: loginId.trim(), password, loggedIn: stayLoggedIn }).unwrap();
      // Whatever was cached belonged to whoever was signed in before.
      dispatch(api.util.invalidateTags(['User', 'Order']));
      dispatch(setCredentials(info));
      navigate(redirect, { replace: true });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const registerLink = redirectParam ? `/register?redirect=${encodeURIComponent(redirectParam)}` : '/register';

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
        {error && <Message variant="danger">{error}</Message>}
        <Form noValidate onSubmit={submit}>
          <Form.Group className="mb-3" controlId="loginId">
            <Form.Label>Email or Mobile Number</Form.Label>
            <Form.Control
              type="text"
              autoComplete="username"
              placeholder="Email or mobile number"
              value={loginId}
              onChange={(e) => setLoginId(e.target.value)}
            />
          </Form.Group>
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
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
            <Form.Check
              id="stayLoggedIn"
              label="Stay logged in"
              checked={stayLoggedIn}
              onChange={(e) => setStayLoggedIn(e.target.checked)}
            />
            <Link to="/forgot">Forgot password?</Link>
          </div>
          <Button type="submit" variant="accent" className="w-100" disabled={isLoading}>
            {isLoading && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Sign In
          </Button>
        </Form>
        <p className="mt-4 mb-0 text-center">
          New customer? <Link to={registerLink}>Register</Link>
        </p>
      </Card.Body>
    </Card>
  );
}

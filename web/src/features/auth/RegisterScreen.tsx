import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { toast } from 'react-toastify';
import { api } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import { errorMessage } from '../../lib/errors';
import PageTitle from '../../components/PageTitle';
import {
  capLength,
  confirmHint,
  digitsOnly,
  MESSAGES,
  MOBILE_LENGTH,
  NAME_MAX,
  PASSWORD_MAX,
  safeRedirect,
  validateRegistration,
  type AccountForm,
} from './accountRules';
import { useRegisterMutation } from './authApi';
import { setCredentials } from './authSlice';
import { useSignedInUser } from './useSignedIn';
import VerifyEmailField from './VerifyEmailField';
import '../../components/accounts.css';

export default function RegisterScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useSignedInUser();
  const [register, { isLoading }] = useRegisterMutation();

  const redirectParam = params.get('redirect');
  const redirect = safeRedirect(redirectParam);

  const [form, setForm] = useState<AccountForm>({ name: '', email: '', mobileNo: '', password: '', confirmPassword: '' });
  /** The address the OTP proved, or null. */
  const [verifiedEmail, setVerifiedEmail] = useState<string | null>(null);
  const set = (field: keyof AccountForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  if (user) return <Navigate to={redirect} replace />;

  const emailVerified = verifiedEmail !== null && verifiedEmail === form.email.trim();
  const mismatch = confirmHint(form.password, form.confirmPassword);
  const tooLong = Array.from(form.password).length > PASSWORD_MAX;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateRegistration(form, emailVerified);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      const info = await register({
        name: form.name.trim(),
        email: form.email.trim(),
        mobileNo: form.mobileNo,
        password: form.password,
      }).unwrap();
      dispatch(api.util.invalidateTags(['User', 'Order']));
      dispatch(setCredentials(info));
      navigate(redirect, { replace: true });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const loginLink = redirectParam ? `/login?redirect=${encodeURIComponent(redirectParam)}` : '/login';

  return (
    <Card className="auth-card shadow-sm">
      <PageTitle title="Register" />
      <Card.Body>
        <h1 className="auth-card__title">Register</h1>
        <Form noValidate onSubmit={submit}>
          <Form.Group className="mb-3" controlId="name">
            <Form.Label>Name</Form.Label>
            <Form.Control
              type="text"
              autoComplete="name"
              placeholder="Enter name"
              value={form.name}
              maxLength={NAME_MAX}
              onChange={(e) => set('name')(capLength(e.target.value, NAME_MAX))}
            />
          </Form.Group>

          <VerifyEmailField
            id="email"
            value={form.email}
            onChange={set('email')}
            verified={emailVerified}
            onVerified={() => setVerifiedEmail(form.email.trim())}
          />

          <Form.Group className="mb-3" controlId="mobileNo">
            <Form.Label>Mobile Number</Form.Label>
            <Form.Control
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="10-digit mobile number"
              value={form.mobileNo}
              onChange={(e) => set('mobileNo')(digitsOnly(e.target.value, MOBILE_LENGTH))}
            />
          </Form.Group>

          <Form.Group className="mb-3" controlId="password">
            <Form.Label>Password</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              placeholder="6 to 25 characters"
              value={form.password}
              isInvalid={tooLong}
              onChange={(e) => set('password')(e.target.value)}
            />
            {tooLong && <Form.Control.Feedback type="invalid">{MESSAGES.passwordLong}</Form.Control.Feedback>}
          </Form.Group>

          <Form.Group className="mb-4" controlId="confirmPassword">
            <Form.Label>Confirm Password</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              placeholder="Retype password"
              value={form.confirmPassword}
              isInvalid={mismatch !== null}
              onChange={(e) => set('confirmPassword')(e.target.value)}
            />
            {mismatch && <Form.Control.Feedback type="invalid">{mismatch}</Form.Control.Feedback>}
          </Form.Group>

          <Button type="submit" variant="accent" className="w-100" disabled={isLoading}>
            {isLoading && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Register
          </Button>
        </Form>
        <p className="mt-4 mb-0 text-center">
          Already have an account? <Link to={loginLink}>Sign In</Link>
        </p>
      </Card.Body>
    </Card>
  );
}

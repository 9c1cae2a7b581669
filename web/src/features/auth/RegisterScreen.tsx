import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Link, type AppPath } from '../../components/Link';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { toast } from 'react-toastify';
import { api } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import AccountFields, { type AccountField } from '../../components/AccountFields';
import PageTitle from '../../components/PageTitle';
import { errorMessage } from '../../lib/errors';
import { validateRegistration, type AccountForm } from '../../lib/validation';
import { safeRedirect } from './accountRules';
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
  const set = (field: AccountField | 'email', value: string) => setForm((f) => ({ ...f, [field]: value }));

  if (user) return <Navigate to={redirect} replace />;

  const emailVerified = verifiedEmail !== null && verifiedEmail === form.email.trim();

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

  const loginLink: AppPath = redirectParam ? `/login?redirect=${encodeURIComponent(redirectParam)}` : '/login';

  return (
    <Card className="auth-card shadow-sm">
      <PageTitle title="Register" />
      <Card.Body>
        <h1 className="auth-card__title">Register</h1>
        <Form noValidate onSubmit={submit}>
          <AccountFields
            screen="register"
            value={form}
            onChange={set}
            emailField={
              <VerifyEmailField
                id="email"
                value={form.email}
                onChange={(email) => set('email', email)}
                verified={emailVerified}
                onVerified={() => setVerifiedEmail(form.email.trim())}
              />
            }
          />

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

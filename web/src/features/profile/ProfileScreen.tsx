import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '../../components/Link';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { FaCheckCircle } from 'react-icons/fa';
import { toast } from 'react-toastify';
import { useSelector } from 'react-redux';
import AccountFields, { type AccountField } from '../../components/AccountFields';
import PageTitle from '../../components/PageTitle';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useAppDispatch } from '../../lib/hooks';
import { validateProfile, type AccountForm } from '../../lib/validation';
import {
  AUTH_MESSAGES,
  selectUserInfo,
  setCredentials,
  useEndSession,
  VerifyEmailField,
  type UserInfo,
} from '../auth';
import { MyOrders } from '../orders';
import { isLoggedOut, profileApi, useGetProfileQuery, useUpdateProfileMutation } from './profileApi';
import '../../components/accounts.css';

const formOf = (u: UserInfo): AccountForm => ({
  name: u.name,
  email: u.email,
  mobileNo: u.mobileNo,
  password: '',
  confirmPassword: '',
});

/** The form's fields, and whether the user has changed them since they were last filled in. */
type Draft = { values: AccountForm; touched: boolean };
const draftOf = (u: UserInfo): Draft => ({ values: formOf(u), touched: false });

/** The signed-in user's own details (SPEC.md §2, profile; §5 profile rules). */
export default function ProfileScreen() {
  const dispatch = useAppDispatch();
  const endSession = useEndSession();
  const stored = useSelector(selectUserInfo);
  const { data: fresh, refetch } = useGetProfileQuery();
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const profile = fresh ?? stored;

  const [draft, setDraft] = useState<Draft | null>(stored ? draftOf(stored) : null);
  const set = (field: AccountField | 'email', value: string) =>
    setDraft((d) => (d ? { values: { ...d.values, [field]: value }, touched: true } : d));

  // The server's copy is the truth: keep the stored session and the untouched form in step with it.
  // Whether the form is untouched is asked of the draft as the update finds it, not as the render that
  // brought the profile saw it: a key typed before this effect ran was otherwise overwritten.
  useEffect(() => {
    if (!fresh) return;
    dispatch(setCredentials(fresh));
    setDraft((d) => (d?.touched ? d : draftOf(fresh)));
  }, [fresh, dispatch]);

  if (!profile || !draft) return null; // RequireRole sends a guest to /login
  const form = draft.values;

  const emailChanged = form.email.trim().toLowerCase() !== profile.email.toLowerCase();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateProfile(form);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      const result = await updateProfile({
        _id: profile._id,
        name: form.name.trim(),
        email: form.email.trim(),
        mobileNo: form.mobileNo,
        password: form.password,
      }).unwrap();
      if (isLoggedOut(result)) {
        await endSession(result.message || AUTH_MESSAGES.relogin);
        return;
      }
      // Awaited, so that the cache holds the new profile before the form resets: Redux Toolkit tells the
      // screen of it only at the next animation frame, and a render before then handed the effect above
      // the old profile, which it stored again (the header showed the old name; a test saw it under load).
      await dispatch(profileApi.util.upsertQueryData('getProfile', undefined, result));
      dispatch(setCredentials(result));
      setDraft(draftOf(result));
      toast.success(AUTH_MESSAGES.profileUpdated);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <>
      <PageTitle title="Profile" />
      <Row className="justify-content-center">
        <Col md={10} lg={7} xl={6}>
          <Card className="auth-card shadow-sm">
            <Card.Body>
              <h1 className="auth-card__title mb-1">Profile</h1>
              <p className="text-body-secondary small mb-2" data-testid="last-login">
                {profile.previousSession
                  ? `Last signed in on ${formatDate(profile.previousSession)}`
                  : 'This is your first sign-in.'}
              </p>
              <p className="mb-4">
                <Link to="/addresses">My addresses</Link>
              </p>
              <Form noValidate onSubmit={submit}>
                <AccountFields
                  screen="profile"
                  value={form}
                  onChange={set}
                  emailField={
                    profile.emailVerified ? (
                      <Form.Group className="mb-3" controlId="email">
                        <Form.Label>Email Address</Form.Label>
                        <InputGroup>
                          <Form.Control type="email" value={profile.email} readOnly aria-describedby="email-locked" />
                          <InputGroup.Text className="verified-mark bg-success-subtle">
                            <FaCheckCircle aria-hidden="true" className="me-1" />
                            Verified
                          </InputGroup.Text>
                        </InputGroup>
                        <Form.Text id="email-locked" className="text-body-secondary">
                          A verified email address cannot be changed.
                        </Form.Text>
                      </Form.Group>
                    ) : (
                      <VerifyEmailField
                        id="email"
                        value={form.email}
                        onChange={(email) => set('email', email)}
                        verified={false}
                        onVerified={() => void refetch()}
                        verifiable={!emailChanged}
                        hint={
                          emailChanged
                            ? 'Save your new address first (you will sign in again), then verify it here.'
                            : undefined
                        }
                      />
                    )
                  }
                />

                <Button type="submit" variant="accent" className="w-100" disabled={isLoading}>
                  {isLoading && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
                  Update
                </Button>
              </Form>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <MyOrders />
    </>
  );
}

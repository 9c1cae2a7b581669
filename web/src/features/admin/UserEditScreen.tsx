import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../components/Link';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { FaArrowLeft } from 'react-icons/fa';
import { toast } from 'react-toastify';
import { useSelector } from 'react-redux';
import AccountFields from '../../components/AccountFields';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import PageTitle from '../../components/PageTitle';
import { errorMessage } from '../../lib/errors';
import { useAppDispatch } from '../../lib/hooks';
import { LIMITS } from '../../lib/limits';
import { validateUserEdit } from '../../lib/validation';
import { AUTH_MESSAGES, selectUserInfo, setCredentials, useEndSession, VerifiedBadge, type Role } from '../auth';
import PasswordGenerator from './PasswordGenerator';
import { ROLES, useGetUserDetailsQuery, useUpdateUserMutation } from './usersAdminApi';
import '../../components/accounts.css';

export const USER_UPDATED = 'User Details Updated Successfully.';

interface EditForm {
  name: string;
  email: string;
  mobileNo: string;
  role: Role;
  password: string;
}

export default function UserEditScreen() {
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const endSession = useEndSession();
  const me = useSelector(selectUserInfo);
  const { currentData: user, isFetching, error } = useGetUserDetailsQuery(id);
  const [updateUser, { isLoading: saving }] = useUpdateUserMutation();
  const [form, setForm] = useState<EditForm | null>(null);

  useEffect(() => {
    if (user) setForm({ name: user.name, email: user.email, mobileNo: user.mobileNo, role: user.role, password: '' });
  }, [user]);

  const isSelf = !!me && me._id === id;
  const set = <K extends keyof EditForm>(field: K, value: EditForm[K]) => setForm((f) => (f ? { ...f, [field]: value } : f));
  // The admin's fields hold no confirm password: the generator fills the password.
  const setAccountField = (field: 'name' | 'mobileNo' | 'password' | 'confirmPassword', value: string) => {
    if (field !== 'confirmPassword') set(field, value);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form || !user) return;
    const problem = validateUserEdit(form);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      const updated = await updateUser({
        userId: user._id,
        name: form.name.trim(),
        email: form.email.trim(),
        mobileNo: form.mobileNo,
        password: form.password,
        role: form.role,
      }).unwrap();
      toast.success(USER_UPDATED);
      if (me && updated._id === me._id) {
        // A new password or e-mail ended the admin's own sessions too.
        if (form.password || updated.email !== me.email) {
          await endSession(AUTH_MESSAGES.relogin);
          return;
        }
        dispatch(setCredentials({ ...me, name: updated.name, mobileNo: updated.mobileNo, role: updated.role }));
      }
      navigate('/admin/userlist');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <>
      <PageTitle title="Edit User" />
      <Link to="/admin/userlist" className="btn btn-outline-secondary btn-sm mb-3">
        <FaArrowLeft className="me-1" aria-hidden="true" /> Go Back
      </Link>
      <Row className="justify-content-center">
        <Col md={10} lg={7} xl={6}>
          <Card className="auth-card shadow-sm">
            <Card.Body>
              <h1 className="auth-card__title">Edit User</h1>
              {error && !isFetching ? (
                <Message variant="danger">{errorMessage(error)}</Message>
              ) : !user || !form ? (
                <Loader />
              ) : (
                <Form noValidate onSubmit={submit}>
                  <AccountFields
                    screen="admin"
                    value={form}
                    onChange={setAccountField}
                    emailField={
                      <Form.Group className="mb-3" controlId="email">
                        <Form.Label>
                          Email Address
                          {user.emailVerified && form.email.trim().toLowerCase() === user.email && <VerifiedBadge />}
                        </Form.Label>
                        <Form.Control
                          type="email"
                          value={form.email}
                          maxLength={LIMITS.email}
                          autoComplete="off"
                          onChange={(e) => set('email', e.target.value)}
                        />
                        {user.emailVerified && form.email.trim().toLowerCase() !== user.email && (
                          <Form.Text className="text-warning-emphasis">
                            A new address is unverified, and the user is signed out everywhere.
                          </Form.Text>
                        )}
                      </Form.Group>
                    }
                  />
                  <Form.Group className="mb-4" controlId="role">
                    <Form.Label>Role</Form.Label>
                    <Form.Select
                      value={form.role}
                      disabled={isSelf}
                      aria-describedby={isSelf ? 'role-self' : undefined}
                      onChange={(e) => set('role', e.target.value as Role)}
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {r.charAt(0).toUpperCase() + r.slice(1)}
                        </option>
                      ))}
                    </Form.Select>
                    {isSelf && (
                      <Form.Text id="role-self" className="text-body-secondary">
                        You cannot change your own role.
                      </Form.Text>
                    )}
                  </Form.Group>
                  <PasswordGenerator value={form.password} onChange={(p) => set('password', p)} />
                  <Button type="submit" variant="accent" className="w-100" disabled={saving}>
                    {saving && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
                    Update
                  </Button>
                </Form>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
}

import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { LIMITS } from '../lib/limits';
import {
  capLength,
  confirmHint,
  digitsOnly,
  mobileLongHint,
  mobileShortHint,
  passwordLongHint,
} from '../lib/validation';

export type AccountField = 'name' | 'mobileNo' | 'password' | 'confirmPassword';

/**
 * Whose form it is (SPEC.md §5): register wants a password typed twice and caps the mobile number
 * at 10 digits; the profile takes a new password optionally and lets the mobile number run past
 * 10 with a warning; the admin's user edit caps the mobile number, flags it while short, and
 * generates a password elsewhere.
 */
export type AccountScreen = 'register' | 'profile' | 'admin';

interface AccountFieldsProps {
  screen: AccountScreen;
  value: { name: string; mobileNo: string; password?: string; confirmPassword?: string };
  onChange: (field: AccountField, value: string) => void;
  /** The e-mail field, which each screen verifies or locks in its own way; it goes after the name. */
  emailField: ReactNode;
}

/** The fields every account form shares: name, e-mail, mobile number and, but for the admin, the password. */
export default function AccountFields({ screen, value, onChange, emailField }: AccountFieldsProps) {
  const admin = screen === 'admin';
  const profile = screen === 'profile';
  const password = value.password ?? '';
  const confirmPassword = value.confirmPassword ?? '';
  const mobileHint = profile ? mobileLongHint(value.mobileNo) : admin ? mobileShortHint(value.mobileNo) : null;
  const passwordHint = passwordLongHint(password);
  const mismatch = confirmHint(password, confirmPassword);

  const passwords = (
    <>
      <Form.Group className="mb-3" controlId="password">
        <Form.Label>{profile ? 'New Password' : 'Password'}</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          placeholder="6 to 25 characters"
          value={password}
          isInvalid={passwordHint !== null}
          onChange={(e) => onChange('password', e.target.value)}
        />
        {passwordHint && <Form.Control.Feedback type="invalid">{passwordHint}</Form.Control.Feedback>}
      </Form.Group>
      <Form.Group className="mb-4" controlId="confirmPassword">
        <Form.Label>{profile ? 'Confirm New Password' : 'Confirm Password'}</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          placeholder={profile ? undefined : 'Retype password'}
          value={confirmPassword}
          isInvalid={mismatch !== null}
          onChange={(e) => onChange('confirmPassword', e.target.value)}
        />
        {mismatch && <Form.Control.Feedback type="invalid">{mismatch}</Form.Control.Feedback>}
      </Form.Group>
    </>
  );

  return (
    <>
      <Form.Group className="mb-3" controlId="name">
        <Form.Label>Name</Form.Label>
        <Form.Control
          type="text"
          autoComplete={admin ? 'off' : 'name'}
          placeholder={screen === 'register' ? 'Enter name' : undefined}
          value={value.name}
          maxLength={LIMITS.name}
          onChange={(e) => onChange('name', capLength(e.target.value, LIMITS.name))}
        />
      </Form.Group>

      {emailField}

      <Form.Group className="mb-3" controlId="mobileNo">
        <Form.Label>Mobile Number</Form.Label>
        <Form.Control
          type="tel"
          inputMode="numeric"
          autoComplete={admin ? 'off' : 'tel-national'}
          placeholder={screen === 'register' ? '10-digit mobile number' : undefined}
          value={value.mobileNo}
          isInvalid={mobileHint !== null}
          onChange={(e) => onChange('mobileNo', digitsOnly(e.target.value, profile ? Infinity : LIMITS.mobile))}
        />
        {mobileHint && <Form.Control.Feedback type="invalid">{mobileHint}</Form.Control.Feedback>}
      </Form.Group>

      {screen === 'register' && passwords}
      {profile && (
        <fieldset className="border-top pt-3 mt-4">
          <legend className="fs-6 fw-semibold mb-1">Change password</legend>
          <p className="text-body-secondary small">Leave these empty to keep your password.</p>
          {passwords}
        </fieldset>
      )}
    </>
  );
}

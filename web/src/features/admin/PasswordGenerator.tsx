import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { FaCheck, FaCopy, FaRandom, FaTimes } from 'react-icons/fa';
import { toast } from 'react-toastify';
import { LIMITS } from '../../lib/limits';
import { generatedLengthProblem } from '../../lib/validation';
import { generatePassword } from './passwordGenerator';

export const COPIED = 'Passowrd Copied to Clipboard Successfully'; // sic: SPEC.md §8
export const COPY_FAILED = 'Failed to copy the text';
/** The copy button shows a check this long after a copy (SPEC.md §9). */
export const COPY_RESET_MS = 6000;

interface PasswordGeneratorProps {
  value: string;
  onChange: (password: string) => void;
}

/** Makes a random password for a user, to be sent with the update and copied for them. */
export default function PasswordGenerator({ value, onChange }: PasswordGeneratorProps) {
  const [lengthText, setLengthText] = useState('12');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const length = lengthText === '' ? NaN : Number(lengthText);
  const problem = generatedLengthProblem(length);

  const generate = () => {
    if (problem) return;
    onChange(generatePassword(Math.trunc(length)));
    setCopied(false);
  };

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('The clipboard is not available here');
      await navigator.clipboard.writeText(value);
      toast.success(COPIED);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_RESET_MS);
    } catch (err) {
      console.error(err);
      toast.error(COPY_FAILED);
    }
  };

  return (
    <fieldset className="border rounded p-3 mb-4">
      <legend className="float-none w-auto px-2 fs-6 fw-semibold mb-0">New password</legend>
      <p className="text-body-secondary small">
        Generate a password to give the user. It is set when you press Update; leave it empty to keep theirs.
      </p>
      <Form.Group className="mb-3" controlId="passwordLength">
        <Form.Label>Length</Form.Label>
        <InputGroup>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={LIMITS.passwordMin}
            max={LIMITS.password}
            step={1}
            value={lengthText}
            isInvalid={problem !== null}
            onChange={(e) => setLengthText(e.target.value.replace(/\D/g, '').slice(0, 3))}
            aria-describedby="passwordLength-warning"
          />
          <Button variant="outline-dark" onClick={generate} disabled={problem !== null}>
            <FaRandom aria-hidden="true" className="me-1" />
            Generate
          </Button>
        </InputGroup>
        {problem && (
          <Form.Text id="passwordLength-warning" className="text-danger d-block">
            {problem}
          </Form.Text>
        )}
      </Form.Group>
      <Form.Group controlId="generatedPassword">
        <Form.Label>Generated password</Form.Label>
        <InputGroup>
          <Form.Control
            type="text"
            readOnly
            className="password-output"
            value={value}
            placeholder="Press Generate"
            autoComplete="off"
            spellCheck={false}
          />
          <Button
            variant={copied ? 'success' : 'outline-secondary'}
            onClick={() => void copy()}
            disabled={!value}
            aria-label={copied ? 'Copied' : 'Copy password'}
            title={copied ? 'Copied' : 'Copy password'}
          >
            {copied ? <FaCheck aria-hidden="true" /> : <FaCopy aria-hidden="true" />}
          </Button>
          <Button
            variant="outline-secondary"
            onClick={() => {
              onChange('');
              setCopied(false);
            }}
            disabled={!value}
            aria-label="Clear password"
            title="Keep the current password"
          >
            <FaTimes aria-hidden="true" />
          </Button>
        </InputGroup>
      </Form.Group>
    </fieldset>
  );
}

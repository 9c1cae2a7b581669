import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

interface ShellProps {
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  variant?: string;
  busy: boolean;
  /** Whether the form may be sent. */
  ready: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A confirm dialog around a small form: Back, or the confirming button. */
export function DialogShell({ title, children, confirmLabel = 'Send', variant = 'dark', busy, ready, onConfirm, onClose }: ShellProps) {
  return (
    <Modal show onHide={onClose} centered>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) onConfirm();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="fs-5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Back
          </Button>
          <Button type="submit" variant={variant} disabled={!ready || busy}>
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {confirmLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

interface ReasonDialogProps {
  title: string;
  /** What the dialog says above the text box. */
  children?: ReactNode;
  label: string;
  confirmLabel: string;
  variant?: string;
  busy: boolean;
  /** Whether the text may be left empty. */
  optional?: boolean;
  onConfirm: (text: string) => void;
  onClose: () => void;
}

/** A confirm dialog that asks for a reason, a note or a reference before it acts. */
export default function ReasonDialog({ label, optional, onConfirm, children, variant = 'danger', ...shell }: ReasonDialogProps) {
  const [text, setText] = useState('');
  return (
    <DialogShell {...shell} variant={variant} ready={optional || text.trim() !== ''} onConfirm={() => onConfirm(text.trim())}>
      {children}
      <Form.Group controlId="reason-dialog-text">
        <Form.Label>{label}</Form.Label>
        <Form.Control as="textarea" rows={2} maxLength={200} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
      </Form.Group>
    </DialogShell>
  );
}

import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import SettingsSection from './SettingsSection';
import type { StoreSettings } from './settingsApi';

export const MAX_RETURNS_NOTE = 300;

/** The returns policy every product page shows. */
export default function ReturnsSection({ settings }: { settings: StoreSettings }) {
  const [note, setNote] = useState(settings.returnsNote);
  return (
    <SettingsSection title="Returns" changes={() => ({ returnsNote: note })}>
      <Form.Group className="mb-3" controlId="returnsNote">
        <Form.Label>Returns note</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          value={note}
          maxLength={MAX_RETURNS_NOTE}
          aria-describedby="returnsNote-help"
          onChange={(e) => setNote(e.target.value)}
        />
        <Form.Text id="returnsNote-help" className="text-body-secondary">
          Shown on every product page. {note.length}/{MAX_RETURNS_NOTE}
        </Form.Text>
      </Form.Group>
    </SettingsSection>
  );
}

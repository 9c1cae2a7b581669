import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import SettingsSection from './SettingsSection';
import type { StoreSettings } from './settingsApi';

/** The pin codes typed into a box: separated by commas, spaces or new lines. */
export const parsePins = (text: string): string[] => text.split(/[\s,;]+/).filter(Boolean);

const lists = [
  {
    key: 'unservedPins',
    label: 'Pin codes not served',
    help: 'No delivery to these pin codes, or to any starting with these digits (e.g. 79 for most of the north-east).',
  },
  {
    key: 'codBlockedPins',
    label: 'Pin codes without cash on delivery',
    help: 'Customers here must pay online: for places where parcels keep coming back.',
  },
] as const;

/** Where the shop delivers, and where it takes cash on delivery. */
export default function DeliverySection({ settings }: { settings: StoreSettings }) {
  const [text, setText] = useState({
    unservedPins: settings.unservedPins.join(', '),
    codBlockedPins: settings.codBlockedPins.join(', '),
  });
  return (
    <SettingsSection
      title="Delivery"
      changes={() => ({ unservedPins: parsePins(text.unservedPins), codBlockedPins: parsePins(text.codBlockedPins) })}
    >
      {lists.map((l) => (
        <Form.Group className="mb-3" controlId={l.key} key={l.key}>
          <Form.Label>{l.label}</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            value={text[l.key]}
            aria-describedby={`${l.key}-help`}
            onChange={(e) => setText((t) => ({ ...t, [l.key]: e.target.value }))}
          />
          <Form.Text id={`${l.key}-help`} className="text-body-secondary">
            {l.help}
          </Form.Text>
        </Form.Group>
      ))}
    </SettingsSection>
  );
}

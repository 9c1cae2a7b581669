import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import SettingsSection from './SettingsSection';
import type { StoreSettings } from './settingsApi';

type TextField = {
  [K in keyof StoreSettings]-?: StoreSettings[K] extends string ? K : never;
}[keyof StoreSettings];

interface TextSettingProps {
  settings: StoreSettings;
  field: TextField;
  /** The section's title, also on its Save button. */
  title: string;
  label: string;
  help: string;
  rows: number;
  max: number;
}

/** A section of one text setting: a text area with its count, saved on its own. */
export default function TextSetting({ settings, field, title, label, help, rows, max }: TextSettingProps) {
  const [text, setText] = useState(settings[field]);
  return (
    <SettingsSection title={title} changes={() => ({ [field]: text })}>
      <Form.Group className="mb-3" controlId={field}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          as="textarea"
          rows={rows}
          value={text}
          maxLength={max}
          aria-describedby={`${field}-help`}
          onChange={(e) => setText(e.target.value)}
        />
        <Form.Text id={`${field}-help`} className="text-body-secondary">
          {help} {text.length}/{max}
        </Form.Text>
      </Form.Group>
    </SettingsSection>
  );
}

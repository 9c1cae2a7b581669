import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import SettingsSection from './SettingsSection';
import type { StoreSettings } from './settingsApi';

/** Synonym groups as the owner edits them: a group a line, its words split by commas. */
export function synonymsText(groups: string[][]): string {
  return groups.map((g) => g.join(', ')).join('\n');
}

export function parseSynonyms(text: string): string[][] {
  return text
    .split('\n')
    .map((line) =>
      line
        .split(',')
        .map((w) => w.trim())
        .filter(Boolean),
    )
    .filter((g) => g.length > 0);
}

/** Words search takes as one, besides the built-in ones (t-shirt and tee, polo and polos). */
export default function SynonymsSection({ settings }: { settings: StoreSettings }) {
  const [text, setText] = useState(synonymsText(settings.synonyms ?? []));
  return (
    <SettingsSection title="Search synonyms" changes={() => ({ synonyms: parseSynonyms(text) })}>
      <Form.Group className="mb-3" controlId="synonyms">
        <Form.Label>Synonyms</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={text}
          spellCheck={false}
          aria-describedby="synonyms-help"
          onChange={(e) => setText(e.target.value)}
        />
        <Form.Text id="synonyms-help" className="text-body-secondary">
          One group a line, its words separated by commas, e.g. “kurta, kurti”: a search for one finds the others.
          T-shirt, tshirt and tee, and singular and plural, are already one word.
        </Form.Text>
      </Form.Group>
    </SettingsSection>
  );
}
